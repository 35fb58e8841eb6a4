/**
 * The stored attribution (docs/tracking.md, "Attribution"): who brought the player (affiliate and
 * referral codes, the original domain), the ad pixels and click ids of the landing URL, and the ad
 * ids the native app reports. Kept 90 days (docs/product.md §9) in local storage and in the
 * `wps_attr` cookie (so the server sees it too: the /m CSP allows a pixel only when it is on).
 * Here only reading and writing; the tracking feature fills it in.
 */
import type { PixelTrack } from '../../contract/schemas.ts';
import { localStore, KEY_PREFIX } from '../storage/storage.ts';
import { ATTRIBUTION_COOKIE, ATTRIBUTION_MAX_AGE_S, PIXEL_TRACK_KEYS, type Attribution } from '../../contract/tracking/wire.ts';

export const ATTRIBUTION_KEY = `${KEY_PREFIX}attribution`;

interface Stored {
  value: Attribution;
  expires: number;
}

/** What is stored and not yet 90 days old. */
export function storedAttribution(now = Date.now()): Attribution {
  const s = localStore.get<Stored>(ATTRIBUTION_KEY);
  if (!s || typeof s.expires !== 'number' || s.expires <= now || !s.value || typeof s.value !== 'object') return {};
  return s.value;
}

/** Stores `value` (merged over what is there: new values win) for another 90 days, in storage and the cookie. */
export function saveAttribution(value: Attribution, now = Date.now()): Attribution {
  const merged: Attribution = { ...storedAttribution(now) };
  for (const [k, v] of Object.entries(value) as [keyof Attribution, string | undefined][]) if (v) merged[k] = v;
  localStore.set(ATTRIBUTION_KEY, { value: merged, expires: now + ATTRIBUTION_MAX_AGE_S * 1000 } satisfies Stored);
  try {
    document.cookie = `${ATTRIBUTION_COOKIE}=${encodeURIComponent(JSON.stringify(merged))}; Max-Age=${ATTRIBUTION_MAX_AGE_S}; Path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
  } catch {
    // Cookies off (a sandboxed frame): local storage still has it.
  }
  return merged;
}

/** pixelTrack of the registration payload (docs/product.md §3), only the ids that are there. */
export function pixelTrack(a: Attribution = storedAttribution()): PixelTrack | undefined {
  const out: PixelTrack = {};
  for (const k of PIXEL_TRACK_KEYS) if (a[k]) out[k] = a[k];
  return Object.keys(out).length ? out : undefined;
}
