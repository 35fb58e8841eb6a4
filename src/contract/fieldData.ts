/**
 * The contract between /m's field data (src/features/field-data) and the operator's field-data post
 * (server/field-data), docs/field-data.md. Kept free of browser code: the server imports it.
 *
 * One post per page hide: the page load's Core Web Vitals measured so far (web-vitals) and the
 * uncaught errors of its page views, with what the operator needs to slice them (route pattern,
 * connection type, app mode, build) and nothing about the player (no URL query, no user agent, no
 * session, no text the player typed). Sent with navigator.sendBeacon (text/plain: no preflight),
 * else fetch keepalive; the merchant code travels in the body.
 */
export const FIELD_DATA_PATH = '/wps/field-data';
/** A post is at most this many bytes; a bigger one is refused whole (413 request.too.large). */
export const FIELD_DATA_BODY_LIMIT = 16 * 1024;
/** At most this many vitals and this many error rows in one post. */
export const FIELD_DATA_VITALS_MAX = 10;
export const FIELD_DATA_ERRORS_MAX = 20;
/** Errors kept per page view (each distinct one once, with its count). */
export const ERRORS_PER_PAGE_VIEW = 5;
export const ERROR_MESSAGE_MAX = 300;
export const ERROR_STACK_MAX = 600;
export const ROUTE_MAX = 128;
export const TARGET_MAX = 200;

export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** Where /m runs: a browser tab, the installed web app (display-mode standalone), the native app's web view. */
export const APP_MODES = ['browser', 'installed', 'native'] as const;
export type AppMode = (typeof APP_MODES)[number];

/**
 * The Core Web Vitals thresholds (web.dev): at or under `good` is good, over `poor` is poor, between
 * needs improvement. Milliseconds, CLS unitless.
 */
export const VITAL_THRESHOLDS: Record<VitalName, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
};

export interface FieldVital {
  /** web-vitals' metric id: unique per page load and metric, so a later report of it replaces the earlier. */
  id: string;
  name: VitalName;
  value: number;
  /** Route pattern where it was measured (`/m/home`: a path, no query). */
  route: string;
  /** The LCP element or the slow interaction's target, as a CSS selector (web-vitals attribution). */
  target?: string;
}

export interface FieldError {
  route: string;
  kind: 'error' | 'rejection';
  message: string;
  /** `file:line:column` frames of the page's own scripts only, one a line. */
  stack?: string;
  /** Times it happened in this page view since the last post. */
  count: number;
}

export interface FieldDataBody {
  merchant: string;
  /** The build's version (rollup injects it). */
  build: string;
  mode: AppMode;
  /** navigator.connection.effectiveType where the browser tells it. */
  connection?: string;
  vitals: FieldVital[];
  errors: FieldError[];
}

/** The site status's field-data setting (SiteInfo.fieldData): the share of page loads measured, 0..1. */
export interface FieldDataSetting {
  sampleRate: number;
}
