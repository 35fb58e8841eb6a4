/**
 * The native wrapper app's side of tracking (docs/native-bridge.md): conversion events handed to the
 * app (its AppsFlyer / Adjust SDKs report them), and the ad-network ids read from it. The same bridge
 * as the app upgrade's (`window.WPSNative` on Android, the `wpsNative` message handler on iOS).
 */
import { AD_ID_KEYS, type Attribution } from '../../contract/tracking/wire.ts';
import type { ConversionEvent } from '../../core/tracking/track.ts';
import type { EventPayload } from './format.ts';

interface NativeWindow {
  WPSNative?: { trackEvent?: (event: string, payload: string) => void; getAdIds?: () => string };
  webkit?: { messageHandlers?: { wpsNative?: { postMessage: (message: unknown) => void } } };
  /** iOS: the wrapper's document-start script sets this (WKUserScript). */
  WPSNativeAdIds?: unknown;
}

/** The ad-network ids of docs/product.md §3 the app may report. */
export { AD_ID_KEYS };
export type AdIds = Pick<Attribution, (typeof AD_ID_KEYS)[number]>;
/** The event a wrapper dispatches on window when its ids arrive after the page started. */
export const AD_IDS_EVENT = 'wps-native-ad-ids';

const AD_ID = /^[\w.:-]{1,128}$/;

/** Only the known keys, each a short plain string; anything else from the app is dropped. */
export function cleanAdIds(raw: unknown): AdIds {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  if (!value || typeof value !== 'object') return {};
  const out: AdIds = {};
  for (const key of AD_ID_KEYS) {
    const v = (value as Record<string, unknown>)[key];
    if (typeof v === 'string' && AD_ID.test(v)) out[key] = v;
  }
  return out;
}

/** The ids the app reports now (Android asks, iOS reads what the wrapper put on window). */
export function readAdIds(win: Window = window): AdIds {
  const native = win as unknown as NativeWindow;
  try {
    if (typeof native.WPSNative?.getAdIds === 'function') return cleanAdIds(native.WPSNative.getAdIds());
  } catch {
    // A wrapper that throws gives no ids.
  }
  return cleanAdIds(native.WPSNativeAdIds);
}

/** Calls `fn` with ids the app reports later (AD_IDS_EVENT). */
export function watchAdIds(fn: (ids: AdIds) => void, win: Window = window): () => void {
  const on = (e: Event) => fn(cleanAdIds((e as CustomEvent).detail));
  win.addEventListener(AD_IDS_EVENT, on);
  return () => win.removeEventListener(AD_IDS_EVENT, on);
}

/** Hands an event to the app; false when no bridge is there. Never throws. */
export function sendToApp(event: ConversionEvent, payload: EventPayload, win: Window = window): boolean {
  const native = win as unknown as NativeWindow;
  try {
    if (typeof native.WPSNative?.trackEvent === 'function') {
      native.WPSNative.trackEvent(event, JSON.stringify(payload));
      return true;
    }
    const handler = native.webkit?.messageHandlers?.wpsNative;
    if (handler) {
      handler.postMessage({ action: 'trackEvent', event, payload });
      return true;
    }
  } catch {
    // The app's problem; the web pixels and the tracking post still get the event.
  }
  return false;
}
