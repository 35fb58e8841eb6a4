/**
 * The tracking feature (docs/tracking.md): registers the fan-out behind src/core/tracking/track.ts. Each
 * conversion event goes, with the SPEC payload, to every configured web pixel, to the native app
 * (when the page runs in it) and to the operator's tracking post. Started by the host after the first
 * paint; the pixels' scripts only once the page is idle.
 */
import { effect } from '@preact/signals-core';
import { siteStatus } from '../../core/config/siteStatus.ts';
import { session, token } from '../../core/session/sessionInfo.ts';
import { onPageChange } from '../../core/session/pageChanges.ts';
import { localStore, KEY_PREFIX } from '../../core/storage/storage.ts';
import type { PixelIds } from '../../contract/endpoints.ts';
import { PIXEL_HOSTS } from '../../contract/tracking/pixelHosts.ts';
import { saveAttribution } from '../../core/tracking/attribution.ts';
import { setTrackingSink, track, type ConversionEvent, type TrackPayload } from '../../core/tracking/track.ts';
import type { Attribution } from '../../contract/tracking/wire.ts';
import { sendToApp, watchAdIds } from './bridge.ts';
import { startBeacon, type Beacon } from './beacon.ts';
import { captureAttribution } from './capture.ts';
import { eventPayload } from './format.ts';
import { startPixels, type Pixel } from './pixels.ts';

export const FIRST_OPEN_KEY = `${KEY_PREFIX}firstOpen`;

/** The pixel ids in force: the merchant's own, else the ones an affiliate's landing brought. */
export function pixelIds(merchant: PixelIds | undefined, a: Attribution): PixelIds {
  return Object.fromEntries(PIXEL_HOSTS.map((p) => [p.idKey, merchant?.[p.idKey] || a[p.field]]));
}

/** A random UUID (v4); crypto.randomUUID exists only in secure contexts. */
function eventId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Runs `fn` once the page is idle (its first frame and its first work done). */
function whenIdle(fn: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 3000 });
  else setTimeout(fn, 1500);
}

export interface TrackingOptions {
  /** Tests: the post. */
  beacon?: Beacon;
  /** Tests: start the pixels now instead of when idle. */
  now?: boolean;
  addScript?: (src: string) => void;
}

let stopCurrent: (() => void) | undefined;

/** Starts tracking on this page (again: the previous start is stopped). Answers a stop function. */
export function startTracking(options: TrackingOptions = {}): () => void {
  stopCurrent?.();
  let attribution = captureAttribution();
  const beacon = options.beacon ?? startBeacon(() => attribution);
  let pixels: Pixel[] = [];
  let stopped = false;

  const startThem = () => {
    if (stopped) return;
    // Again whenever the site status comes or changes (a pixel configured later starts then).
    const stopEffect = effect(() => {
      pixels = startPixels(pixelIds(siteStatus.value?.info.analytics, attribution), window, options.addScript);
    });
    stops.push(stopEffect);
  };
  const stops: (() => void)[] = [watchAdIds((ids) => (attribution = saveAttribution(ids))), () => beacon.stop()];
  if (options.now) startThem();
  else whenIdle(startThem);

  // Every page the player opens. Tracking starts a few seconds after the load: the landing page (the
  // document's own URL) counts, and the page the player is on now when it is another one.
  const nav = performance.getEntriesByType?.('navigation')[0];
  const landing = nav ? new URL(nav.name).pathname : location.pathname;
  track('viewContent', { page: landing });
  if (landing !== location.pathname) track('viewContent', { page: location.pathname });
  stops.push(onPageChange((page) => track('viewContent', { page })));

  setTrackingSink((event: ConversionEvent, payload: TrackPayload) => {
    const s = session.value;
    const p = eventPayload(event, {
      customerName: (payload.customerName as string | undefined) ?? s?.userName,
      customerId: (payload.customerId as string | undefined) ?? s?.id,
      currency: payload.currency as string | undefined,
      amount: payload.amount as number | string | undefined,
      decimals: payload.decimals as number | undefined,
    });
    for (const pixel of pixels) {
      try {
        pixel.send(event, p);
      } catch {
        // One broken vendor script does not stop the others.
      }
    }
    sendToApp(event, p);
    // With the session it was made under: the server verifies the customer by it.
    beacon.add(
      {
        id: eventId(),
        name: event,
        time: Date.now(),
        page: typeof payload.page === 'string' ? payload.page : location.pathname,
        ...p,
      },
      token.peek(),
    );
  });

  if (!localStore.get(FIRST_OPEN_KEY)) {
    localStore.set(FIRST_OPEN_KEY, Date.now());
    track('firstOpen');
  }

  const stop = () => {
    stopped = true;
    setTrackingSink(undefined);
    for (const s of stops) s();
    if (stopCurrent === stop) stopCurrent = undefined;
  };
  stopCurrent = stop;
  return stop;
}
