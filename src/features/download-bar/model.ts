/**
 * Download bar rules (docs/product.md §2, §4): which link, which name, whether to show the gift, and when the
 * bar is hidden. Pure functions plus the session hide flag; the view only renders their result.
 */
import { track } from '../../core/tracking/track.ts';
import { computed, signal } from '@preact/signals-core';
import type { DownloadLink } from '../../contract/endpoints.ts';
import { promotions, siteStatus } from '../../core/config/siteStatus.ts';
import { safeImageUrl, safeUrl } from '../../core/config/config.ts';
import { currentIsNativeApp, currentStandalone, currentUA, isAndroid, isIOS } from '../../core/env/env.ts';
import { inAppBrowser } from '../../core/env/browsers.ts';
import { sessionStore } from '../../core/storage/storage.ts';
import { HIDE_KEY, closedThisSession } from './hidden.ts';

export { HIDE_KEY };
/** Names longer than this use the short name (docs/product.md §2). */
export const MAX_NAME_LENGTH = 12;
/** The bar shows a fixed grade (docs/product.md §2). */
export const GRADE = '5.0';

export const hiddenThisSession = signal(closedThisSession());

export function displayName(name: string, shortName: string): string {
  return name.length > MAX_NAME_LENGTH && shortName ? shortName : name;
}

/** The platform's download link: iOS app (or its profile) on iOS, the APK elsewhere. */
export function pickDownloadLink(resources: readonly DownloadLink[], ua: string): string | undefined {
  const url = (type: DownloadLink['resourceType']) => resources.find((r) => r.resourceType === type && r.url)?.url;
  if (isIOS(ua)) return url('IOS') ?? url('MOBILECONFIG');
  if (isAndroid(ua)) return url('Android');
  return url('Android') ?? url('IOS') ?? url('MOBILECONFIG');
}

/** Files a browser downloads open in the same tab; pages open in a new one (docs/product.md §5). */
export function opensInSameTab(url: string): boolean {
  return /\.(ipa|apk|mobileconfig)(?:[?#].*)?$/i.test(url);
}

export interface BarContext {
  nativeApp: boolean;
  standalone: boolean;
  hidden: boolean;
  link: string | undefined;
}

export const isBarShown = (c: BarContext) => !c.nativeApp && !c.standalone && !c.hidden && !!c.link;

/** Before the site status says whether there is a link: whether the bar may still show. */
export const mayShow = () => !currentIsNativeApp() && !currentStandalone() && !hiddenThisSession.value;

export interface DownloadBarData {
  name: string;
  iconUrl: string | undefined;
  link: string;
  gift: boolean;
}

/** What the bar shows, or undefined when it is hidden or the site status is not there yet. */
export const downloadBar = computed<DownloadBarData | undefined>(() => {
  const info = siteStatus.value?.info;
  if (!info) return undefined;
  const ua = currentUA();
  const link = pickDownloadLink(info.resources ?? [], ua);
  const context = { nativeApp: currentIsNativeApp(), standalone: currentStandalone(), hidden: hiddenThisSession.value, link };
  if (!isBarShown(context) || !link) return undefined;
  // Server-given links are checked before use: a javascript: link must never run (docs/architecture.md, Security).
  const href = safeUrl(link);
  if (!href) return undefined;
  return {
    name: displayName(info.appName ?? '', info.appShortName ?? ''),
    iconUrl: safeImageUrl(info.resources.find((r) => r.resourceType === 'AppDownloadIcon')?.url),
    link: href,
    gift: promotions.value?.APP_DOWNLOAD?.enabled === true,
  };
});

/** Closing hides the bar for the rest of the session. */
export function hideForSession() {
  sessionStore.set(HIDE_KEY, true);
  hiddenThisSession.value = true;
}

export function openDownload(link: string) {
  const url = safeUrl(link);
  if (!url) return;
  track('downloadApp');
  if (opensInSameTab(url)) location.assign(url);
  else window.open(url, '_blank', 'noopener');
}

/**
 * Inside another app's browser no download works (docs/install.md, "In-app browsers"): instead of
 * starting one, the bar opens `<wps-inapp-guide>` (its way out of the app). True when it did.
 */
export function handOverInApp(ua = currentUA()): boolean {
  if (!inAppBrowser(ua)) return false;
  let guide = document.querySelector('wps-inapp-guide');
  if (!guide) {
    guide = document.createElement('wps-inapp-guide');
    guide.setAttribute('delay', '0');
    document.body.append(guide);
  }
  guide.setAttribute('open', '');
  return true;
}
