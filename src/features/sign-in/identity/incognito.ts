/**
 * Private browsing check for social sign-in (docs/product.md §5: refused in private browsing outside the app,
 * with the not_support_incognito message). Browsers do not say they are private; this is a small
 * heuristic, documented here and replaceable (`setPrivateModeCheck`, used by the tests):
 *
 * - Chromium (user agent with `Chrome/`: Chrome, Edge, Opera, Samsung Internet) gives an incognito
 *   profile a storage quota held in memory, well under 120 MB, while a normal profile gets a share
 *   of the disk (gigabytes). So: `navigator.storage.estimate()` quota under 120 MB means private.
 * - Other engines (Safari, Firefox, Chrome on iOS) have no reliable signal: never refused.
 * - A check that fails or is missing never refuses.
 */
import { currentIsNativeApp } from '../../../core/env/env.ts';

export const INCOGNITO_QUOTA_LIMIT = 120 * 1024 * 1024;

export type PrivateModeCheck = () => Promise<boolean>;

type StorageNavigator = Pick<Navigator, 'userAgent'> & { storage?: Pick<StorageManager, 'estimate'> };

/** The Chromium quota heuristic above, for a given navigator. */
export async function chromiumPrivateHeuristic(nav: StorageNavigator = navigator): Promise<boolean> {
  if (!/\bChrome\/\d/.test(nav.userAgent) || /\b(?:CriOS|FxiOS|Firefox)\//.test(nav.userAgent)) return false;
  const estimate = await nav.storage?.estimate?.().catch(() => undefined);
  return typeof estimate?.quota === 'number' && estimate.quota < INCOGNITO_QUOTA_LIMIT;
}

let check: PrivateModeCheck = () => chromiumPrivateHeuristic();

/** Replaces the check (tests); no argument restores the heuristic. */
export function setPrivateModeCheck(fn?: PrivateModeCheck) {
  check = fn ?? (() => chromiumPrivateHeuristic());
}

/** Whether social sign-in must be refused here: private browsing, and not inside the native app. */
export async function refusedAsPrivate(): Promise<boolean> {
  if (currentIsNativeApp()) return false;
  return check().catch(() => false);
}
