/**
 * What the download popup and /m/appDownload list (docs/install.md, "Downloads"; docs/product.md §2,
 * §3, §5): the merchant's Android app, iOS app and iOS profile (resourceType Android, IOS,
 * MOBILECONFIG), and the home-screen install. A phone sees only its own platform's files (an APK is
 * no use on an iPhone, nor an .ipa on Android); any other device sees all three, each named with its
 * platform. Links are checked (http(s) or a same-origin path); the same-tab rule is the download bar's.
 */
import type { DownloadLink } from '../../contract/endpoints.ts';
import { safeUrl } from '../../core/config/config.ts';
import { isIosSafari } from '../../core/env/browsers.ts';
import { isAndroid, isIOS } from '../../core/env/env.ts';
import { handOverInApp, openDownload } from '../download-bar/index.ts';
import { forcedOffer } from '../install/index.ts';

export type DownloadKind = 'android' | 'ios' | 'profile' | 'home-screen';

export interface DownloadEntry {
  kind: DownloadKind;
  /** The checked link (none for the home-screen install). */
  url?: string;
}

const RESOURCE: Record<Exclude<DownloadKind, 'home-screen'>, DownloadLink['resourceType']> = {
  android: 'Android',
  ios: 'IOS',
  profile: 'MOBILECONFIG',
};

/** The files this device is offered: iOS its app and profile, Android its app, anything else all three. */
export function platformKinds(ua: string): Exclude<DownloadKind, 'home-screen'>[] {
  if (isIOS(ua)) return ['ios', 'profile'];
  if (isAndroid(ua)) return ['android'];
  return ['android', 'ios', 'profile'];
}

/** The entries to list; `homeScreen`: the web app can still be installed here. */
export function downloadEntries(resources: readonly DownloadLink[], ua: string, homeScreen: boolean): DownloadEntry[] {
  const entries: DownloadEntry[] = [];
  for (const kind of platformKinds(ua)) {
    const url = safeUrl(resources.find((r) => r.resourceType === RESOURCE[kind] && r.url)?.url);
    if (url) entries.push({ kind, url });
  }
  if (homeScreen) entries.push({ kind: 'home-screen' });
  return entries;
}

/** iOS apps and profiles install from Safari only (docs/product.md §5). */
export const needsSafari = (kind: DownloadKind, ua: string) =>
  (kind === 'ios' || kind === 'profile') && isIOS(ua) && !isIosSafari(ua);

/**
 * Carries out an entry: the link (same tab for ipa, apk and mobileconfig), or the home-screen
 * install element for this phone, opened; inside an app's built-in browser, the in-app guide. Answers 'safari' instead where only Safari can install it
 * (the view says so, 'please_use_safari').
 */
export function takeDownload(entry: DownloadEntry, ua: string): 'safari' | undefined {
  // Inside another app's browser no file downloads (docs/install.md, "In-app browsers"): its way out
  // instead, as the download bar does.
  if (entry.url && handOverInApp(ua)) return undefined;
  if (needsSafari(entry.kind, ua)) return 'safari';
  if (entry.url) {
    openDownload(entry.url);
    return undefined;
  }
  const offer = forcedOffer();
  const tag = offer?.kind === 'inapp' ? 'wps-inapp-guide' : offer?.kind === 'ios' ? 'wps-ios-guide' : 'wps-install-prompt';
  let el = document.querySelector(tag);
  if (!el) {
    el = document.createElement(tag);
    el.setAttribute('delay', '0');
    document.body.append(el);
  }
  el.setAttribute('open', '');
  return undefined;
}
