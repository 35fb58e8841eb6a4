/**
 * Network and line health (docs/product.md §7, §8, §9). Offline shows the no-connection notice (and the
 * offline message for 1.5 s); coming back online clears it. A ping of the current line that fails
 * within 5 s marks the line unstable. The line speed test pings up to 10 random candidate domains
 * (10 s each) and the first to answer wins.
 */
import { signal } from '@preact/signals-core';
import { call } from '../../core/api/client.ts';
import { endpoints } from '../../contract/endpoints.ts';
import { onReaction } from '../../core/api/errors.ts';
import { sessionStore, KEY_PREFIX } from '../../core/storage/storage.ts';

export const OFFLINE_MESSAGE_MS = 1500;
export const PING_ABORT_MS = 5000;
export const SPEED_TEST_TIMEOUT_MS = 10_000;
export const SPEED_TEST_CANDIDATES = 10;
export const FASTEST_LINE_KEY = `${KEY_PREFIX}fastestLine`;

export const online = signal(typeof navigator === 'undefined' ? true : navigator.onLine);
/** The short 'network offline' message, for 1.5 s after the connection drops. */
export const offlineMessage = signal(false);
export const lineUnstable = signal(false);
export const fastestLine = signal<string | undefined>(sessionStore.get<string>(FASTEST_LINE_KEY));

/**
 * One ping: `ok` when the line answered in time, `failed` when it did not (no answer, an error, the
 * 5 s abort), `cancelled` when the page itself cancelled it (a logout or a lost session cancels every
 * request in flight, src/core/api/abort.ts): that says nothing about the line.
 */
export async function pingOutcome(base?: string, timeout = PING_ABORT_MS): Promise<'ok' | 'failed' | 'cancelled'> {
  try {
    await call(endpoints.ping, { speed: Date.now() }, { alert: false, baseUrl: base, timeout });
    return 'ok';
  } catch (err) {
    return (err as DOMException | undefined)?.name === 'AbortError' ? 'cancelled' : 'failed';
  }
}

/** One ping; true when the line answered in time. `base` is another line's origin, or this one. */
export async function ping(base?: string, timeout = PING_ABORT_MS): Promise<boolean> {
  return (await pingOutcome(base, timeout)) === 'ok';
}

/**
 * Pings the current line and records whether it is unstable. A ping the page cancelled (the session
 * ended while it ran) is asked again once, and never counts as a bad line (docs/product.md §8).
 */
export async function checkLine(): Promise<boolean> {
  let outcome = await pingOutcome();
  if (outcome === 'cancelled') outcome = await pingOutcome();
  if (outcome === 'cancelled') return !lineUnstable.value;
  lineUnstable.value = outcome === 'failed' && online.value;
  return outcome === 'ok';
}

/** Up to `count` entries in random order (Fisher–Yates on a copy). */
export function pickRandom<T>(items: readonly T[], count: number, random = Math.random): T[] {
  const copy = items.slice();
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}

/** The first candidate domain to answer a ping, or undefined when none does. */
export async function lineSpeedTest(): Promise<string | undefined> {
  const route = await call(endpoints.domainRoute, undefined, { alert: false }).catch(() => undefined);
  const domains = (route?.value ?? []).map((d) => d.domainName).filter((d): d is string => typeof d === 'string' && d.length > 0);
  const candidates = pickRandom(domains, SPEED_TEST_CANDIDATES);
  if (candidates.length === 0) return undefined;
  const winner = await Promise.any(
    candidates.map(async (domain) => {
      if (!(await ping(`${location.protocol}//${domain}`, SPEED_TEST_TIMEOUT_MS))) throw new Error(domain);
      return domain;
    }),
  ).catch(() => undefined);
  if (winner) {
    fastestLine.value = winner;
    sessionStore.set(FASTEST_LINE_KEY, winner);
  }
  return winner;
}

/** Retry from the unstable-line notice: find a line that answers, then check this one again. */
export async function retryLine(): Promise<void> {
  await lineSpeedTest();
  await checkLine();
}

let offlineTimer: ReturnType<typeof setTimeout> | undefined;

function wentOffline() {
  online.value = false;
  lineUnstable.value = false;
  offlineMessage.value = true;
  clearTimeout(offlineTimer);
  offlineTimer = setTimeout(() => (offlineMessage.value = false), OFFLINE_MESSAGE_MS);
}

function cameOnline() {
  online.value = true;
  offlineMessage.value = false;
  void checkLine();
}

let watchers = 0;
let stopWatching: (() => void) | undefined;

/**
 * Starts watching the connection (once per page, however many callers); a request that got no answer
 * checks the line. Each caller gets its own release; the watch stops when the last one releases, so
 * the host page's watch outlives a notice element that comes and goes.
 */
export function watchNetwork(): () => void {
  if (watchers++ === 0) stopWatching = startWatching();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--watchers === 0) stopWatching?.();
  };
}

function startWatching(): () => void {
  window.addEventListener('offline', wentOffline);
  window.addEventListener('online', cameOnline);
  const release = onReaction('network', () => {
    if (navigator.onLine === false) wentOffline();
    else void checkLine();
  });
  online.value = navigator.onLine;
  if (!online.value) wentOffline();
  else void checkLine(); // one tiny ping on start: a dying line shows before the player waits on it
  return () => {
    window.removeEventListener('offline', wentOffline);
    window.removeEventListener('online', cameOnline);
    release();
    clearTimeout(offlineTimer);
  };
}
