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
  | 'Google';

/**
 * First match wins, so the more specific marks come first: Messenger's web view also says FBAN /
 * FB_IAB, Threads' and Instagram's carry Facebook's marks on some builds.
 */
const IN_APP: readonly [InAppName, RegExp][] = [
  ['Messenger', /\bFBAN\/Messenger|\bFB_IAB\/(?:Orca|MESSENGER)|\bMessengerLite/i],
  ['Threads', /\bBarcelona \d/],
  ['Instagram', /\bInstagram[ /]\d/i],
  ['Facebook', /\bFBAN\/|\bFBAV\/|\bFB_IAB\/|\bFBIOS\b|\bFB4A\b/],
  // TikTok's web view names itself after its two store apps (musical_ly, trill) or its maker.
  ['TikTok', /\bmusical_ly|\btrill_\d|\bBytedanceWebview\b|\bTikTok[ /]\d|\bcom\.zhiliaoapp\.musically|\bByteLocale\//i],
  // Kwai and its sibling apps (Kuaishou, Kwai Lite, Snack Video).
  ['Kwai', /\bKwai(?:Lite)?\/\d|\bKuaishou|\bksNebula\/|\bSnackVideo\//i],
  ['X', /\bTwitter for iP(?:hone|ad)|\bTwitterAndroid\b|\bTwitter\/\d/],
  ['LINE', /\bLine\/\d/],
  ['WeChat', /\bMicroMessenger\//i],
  ['Snapchat', /\bSnapchat\/\d/i],
  ['LinkedIn', /\bLinkedInApp\b/i],
  ['Telegram', /\bTelegram-(?:Android|iOS)\//i],
  ['WhatsApp', /\bWhatsApp\/\d/i],
  // The Google app (GSA) on iOS, and on Android where its web view keeps the mark.
  ['Google', /\bGSA\/\d/],
];

/** The app whose built-in browser this is, or undefined in a real browser. */
export function inAppBrowser(ua: string): InAppName | undefined {
  return IN_APP.find(([, pattern]) => pattern.test(ua))?.[0];
}

export type BrowserName = 'safari' | 'chrome' | 'edge' | 'firefox' | 'opera' | 'samsung' | 'webview' | 'other';

/** The browser itself (in an in-app browser: what its engine looks like). */
export function browserName(ua: string): BrowserName {
  if (isIOS(ua)) {
    if (/\bCriOS\//.test(ua)) return 'chrome';
    if (/\bEdgiOS\//.test(ua)) return 'edge';
    if (/\bFxiOS\//.test(ua)) return 'firefox';
    if (/\bOPT\/|\bOPiOS\//.test(ua)) return 'opera';
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
