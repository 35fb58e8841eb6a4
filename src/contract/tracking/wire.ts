/**
 * The contract between the tracking feature and the operator's tracking post (docs/tracking.md),
 * shared by the browser and the reference server. Kept free of browser code: the server imports it.
 */
import type { ConversionEvent } from './events.ts';

/**
 * The tracking post. The body is `{ merchant, events }` where `events` is a JSON string (docs/product.md §7,
 * "Tracking event post with an events JSON string"). It is sent with navigator.sendBeacon (text/plain,
 * so a merchant's page needs no CORS preflight, and the beacon survives the page closing), which
 * cannot set headers: the merchant code travels in the body. A signed-in player's batch to the page's
 * own origin goes instead with fetch keepalive and the session's Authorization (never to another
 * origin), so the server can verify the customer of a conversion (docs/tracking.md).
 */
export const TRACKING_PATH = '/wps/tracking/events';
/** At most this many events in one post; the body is at most TRACKING_BODY_LIMIT bytes. */
export const TRACKING_BATCH_MAX = 20;
export const TRACKING_BODY_LIMIT = 64 * 1024;

/** pixelTrack of the registration payload (docs/product.md §3). */
export const PIXEL_TRACK_KEYS = [
  'fbPixelId',
  'tiktokPixelId',
  'gtagId',
  'kwaiPixelBaseCode',
  'ad_fbclid',
  'ad_gclid',
  'kwai_pixel_id',
  'kwai_click_id',
] as const;
/** The ad-network ids the native app reports (docs/native-bridge.md). */
export const AD_ID_KEYS = [
  'adAppToken',
  'gpsAdid',
  'adid',
  'afAppId',
  'appsflyerId',
  'afAdvertisingId',
  'afOaid',
  'idfa',
  'idfv',
] as const;
/** Every field of Attribution: what the page stores and the tracking post accepts. */
export const ATTRIBUTION_KEYS = [
  'affiliateCode',
  'referralCode',
  'originalDomain',
  ...PIXEL_TRACK_KEYS,
  'bigoPixelId',
  ...AD_ID_KEYS,
] as const satisfies readonly (keyof Attribution)[];

/** What the attribution module remembers (docs/product.md §3) and sends with every batch. */
export interface Attribution {
  affiliateCode?: string;
  referralCode?: string;
  originalDomain?: string;
  /** pixelTrack of docs/product.md §3. */
  fbPixelId?: string;
  tiktokPixelId?: string;
  gtagId?: string;
  kwaiPixelBaseCode?: string;
  ad_fbclid?: string;
  ad_gclid?: string;
  kwai_pixel_id?: string;
  kwai_click_id?: string;
  /** Not part of pixelTrack, kept to turn the Bigo pixel on. */
  bigoPixelId?: string;
  /** Ad-network ids read from the native app (docs/native-bridge.md). */
  adAppToken?: string;
  gpsAdid?: string;
  adid?: string;
  afAppId?: string;
  appsflyerId?: string;
  afAdvertisingId?: string;
  afOaid?: string;
  idfa?: string;
  idfv?: string;
}

/** The SPEC payload of an event: customerName, customerId, currency, revenue, amount, value. */
export interface EventPayload {
  customerName?: string;
  customerId?: string;
  currency?: string;
  revenue?: number;
  amount?: number;
  value?: number;
}

/** One event as posted: the SPEC payload and where and when. */
export interface WireEvent extends EventPayload {
  /** A random UUID: the server stores an id once, so a beacon sent twice counts once. */
  id: string;
  name: ConversionEvent;
  /** Milliseconds since the epoch, the phone's clock. */
  time: number;
  /** The page's path (no query: it may carry codes). */
  page: string;
}

export interface TrackingBody {
  merchant: string;
  /** JSON of WireEvent[] (1 to TRACKING_BATCH_MAX). */
  events: string;
  attribution?: Attribution;
}

/** The attribution cookie (docs/tracking.md): URL-encoded JSON of Attribution, 90 days (docs/product.md §9). */
export const ATTRIBUTION_COOKIE = 'wps_attr';
export const ATTRIBUTION_MAX_AGE_S = 90 * 24 * 60 * 60;
