/**
 * Update check (docs/product.md §4, §9): on first load the hash of both asset manifests is stored; later
 * checks (the page becoming visible again, debounced 300 ms, and every 3 600 000 ms) compare it, and
 * a changed hash shows the update notice once. A manifest that cannot be fetched only logs a warning.
 */
import { signal } from '@preact/signals-core';
import { call } from '../../core/api/client.ts';
import { endpoints } from '../../contract/endpoints.ts';
import { hashString } from '../../core/hash.ts';
import { reloadSiteStatus } from '../../core/config/siteStatus.ts';

export const UPDATE_CHECK_INTERVAL_MS = 3_600_000;
export const VISIBILITY_DEBOUNCE_MS = 300;

/** True once a new release is seen; stays true (the notice shows once). */
export const updateAvailable = signal(false);

const MANIFESTS = { assetManifest: endpoints.assetManifest, assetManifestMc: endpoints.assetManifestMc };

/** Each manifest's hash as first seen; a manifest that failed so far has none yet. */
let baseline: (string | undefined)[] = [];
let announced = false;

/**
 * Hash of each manifest, in MANIFESTS order; undefined for one that could not be fetched (it only
 * logs a warning: a failed fetch is not a new release).
 */
export async function manifestHashes(): Promise<(string | undefined)[]> {
  return Promise.all(
    Object.entries(MANIFESTS).map(([name, row]) =>
      call(row, { t: Date.now() }, { alert: false }).then(
        (res) => hashString(JSON.stringify(res.value)),
        (err: unknown) => {
          console.warn(`update check: ${name} unavailable`, err instanceof Error ? err.message : err);
          return undefined;
        },
      ),
    ),
  );
}

/** Compares with the first load's hashes; the first successful fetch of a manifest stores its hash. */
export async function checkForUpdate(): Promise<boolean> {
  const hashes = await manifestHashes();
  let changed = false;
  hashes.forEach((hash, i) => {
    if (hash === undefined) return;
    if (baseline[i] === undefined) baseline[i] = hash;
    else if (baseline[i] !== hash) changed = true;
  });
  if (changed && !announced) {
    announced = true;
    updateAvailable.value = true;
  }
  return updateAvailable.value;
}

let started = false;

/** Starts the checks; returns a stop function (tests). */
export function startUpdateChecks(): () => void {
  if (started) return () => undefined;
  started = true;
  void checkForUpdate();
  let debounce: ReturnType<typeof setTimeout> | undefined;
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    clearTimeout(debounce);
    debounce = setTimeout(() => {
      void reloadSiteStatus(); // settings re-fetch
      void checkForUpdate();
    }, VISIBILITY_DEBOUNCE_MS);
  };
  document.addEventListener('visibilitychange', onVisible);
  const hourly = setInterval(() => void checkForUpdate(), UPDATE_CHECK_INTERVAL_MS);
  return () => {
    started = false;
    clearTimeout(debounce);
    clearInterval(hourly);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** Forgets the baseline and the once-only flag (tests). */
export function resetUpdateCheck() {
  baseline = [];
  announced = false;
  updateAvailable.value = false;
}
