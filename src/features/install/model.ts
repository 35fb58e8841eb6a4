/**
 * Which way onto the home screen this phone gets, if any (docs/install.md; docs/product.md §2, §4,
 * §9): a pure decision over explicit inputs (`installOffer`, table-tested), the browser's own
 * install dialog (`beforeinstallprompt`, caught by the page's inline snippet before any bundle
 * loads), the session skip flag, and the installed state (`appinstalled`,
 * `getInstalledRelatedApps`).
 */
import { track } from '../../core/tracking/track.ts';
import { computed, signal } from '@preact/signals-core';
import { siteStatus } from '../../core/config/siteStatus.ts';
import { browserName, inAppBrowser, iosBrowserCanInstall, type BrowserName, type InAppName } from '../../core/env/browsers.ts';
import { currentIsNativeApp, currentStandalone, currentUA, iosVersion, isAndroid, isIOS } from '../../core/env/env.ts';
import { localStore, sessionStore, KEY_PREFIX } from '../../core/storage/storage.ts';

/** docs/product.md §9: the install prompt waits 2000 ms after the home page is shown. */
export const INSTALL_DELAY_MS = 2000;
/** docs/product.md §2: only these /m paths may show the install prompt. */
export const INSTALL_PATHS: readonly string[] = ['/m/home', '/m/index.html'];
/** Declined this session (docs/product.md §4). */
export const SKIP_KEY = `${KEY_PREFIX}installSkipped`;
/** The browser told us the web app was installed (`appinstalled`). */
export const INSTALLED_KEY = `${KEY_PREFIX}installed`;

export type Platform = 'android' | 'ios' | 'other';

export type IosMode =
  /** iOS 11 or lower, 12.0 to 12.1: the full add-to-home-screen guide (docs/product.md §2). */
  | 'guide'
  /** iOS 17: the download tip alert. */
  | 'tip'
  /** Other Safari versions: the footer guide. */
  | 'footer'
  /** Chrome, Edge, Firefox, Opera on iOS 16.4+: their own share-sheet steps. */
  | 'browser'
  /** Any other iOS browser: only Safari can install; copy the link. */
  | 'safari-only';

export type Escape = 'intent' | 'instagram' | 'x-safari' | 'copy';

/** Meta's apps refuse intent:// links (docs/install.md, "In-app browsers"). */
const META: readonly InAppName[] = ['Facebook', 'Messenger', 'Instagram', 'Threads'];

/**
 * The first escape known to work in this app (docs/install.md): Android's intent (not in WeChat nor
 * Meta's apps), Instagram's extbrowser, iOS 17+ x-safari (not in WeChat), else copy and the menu.
 */
export function escapeFor(app: InAppName, platform: Platform, iosMajor: number): Escape {
  if (platform === 'android' && app !== 'WeChat' && !META.includes(app)) return 'intent';
  if (app === 'Instagram') return 'instagram';
  return platform === 'ios' && iosMajor >= 17 && app !== 'WeChat' ? 'x-safari' : 'copy';
}

export type InstallOffer =
  | { kind: 'inapp'; app: InAppName; platform: Platform; escape: Escape }
  | { kind: 'android'; browser: BrowserName; native: boolean }
  | { kind: 'ios'; mode: IosMode; browser: BrowserName };

export interface InstallContext {
  ua: string;
  /** Page path; under /m only INSTALL_PATHS qualify, a merchant's own pages always do. */
  path: string;
  standalone: boolean;
  nativeApp: boolean;
  maintenance: boolean;
  regionRestriction: boolean;
  /** The merchant's install support (site status `info.install.enabled`). */
  enabled: boolean;
  skipped: boolean;
  installed: boolean;
  /** A `beforeinstallprompt` event is held. */
  nativePrompt: boolean;
}

export const platformOf = (ua: string): Platform => (isIOS(ua) ? 'ios' : isAndroid(ua) ? 'android' : 'other');

/** The path rule: under /m the home paths only; elsewhere (a merchant's page) the page decides. */
export const pathAllows = (path: string) => INSTALL_PATHS.includes(path) || !(path === '/m' || path.startsWith('/m/'));

/** The one install path for this context, or undefined when nothing is to be offered. */
export function installOffer(c: InstallContext): InstallOffer | undefined {
  if (!pathAllows(c.path) || c.maintenance || c.regionRestriction || !c.enabled) return undefined;
  if (c.nativeApp || c.standalone || c.skipped || c.installed) return undefined;
  const platform = platformOf(c.ua);
  const app = inAppBrowser(c.ua);
  if (app) {
    return { kind: 'inapp', app, platform, escape: escapeFor(app, platform, iosVersion(c.ua)?.[0] ?? 0) };
  }
  const browser = browserName(c.ua);
  if (platform === 'ios') {
    const [major, minor] = iosVersion(c.ua) ?? [0, 0];
    if (browser === 'safari') {
      if (major <= 11 || (major === 12 && minor <= 1)) return { kind: 'ios', mode: 'guide', browser };
      return { kind: 'ios', mode: major === 17 ? 'tip' : 'footer', browser };
    }
    const canInstall = browser !== 'webview' && browser !== 'other' && iosBrowserCanInstall(c.ua);
    return { kind: 'ios', mode: canInstall ? 'browser' : 'safari-only', browser };
  }
  // A web view (not an app we know) cannot install; nor can a desktop without the browser's dialog.
  if (browser === 'webview') return undefined;
  if (platform === 'android' || c.nativePrompt) return { kind: 'android', browser, native: c.nativePrompt };
  return undefined;
}

/** The event Chromium fires when the page may be installed (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

declare global {
  interface Window {
    /** Set by the inline snippet of /m's index.html (host/preload.ts) before any bundle runs. */
    __wpsInstallPrompt?: BeforeInstallPromptEvent;
  }
}

export const skipped = signal(sessionStore.get<boolean>(SKIP_KEY) === true);
export const installed = signal(localStore.get<boolean>(INSTALLED_KEY) === true);
/** The held install dialog; usable once. */
export const nativePrompt = signal<BeforeInstallPromptEvent | undefined>(undefined);

let watching = false;
/** Starts listening for the install dialog and for an installation; idempotent. */
export function watchInstall(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  if (window.__wpsInstallPrompt) nativePrompt.value = window.__wpsInstallPrompt;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // we show our own prompt first, at a good moment
    nativePrompt.value = event as BeforeInstallPromptEvent;
  });
  window.addEventListener('appinstalled', () => {
    markInstalled();
    track('a2hsInstalled');
  });
  // A related native app or this web app already on the phone (Chromium, with related_applications).
  const nav = navigator as Navigator & { getInstalledRelatedApps?: () => Promise<unknown[]> };
  nav
    .getInstalledRelatedApps?.()
    .then((apps) => {
      if (apps.length > 0) installed.value = true;
    })
    .catch(() => {});
}

export function markInstalled(): void {
  localStore.set(INSTALLED_KEY, true);
  installed.value = true;
}

/** "Not now", close, Escape: no install offer for the rest of the session. */
export function skipForSession(): void {
  sessionStore.set(SKIP_KEY, true);
  skipped.value = true;
}

/** The current page's offer (the elements' and the host's source). */
export const currentOffer = computed<InstallOffer | undefined>(() => {
  const status = siteStatus.value;
  if (!status) return undefined;
  return installOffer({
    ua: currentUA(),
    path: typeof location === 'undefined' ? '' : location.pathname,
    standalone: currentStandalone(),
    nativeApp: currentIsNativeApp(),
    maintenance: status.maintenance,
    regionRestriction: status.regionRestriction,
    enabled: status.info.install?.enabled === true,
    skipped: skipped.value,
    installed: installed.value,
    nativePrompt: nativePrompt.value !== undefined,
  });
});

/**
 * Opens the browser's own install dialog; answers its outcome, or undefined when there was no
 * dialog to open. A refusal there counts as declining for the session.
 */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | undefined> {
  const event = nativePrompt.value;
  if (!event) return undefined;
  nativePrompt.value = undefined;
  window.__wpsInstallPrompt = undefined;
  try {
    await event.prompt();
    const { outcome } = await event.userChoice;
    if (outcome === 'dismissed') skipForSession();
    return outcome;
  } catch {
    return undefined; // a used or stale event: fall back to the written steps
  }
}

/** The address to open this page in the phone's own browser from an in-app browser. */
export function escapeUrl(escape: Escape, href: string): string | undefined {
  const url = new URL(href);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const rest = `${url.host}${url.pathname}${url.search}${url.hash}`;
  if (escape === 'intent') {
    // No package: Android hands the address to the default browser; the fallback keeps the page.
    return `intent://${url.host}${url.pathname}${url.search}#Intent;scheme=${url.protocol.slice(0, -1)};S.browser_fallback_url=${encodeURIComponent(href)};end`;
  }
  if (escape === 'instagram') return `instagram://extbrowser/?url=${encodeURIComponent(href)}`;
  if (escape === 'x-safari') return `x-safari-${url.protocol.slice(0, -1)}://${rest}`;
  return undefined;
}

/**
 * The offer for a page that opened an overlay itself (its own "Install" button): the platform's
 * path, whatever the timing rules, the skip and the install support say.
 */
export function forcedOffer(): InstallOffer | undefined {
  return installOffer({
    ua: currentUA(),
    path: '',
    standalone: false,
    nativeApp: false,
    maintenance: false,
    regionRestriction: false,
    enabled: true,
    skipped: false,
    installed: false,
    nativePrompt: nativePrompt.value !== undefined,
  });
}

/**
 * The app's own way out, in its words: the menu it shows (⋯ or ⋮) and the item to choose there
 * (a key of inapp.*). Meta's apps say "Open in external browser"; TikTok and WeChat use ⋯ on both.
 */
export function inAppMenu(app: string, platform: Platform): { menu: string; item: string } {
  const ios = platform === 'ios';
  const menu = ios || app === 'TikTok' || app === 'WeChat' ? '⋯' : '⋮';
  if (META.includes(app as InAppName)) return { menu, item: 'inapp.item_external' };
  return { menu, item: ios && app !== 'TikTok' ? 'inapp.item_safari' : 'inapp.item_browser' };
}

/** Funnel `path` names (docs/install.md). */
export function funnelPath(offer: InstallOffer): string {
  if (offer.kind === 'inapp') return `inapp-${offer.escape}`;
  if (offer.kind === 'ios') return `ios-${offer.mode}`;
  return offer.native ? 'android-native' : 'android-steps';
}
