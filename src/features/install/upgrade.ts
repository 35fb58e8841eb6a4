/**
 * The app-upgrade modal's rules and the native bridge (docs/install.md, "Inside the native app";
 * docs/product.md §4, §9): only inside the native app, when the merchant's current app version is
 * newer than the one the wrapper reports and a download link exists for the platform; closable
 * unless the update is mandatory. From app version 2.4.39 the wrapper downloads a link itself; older
 * wrappers are asked, through the bridge, to open it in the phone's browser.
 */
import { computed, signal } from '@preact/signals-core';
import { siteStatus } from '../../core/config/siteStatus.ts';
import { safeUrl } from '../../core/config/config.ts';
import { currentUA, nativeAppVersion } from '../../core/env/env.ts';
import { sessionStore, KEY_PREFIX } from '../../core/storage/storage.ts';
import { pickDownloadLink } from '../download-bar/index.ts';

/** docs/product.md §9: the app version from which the wrapper downloads a link itself. */
export const DIRECT_DOWNLOAD_FROM = '2.4.39';
export const UPGRADE_HIDDEN_KEY = `${KEY_PREFIX}appUpgradeHidden`;

/** Compares dotted versions numerically ('2.4.39' > '2.4.4'); missing parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

export interface UpgradeContext {
  /** The wrapper's version (`WPSApp/<version>`); undefined outside the native app. */
  appVersion: string | undefined;
  /** The merchant's current app (site status `info.app`). */
  latest: { version: string; mandatory?: boolean } | undefined;
  link: string | undefined;
  hidden: boolean;
}

export interface Upgrade {
  link: string;
  mandatory: boolean;
  /** The wrapper downloads the link itself (>= 2.4.39); else the phone's browser must. */
  direct: boolean;
}

/** The upgrade to offer, or undefined. */
export function upgradeOffer(c: UpgradeContext): Upgrade | undefined {
  if (!c.appVersion || !c.latest || !c.link) return undefined;
  if (compareVersions(c.latest.version, c.appVersion) <= 0) return undefined;
  const mandatory = c.latest.mandatory === true;
  if (c.hidden && !mandatory) return undefined;
  return { link: c.link, mandatory, direct: compareVersions(c.appVersion, DIRECT_DOWNLOAD_FROM) >= 0 };
}

export const upgradeHidden = signal(sessionStore.get<boolean>(UPGRADE_HIDDEN_KEY) === true);

export const currentUpgrade = computed<Upgrade | undefined>(() => {
  const info = siteStatus.value?.info;
  if (!info) return undefined;
  const ua = currentUA();
  // `inApp=1` marks the wrapper too, but only `WPSApp/<version>` tells its version: no version, no offer.
  return upgradeOffer({
    appVersion: nativeAppVersion(ua),
    latest: info.app,
    link: safeUrl(pickDownloadLink(info.resources ?? [], ua) ?? ''),
    hidden: upgradeHidden.value,
  });
});

/** "Later": not offered again this session (a mandatory update cannot be put off). */
export function hideUpgrade(): void {
  sessionStore.set(UPGRADE_HIDDEN_KEY, true);
  upgradeHidden.value = true;
}

/**
 * The wrapper's side of the contract (docs/install.md, "Native bridge"): Android exposes
 * `window.WPSNative.openExternal(url)`, iOS a `wpsNative` message handler taking
 * `{ action: 'openExternal', url }`.
 */
interface NativeWindow {
  WPSNative?: { openExternal?: (url: string) => void };
  webkit?: { messageHandlers?: { wpsNative?: { postMessage: (message: unknown) => void } } };
}

/** Starts the update: the wrapper downloads it itself, or hands it to the phone's browser. */
export function startUpgrade(upgrade: Upgrade, win: Window = window): 'direct' | 'bridge' | 'navigate' {
  const native = win as unknown as NativeWindow;
  if (!upgrade.direct) {
    if (typeof native.WPSNative?.openExternal === 'function') {
      native.WPSNative.openExternal(upgrade.link);
      return 'bridge';
    }
    const handler = native.webkit?.messageHandlers?.wpsNative;
    if (handler) {
      handler.postMessage({ action: 'openExternal', url: upgrade.link });
      return 'bridge';
    }
  }
  // The wrapper (>= 2.4.39) intercepts the download; an older one without a bridge may still manage.
  win.location.assign(upgrade.link);
  return upgrade.direct ? 'direct' : 'navigate';
}
