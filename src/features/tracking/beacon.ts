/**
 * The operator's tracking post (src/contract/tracking/wire.ts): events are batched and sent at most every
 * FLUSH_MS, at once when TRACKING_BATCH_MAX are waiting, and with navigator.sendBeacon when the page
 * is hidden or left (a beacon outlives the page). Never throws, never waits on the UI.
 *
 * Each event remembers the session it was made under, and a batch never mixes sessions: on the
 * page's own origin a batch of a signed-in player goes with its session token (fetch keepalive, which
 * outlives the page as a beacon does), so the server can tell the player's own conversions from
 * anybody's (docs/tracking.md, "What the server believes"). The token never goes to another origin.
 */
import { merchantCode, resolveUrl } from '../../core/config/config.ts';
import {
  TRACKING_BATCH_MAX,
  TRACKING_PATH,
  type Attribution,
  type TrackingBody,
  type WireEvent,
} from '../../contract/tracking/wire.ts';

export const FLUSH_MS = 5000;

export interface Beacon {
  /** `session`: the session token the event was made under, if any. */
  add(event: WireEvent, session?: string): void;
  /** Sends what waits now. */
  flush(): void;
  stop(): void;
}

/** The tracking post goes to this page's own origin (then, and only then, it may carry the session). */
function ownOrigin(url: string): boolean {
  try {
    return new URL(url, location.href).origin === location.origin;
  } catch {
    return false;
  }
}

/**
 * POSTs a body: with a session on the own origin, fetch keepalive with its Authorization; otherwise a
 * beacon (text/plain: no CORS preflight on a merchant's page, no headers), else fetch keepalive.
 */
export function post(body: TrackingBody, session?: string, nav: Navigator = navigator): boolean {
  const url = resolveUrl(TRACKING_PATH);
  const json = JSON.stringify(body);
  const headers: Record<string, string> = { 'Content-Type': 'text/plain' };
  if (session && ownOrigin(url)) headers.Authorization = session;
  else {
    try {
      if (typeof nav.sendBeacon === 'function' && nav.sendBeacon(url, new Blob([json], { type: 'text/plain' }))) return true;
    } catch {
      // A beacon refused (over the browser's quota): try fetch.
    }
  }
  try {
    void fetch(url, { method: 'POST', body: json, keepalive: true, credentials: 'omit', headers }).catch(() => {});
    return true;
  } catch {
    return false;
  }
}

export function startBeacon(
  attribution: () => Attribution,
  send: (body: TrackingBody, session?: string) => void = (b, session) => void post(b, session),
): Beacon {
  let waiting: { event: WireEvent; session?: string }[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    while (waiting.length) {
      // The longest run of one session, at most a full batch.
      const session = waiting[0]!.session;
      let n = 1;
      while (n < waiting.length && n < TRACKING_BATCH_MAX && waiting[n]!.session === session) n++;
      const batch = waiting.slice(0, n).map((w) => w.event);
      waiting = waiting.slice(n);
      try {
        send({ merchant: merchantCode.value, events: JSON.stringify(batch), attribution: attribution() }, session);
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
    add(event, session) {
      waiting.push(session ? { event, session } : { event });
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
