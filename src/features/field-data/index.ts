/**
 * Field data from real visits (docs/field-data.md): the Core Web Vitals of this page load (web-vitals,
 * its attribution build for the LCP element and the slow interaction's target) and the uncaught
 * errors of its page views, posted when the page is hidden, with the route pattern, the connection
 * type, the app mode and the build. Started by the host once the page has settled, on a sampled
 * page load only (early.ts decides); never on the first load's path.
 *
 * Routes: web-vitals measures per hard load. LCP, FCP and TTFB belong to the landing route (LCP stops
 * at the first input, so before any page change); INP and CLS to the route shown when the slow
 * interaction or the largest layout shift happened. For errors, each page change starts a new page
 * view: its own cap (ERRORS_PER_PAGE_VIEW distinct errors) and its own route.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type MetricWithAttribution } from 'web-vitals/attribution';
import {
  ERRORS_PER_PAGE_VIEW,
  FIELD_DATA_ERRORS_MAX,
  FIELD_DATA_PATH,
  FIELD_DATA_VITALS_MAX,
  TARGET_MAX,
  type AppMode,
  type FieldDataBody,
  type FieldError,
  type FieldVital,
  type VitalName,
} from '../../contract/fieldData.ts';
import { merchantCode, resolveUrl } from '../../core/config/config.ts';
import { currentIsNativeApp, currentStandalone } from '../../core/env/env.ts';
import { onPageChange } from '../../core/session/pageChanges.ts';
import type { EarlyWatch, RouteMark } from './early.ts';
import { errorOf, routePattern } from './report.ts';

declare const __WPS_BUILD__: string | undefined;
// Never `__WPS_BUILD__.x`: the replace plugin leaves a name followed by a dot alone.
const injected: string = typeof __WPS_BUILD__ === 'string' ? __WPS_BUILD__ : 'dev';
/** The build's version, injected by rollup (rollup.config.mjs); `dev` in tests. */
export const BUILD = injected.replace(/[^\w.+-]/g, '-').slice(0, 40) || 'dev';

export function appMode(): AppMode {
  if (currentIsNativeApp()) return 'native';
  return currentStandalone() ? 'installed' : 'browser';
}

/** POSTs a body as a beacon (text/plain: no preflight), else with fetch keepalive; never throws. */
export function post(body: FieldDataBody, nav: Navigator = navigator): void {
  const url = resolveUrl(FIELD_DATA_PATH);
  const json = JSON.stringify(body);
  try {
    if (typeof nav.sendBeacon === 'function' && nav.sendBeacon(url, new Blob([json], { type: 'text/plain' }))) return;
  } catch {
    // Refused (over the browser's beacon quota): fetch below.
  }
  try {
    void fetch(url, {
      method: 'POST',
      body: json,
      keepalive: true,
      credentials: 'omit',
      headers: { 'Content-Type': 'text/plain' },
    }).catch(() => {});
  } catch {
    // Lost: field data never breaks the page.
  }
}

export interface FieldDataOptions {
  /** What the host watched before this chunk came (early.ts). */
  early?: EarlyWatch;
  /** Tests: the post. */
  send?: (body: FieldDataBody) => void;
  /** Tests: web-vitals' registration (the real one by default). */
  vitals?: Record<VitalName, (report: (m: MetricWithAttribution) => void) => void>;
}

const WEB_VITALS: Record<VitalName, (report: (m: MetricWithAttribution) => void) => void> = {
  LCP: (r) => onLCP(r),
  INP: (r) => onINP(r),
  CLS: (r) => onCLS(r),
  FCP: (r) => onFCP(r),
  TTFB: (r) => onTTFB(r),
};

/** The route shown at `time` (performance.now() scale). */
function routeAt(routes: RouteMark[], time: number | undefined): string {
  let path = routes[0]!.path;
  if (time !== undefined) for (const mark of routes) if (mark.at <= time) path = mark.path;
  return routePattern(path);
}

/** The attribution's element or interaction target, and the moment the value was measured. */
function attributionOf(m: MetricWithAttribution): { target?: string; time?: number } {
  const a = m.attribution as {
    target?: string;
    interactionTarget?: string;
    interactionTime?: number;
    largestShiftTarget?: string;
    largestShiftTime?: number;
  };
  if (m.name === 'INP') return { target: a.interactionTarget, time: a.interactionTime };
  if (m.name === 'CLS') return { target: a.largestShiftTarget, time: a.largestShiftTime };
  if (m.name === 'LCP') return { target: a.target };
  return {};
}

let stopCurrent: (() => void) | undefined;

/** Starts measuring this page load (once: a second call answers the first one's stop). */
export function startFieldData(options: FieldDataOptions = {}): () => void {
  if (stopCurrent) return stopCurrent;
  const send = options.send ?? ((b) => post(b));
  const routes: RouteMark[] = options.early?.routes ?? [{ at: 0, path: location.pathname }];
  const origin = location.origin;
  /** Each metric's latest value (by web-vitals id) and whether the post has it. */
  const vitals = new Map<string, { vital: FieldVital; sent: boolean }>();
  /** The errors of the current page view, by message and stack; `sent` the count already posted. */
  let pageView = new Map<string, { error: FieldError; sent: number }>();
  /** Earlier page views' errors not posted yet. */
  let pendingErrors: FieldError[] = [];

  const addError = (event: Event, path: string) => {
    const error = errorOf(event, routePattern(path), origin);
    if (!error) return;
    const key = `${error.kind}\n${error.message}\n${error.stack ?? ''}`;
    const seen = pageView.get(key);
    if (seen) seen.error.count = Math.min(1000, seen.error.count + 1);
    else if (pageView.size < ERRORS_PER_PAGE_VIEW) pageView.set(key, { error, sent: 0 });
  };
  const newPageView = () => {
    for (const e of pageView.values())
      if (e.error.count > e.sent) pendingErrors.push({ ...e.error, count: e.error.count - e.sent });
    pageView = new Map();
  };

  const early = options.early;
  if (early) {
    early.stop();
    // The early watch's errors, each on its page view (a page change between them starts a new one).
    let path = early.errors[0]?.path;
    for (const { event, path: at } of early.errors) {
      if (at !== path) newPageView();
      path = at;
      addError(event, at);
    }
    if (path !== undefined && path !== location.pathname) newPageView();
  }
  const onError = (event: Event) => addError(event, location.pathname);
  addEventListener('error', onError);
  addEventListener('unhandledrejection', onError);
  const stopPages = onPageChange((path) => {
    routes.push({ at: performance.now(), path });
    newPageView();
  });

  for (const [name, register] of Object.entries(options.vitals ?? WEB_VITALS) as [VitalName, (typeof WEB_VITALS)[VitalName]][]) {
    register((m) => {
      const { target, time } = attributionOf(m);
      const vital: FieldVital = {
        id: m.id,
        name,
        value: name === 'CLS' ? Math.round(m.value * 10000) / 10000 : Math.round(m.value),
        route: routeAt(routes, name === 'INP' || name === 'CLS' ? time : 0),
        ...(target ? { target: target.slice(0, TARGET_MAX) } : {}),
      };
      vitals.set(m.id, { vital, sent: false });
    });
  }

  /** Posts what is new since the last post: in bodies within the contract's limits. */
  const flush = () => {
    const newVitals = [...vitals.values()].filter((v) => !v.sent);
    for (const e of pageView.values()) {
      if (e.error.count > e.sent) pendingErrors.push({ ...e.error, count: e.error.count - e.sent });
      e.sent = e.error.count;
    }
    const errors = pendingErrors;
    pendingErrors = [];
    const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType;
    while (newVitals.length || errors.length) {
      const batch = newVitals.splice(0, FIELD_DATA_VITALS_MAX);
      for (const v of batch) v.sent = true;
      try {
        send({
          merchant: merchantCode.value,
          build: BUILD,
          mode: appMode(),
          ...(connection ? { connection } : {}),
          vitals: batch.map((v) => v.vital),
          errors: errors.splice(0, FIELD_DATA_ERRORS_MAX),
        });
      } catch {
        // Lost: field data never breaks the page.
      }
    }
  };
  // After web-vitals' own listener (on window, capture): its reports on hide come first.
  const onHide = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  document.addEventListener('visibilitychange', onHide);
  addEventListener('pagehide', flush);

  const stop = () => {
    flush();
    removeEventListener('error', onError);
    removeEventListener('unhandledrejection', onError);
    document.removeEventListener('visibilitychange', onHide);
    removeEventListener('pagehide', flush);
    stopPages();
    if (stopCurrent === stop) stopCurrent = undefined;
  };
  stopCurrent = stop;
  return stop;
}
