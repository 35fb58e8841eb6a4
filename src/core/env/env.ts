/**
 * Browser, platform and app-mode detection: small named predicates over explicit inputs, so each
 * is table-tested with plain strings. The `current*` helpers read the real browser.
 */

import { sessionStore, KEY_PREFIX } from '../storage/storage.ts';

export const IN_APP_KEY = `${KEY_PREFIX}inApp`;

/** The native app's web view adds `WPSApp/<version>` to its user agent. */
const NATIVE_APP_UA = /\bWPSApp\/(\d+(?:\.\d+)*)/;

export const isIOS = (ua: string) => /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && /Mobile\//.test(ua));
export const isAndroid = (ua: string) => /Android/i.test(ua);

/** iOS major and minor version, or undefined when not iOS. */
export function iosVersion(ua: string): [number, number] | undefined {
  if (!isIOS(ua)) return undefined;
  // Safari 26+ freezes the OS at 18 in the user agent; its Version/ (26 and up) is the iOS version (docs/install.md).
  const m = /OS 18_.*Version\/(2[6-9]|[3-9]\d)\.(\d+)/.exec(ua) ?? /OS (\d+)[_.](\d+)/.exec(ua);
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

/** Version the native app reports, if this page runs inside it. */
export function nativeAppVersion(ua: string): string | undefined {
  return NATIVE_APP_UA.exec(ua)?.[1];
}

export const isNativeApp = (ua: string, inAppParam?: string | null) =>
  nativeAppVersion(ua) !== undefined || inAppParam === '1' || inAppParam === 'true';

/** Installed home-screen app: display-mode standalone, or iOS Safari's navigator.standalone. */
export function isStandalone(win: Pick<Window, 'matchMedia' | 'navigator'>): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || win.matchMedia?.('(display-mode: standalone)').matches === true;
}

/**
 * Old iOS home-screen apps lose sessionStorage whenever the app is closed, so the session is kept
 * in localStorage there (docs/product.md §3).
 */
export function isLegacyIosHomeScreen(ua: string, standalone: boolean): boolean {
  const v = iosVersion(ua);
  return standalone && v !== undefined && v[0] <= 12;
}

export type RegisterMethod = 'APP' | 'H5' | 'PWA' | 'WEBCLIP';

/** registerMethod of the registration payload, from the environment (docs/product.md §3). */
export function registerMethod(ua: string, standalone: boolean, inAppParam?: string | null): RegisterMethod {
  if (isNativeApp(ua, inAppParam)) return 'APP';
  if (standalone) return isIOS(ua) ? 'WEBCLIP' : 'PWA';
  return 'H5';
}

export const currentUA = () => (typeof navigator === 'undefined' ? '' : navigator.userAgent);
export const currentStandalone = () => (typeof window === 'undefined' ? false : isStandalone(window));
/** The inApp query parameter, remembered for the session (later pages may not carry it). */
export const currentInAppParam = (): string | null => {
  if (typeof location === 'undefined') return null;
  const fromQuery = new URLSearchParams(location.search).get('inApp');
  if (fromQuery) sessionStore.set(IN_APP_KEY, fromQuery);
  const stored = sessionStore.get<unknown>(IN_APP_KEY);
  return fromQuery ?? (stored === undefined || stored === null ? null : String(stored));
};
export const currentIsNativeApp = () => isNativeApp(currentUA(), currentInAppParam());
