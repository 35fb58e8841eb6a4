/**
 * Fills the stored attribution (core/tracking/attribution.ts) on arrival: the landing URL's pixel
 * ids and click ids (docs/tracking.md, "Landing parameters"), the registration info captured at
 * landing (core/session/landing.ts), and the native app's ad ids.
 */
import { saveAttribution, storedAttribution } from '../../core/tracking/attribution.ts';
import { PIXEL_HOSTS, PIXEL_ID } from '../../contract/tracking/pixelHosts.ts';
import type { Attribution } from '../../contract/tracking/wire.ts';
import { storedRegistrationInfo, storedTrackingParams } from '../../core/session/landing.ts';
import { readAdIds } from './bridge.ts';

/** Attribution field ← the landing URL's parameters that may carry it (first present wins). */
const FROM_URL: [keyof Attribution, readonly string[], RegExp][] = [
  ...PIXEL_HOSTS.map((p): [keyof Attribution, readonly string[], RegExp] => [p.field, p.params, PIXEL_ID]),
  ['ad_fbclid', ['fbclid'], /^[\w.-]{1,256}$/],
  ['ad_gclid', ['gclid'], /^[\w.-]{1,256}$/],
  ['kwai_click_id', ['kwaiclid', 'click_id'], /^[\w.-]{1,256}$/],
];

/** The attribution a landing query brings (unknown or malformed values are left out). */
export function attributionFromQuery(search: string): Attribution {
  const q = new URLSearchParams(search);
  const out: Attribution = {};
  for (const [field, names, shape] of FROM_URL) {
    const v = names.map((n) => q.get(n)).find((x) => x && shape.test(x));
    if (v) out[field] = v;
  }
  // The Kwai pixel's base code is its id (pixelTrack names both).
  if (out.kwai_pixel_id) out.kwaiPixelBaseCode = out.kwai_pixel_id;
  return out;
}

/** Captures what this visit brings and stores it for 90 days; answers the whole stored attribution. */
export function captureAttribution(search = location.search, win: Window = window): Attribution {
  const carried = new URLSearchParams(storedTrackingParams()).toString();
  const info = storedRegistrationInfo();
  return saveAttribution({
    ...attributionFromQuery(carried),
    ...attributionFromQuery(search),
    affiliateCode: info.affiliateCode,
    referralCode: info.referralCode,
    // The first domain the player ever came by stays the original one.
    originalDomain: storedAttribution().originalDomain ?? info.originalDomain,
    ...readAdIds(win),
  });
}
