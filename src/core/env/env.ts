/**
 * Browser, platform and app-mode detection: small named predicates over explicit inputs, so each
 * is table-tested with plain strings. The `current*` helpers read the real browser.
 */

import { sessionStore, KEY_PREFIX } from '../storage/storage.ts';
import { currentUA, isIOS } from './device.ts';

export * from './device.ts';

export const IN_APP_KEY = `${KEY_PREFIX}inApp`;

/** The native app's web view adds `WPSApp/<version>` to its user agent. */
const NATIVE_APP_UA = /\bWPSApp\/(\d+(?:\.\d+)*)/;

export const isAndroid = (ua: string) => /Android/i.test(ua);

/** Version the native app reports, if this page runs inside it. */
export function nativeAppVersion(ua: string): string | undefined {
  return NATIVE_APP_UA.exec(ua)?.[1];
}

export const isNativeApp = (ua: string, inAppParam?: string | null) =>
  nativeAppVersion(ua) !== undefined || inAppParam === '1' || inAppParam === 'true';

export type RegisterMethod = 'APP' | 'H5' | 'PWA' | 'WEBCLIP';

/** registerMethod of the registration payload, from the environment (docs/product.md §3). */
export function registerMethod(ua: string, standalone: boolean, inAppParam?: string | null): RegisterMethod {
  if (isNativeApp(ua, inAppParam)) return 'APP';
  if (standalone) return isIOS(ua) ? 'WEBCLIP' : 'PWA';
  return 'H5';
}

/** The inApp query parameter, remembered for the session (later pages may not carry it). */
export const currentInAppParam = (): string | null => {
  if (typeof location === 'undefined') return null;
  const fromQuery = new URLSearchParams(location.search).get('inApp');
  if (fromQuery) sessionStore.set(IN_APP_KEY, fromQuery);
  const stored = sessionStore.get<unknown>(IN_APP_KEY);
  return fromQuery ?? (stored === undefined || stored === null ? null : String(stored));
};
export const currentIsNativeApp = () => isNativeApp(currentUA(), currentInAppParam());
