/**
 * The operator's tracking post (core/tracking/wire.ts): events are batched and sent at most every
 * FLUSH_MS, at once when TRACKING_BATCH_MAX are waiting, and with navigator.sendBeacon when the page
 * is hidden or left (a beacon outlives the page). Never throws, never waits on the UI.
 */
import { merchantCode, resolveUrl } from '../../core/config/config.ts';
import {
  TRACKING_BATCH_MAX,
  TRACKING_PATH,
  type Attribution,
  type TrackingBody,
  type WireEvent,
} from '../../core/tracking/wire.ts';

export const FLUSH_MS = 5000;

export interface Beacon {
  add(event: WireEvent): void;
  /** Sends what waits now. */
  flush(): void;
  stop(): void;
}

/** POSTs a body: a beacon (text/plain: no CORS preflight on a merchant's page, no headers, no cookies' worry), else fetch keepalive. */
export function post(body: TrackingBody, nav: Navigator = navigator): boolean {
  const url = resolveUrl(TRACKING_PATH);
  const json = JSON.stringify(body);
  try {
    if (typeof nav.sendBeacon === 'function' && nav.sendBeacon(url, new Blob([json], { type: 'text/plain' }))) return true;
  } catch {
    // A beacon refused (over the browser's quota): try fetch.
  }
  try {
    void fetch(url, {
      method: 'POST',
      body: json,
      keepalive: true,
      credentials: 'omit',
      headers: { 'Content-Type': 'text/plain' },
    }).catch(() => {});
    return true;
  } catch {
    return false;
  }
}

export function startBeacon(attribution: () => Attribution, send: (body: TrackingBody) => void = (b) => void post(b)): Beacon {
  let waiting: WireEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    while (waiting.length) {
      const batch = waiting.slice(0, TRACKING_BATCH_MAX);
      waiting = waiting.slice(TRACKING_BATCH_MAX);
      try {
        send({ merchant: merchantCode.value, events: JSON.stringify(batch), attribution: attribution() });
      } catch {
        // Lost: tracking never breaks the page.
      }
    }
  };
  const onHide = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  document.addEventListener('visibilitychange', onHide);
  addEventListener('pagehide', flush);

  return {
    add(event) {
      waiting.push(event);
      if (waiting.length >= TRACKING_BATCH_MAX) flush();
      else timer ??= setTimeout(flush, FLUSH_MS);
    },
    flush,
    stop() {
      flush();
      document.removeEventListener('visibilitychange', onHide);
      removeEventListener('pagehide', flush);
    },
  };
}
