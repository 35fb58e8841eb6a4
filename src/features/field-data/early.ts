/**
 * The part of field data that the host loads with its overlays (host/Overlays.tsx), a few hundred
 * bytes: the sampling decision, and a watch that keeps what happens before the measuring code comes
 * (it waits for the page to settle): the first uncaught errors and the page changes with their time.
 * The rest (web-vitals, the post) is a chunk of its own, loaded only on a sampled page load.
 */
import { HISTORY_EVENTS } from '../../core/session/pageChanges.ts';

/** Errors kept before the measuring code comes (it applies the per-page-view cap itself). */
const EARLY_MAX = 10;

/** Whether this page load reports: once per load, `rate` the share of loads (0..1), 10 % when the status gives none. */
export function sampled(rate: number | undefined, random: () => number = Math.random): boolean {
  return random() < (typeof rate === 'number' && rate >= 0 ? rate : 0.1);
}

export interface RouteMark {
  /** performance.now() when the path became this one (0: the page load). */
  at: number;
  path: string;
}

export interface EarlyWatch {
  /** The ErrorEvents and PromiseRejectionEvents seen so far, with the path they happened on. */
  errors: { event: ErrorEvent | PromiseRejectionEvent; path: string }[];
  routes: RouteMark[];
  stop(): void;
}

/** Starts keeping errors and page changes from now on; `stop` ends it (the chunk takes over). */
export function watchEarly(win: Window = window): EarlyWatch {
  const watch: EarlyWatch = {
    errors: [],
    routes: [{ at: 0, path: win.location.pathname }],
    stop,
  };
  const onError = (event: Event) => {
    if (watch.errors.length < EARLY_MAX) {
      watch.errors.push({ event: event as ErrorEvent | PromiseRejectionEvent, path: win.location.pathname });
    }
  };
  const onPage = () => {
    const last = watch.routes[watch.routes.length - 1]!;
    if (win.location.pathname !== last.path) watch.routes.push({ at: win.performance.now(), path: win.location.pathname });
  };
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onError);
  for (const type of HISTORY_EVENTS) win.addEventListener(type, onPage);
  function stop() {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onError);
    for (const type of HISTORY_EVENTS) win.removeEventListener(type, onPage);
  }
  return watch;
}
