/**
 * Which browser, and which app's built-in browser, a page runs in, from the user agent alone: the
 * install and download flows offer a different way onto the home screen in each
 * (docs/install.md). Every row is table-tested with real user-agent strings
 * (test/core/browsers.test.ts); add a row there before changing a pattern here.
 */
import { iosVersion, isAndroid, isIOS } from './env.ts';

/** Apps whose built-in browser cannot install a web app or download an app reliably. */
export type InAppName =
  | 'Facebook'
  | 'Messenger'
  | 'Instagram'
  | 'Threads'
  | 'TikTok'
  | 'Kwai'
  | 'X'
  | 'LINE'
  | 'WeChat'
  | 'Snapchat'
  | 'LinkedIn'
  | 'Telegram'
  | 'WhatsApp'
  | 'Google'
  | 'Zalo'
  | 'Reddit'
  /** An app we cannot name: an Android web view, or an iOS web view that is no known browser. */
  | 'WebView';

/**
 * First match wins, so the more specific marks come first: Messenger's web view also says FBAN /
 * FB_IAB, Threads' and Instagram's carry Facebook's marks on some builds.
 */
const IN_APP: readonly [InAppName, RegExp][] = [
  // Meta's newer web views say `MetaIAB <app>` (and IABMV/1) instead of the FBAN list.
  ['Messenger', /\bFBAN\/Messenger|\bFB_IAB\/(?:Orca|MESSENGER)|\bMessengerLite|\bMetaIAB Messenger/i],
  ['Threads', /\bBarcelona \d|\bMetaIAB Threads/],
  ['Instagram', /\bInstagram[ /]\d|\bMetaIAB Instagram/i],
  ['Facebook', /\bFBAN\/|\bFBAV\/|\bFB_IAB\/|\bFBIOS\b|\bFB4A\b|\bMetaIAB\b|\bIABMV\//],
  // TikTok's web view names itself after its store apps (musical_ly, trill; Douyin: aweme) or its maker.
  [
    'TikTok',
    /\bmusical_ly|\baweme_\d|\btrill_\d|\bBytedanceWebview\b|\bTikTok[ /]\d|\bcom\.zhiliaoapp\.musically|\bByteLocale\//i,
  ],
  // Kwai and its sibling apps (Kuaishou, Kwai Lite, Snack Video).
  ['Kwai', /\bKwai(?:Lite)?\/\d|\bKuaishou|\bksNebula\/|\bSnackVideo\//i],
  ['X', /\bTwitter for iP(?:hone|ad)|\bTwitterAndroid\b|\bTwitter\/\d/],
  ['LINE', /\bLine\/\d/],
  ['WeChat', /\bMicroMessenger\//i],
  ['Snapchat', /\bSnapchat\/\d/i],
  ['LinkedIn', /\bLinkedInApp\b/i],
  ['Telegram', /\bTelegram-(?:Android|iOS)\//i],
  // WhatsApp's own browser (2025): `[WAiOS/…]` after a full Safari user agent, `[WA4A/…]` on Android.
  ['WhatsApp', /\bWhatsApp\/\d|\bWAiOS\/|\bWA4A\//i],
  // The Google app (GSA) on iOS, and on Android where its web view keeps the mark.
  ['Google', /\bGSA\/\d/],
  ['Zalo', /\bZalo(?:Theme|Language)\/|\bZalo (?:android|iOS)\//i],
  ['Reddit', /\bReddit\/Version \d/],
];

/**
 * Any other app's web view: Android's `; wv)`, or an iPhone or iPad page without `Safari/` (every iOS
 * browser keeps it). Our own wrapper (WPSApp) is a web view too, but no stranger's.
 */
const WEB_VIEW = /; wv\)|\b(?:iPhone|iPad|iPod)\b(?!.*\bSafari\/)/;
const NOT_IN_APP = /\bWPSApp\/|\b(?:CriOS|FxiOS|EdgiOS|OPiOS|OPT|YaBrowser)\//;

/** The app whose built-in browser this is, or undefined in a real browser. */
export function inAppBrowser(ua: string): InAppName | undefined {
  const named = IN_APP.find(([, pattern]) => pattern.test(ua))?.[0];
  if (named) return named;
  return WEB_VIEW.test(ua) && !NOT_IN_APP.test(ua) ? 'WebView' : undefined;
}

export type BrowserName = 'safari' | 'chrome' | 'edge' | 'firefox' | 'opera' | 'samsung' | 'webview' | 'other';

/** The browser itself (in an in-app browser: what its engine looks like). */
export function browserName(ua: string): BrowserName {
  if (isIOS(ua)) {
    if (/\bCriOS\//.test(ua)) return 'chrome';
    if (/\bEdgiOS\//.test(ua)) return 'edge';
    if (/\bFxiOS\//.test(ua)) return 'firefox';
    if (/\bOPT\/|\bOPiOS\//.test(ua)) return 'opera';
    // WhatsApp and Meta now send Safari's whole user agent plus their mark: still an app's view.
    if (inAppBrowser(ua)) return 'webview';
    // Safari says Version/x Safari/y; a bare WKWebView (apps) has neither.
    return /\bVersion\/[\d.]+.*\bSafari\//.test(ua) ? 'safari' : 'webview';
  }
  if (/\bSamsungBrowser\//.test(ua)) return 'samsung';
  if (/\bEdgA?\//.test(ua)) return 'edge';
  if (/\bFirefox\//.test(ua)) return 'firefox';
  if (/\bOPR\/|\bOpera\b/.test(ua)) return 'opera';
  if (isAndroid(ua) && /; wv\)/.test(ua)) return 'webview';
  if (/\bChrome\//.test(ua) && !/\b(?:MiuiBrowser|UCBrowser|HeyTapBrowser|VivoBrowser|YaBrowser)\//.test(ua)) return 'chrome';
  return 'other';
}

/** iOS Safari, the only iOS browser that could add to the home screen before iOS 16.4. */
export const isIosSafari = (ua: string) => isIOS(ua) && browserName(ua) === 'safari' && !inAppBrowser(ua);

/** Chrome, Edge, Firefox and Opera on iOS have "Add to Home Screen" in their share sheet from iOS 16.4. */
export function iosBrowserCanInstall(ua: string): boolean {
  const v = iosVersion(ua);
  if (!v) return false;
  return v[0] > 16 || (v[0] === 16 && v[1] >= 4);
}
