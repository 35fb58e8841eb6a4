/**
 * The headers every answer of the server carries, whatever route made it (pages, files, calls,
 * refusals, 404s, redirects, Node's own 400s and 500s): start.ts sets them on the Node response before
 * Hono runs, and an answer that sets one itself wins (the chat page's `Referrer-Policy: same-origin`,
 * the redirect page's `no-referrer`). Set there rather than by a Hono middleware on `*`, which would
 * put every route through the middleware chain (infra/answer.ts says what that costs).
 */
import type { EventEmitter } from 'node:events';
import type { Config } from './config.ts';

/**
 * Powerful features /m never uses, off for the page and every frame in it. What it uses keeps the
 * browser's default (this origin, and frames its `allow=` names): `fullscreen` and `autoplay` (the
 * game frame's `allow="fullscreen; autoplay"`, and full screen of the game stage), `clipboard-write`
 * (copy buttons) and `web-share` (invite friends). Push is no permissions-policy feature. Only names
 * Chromium knows: an unknown one is a console warning on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'clipboard-read',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'otp-credentials',
  'payment',
  'publickey-credentials-create',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'window-management',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Only the origin ever goes in a Referer, so no path or query (a `?token=`) leaves in one. */
export const REFERRER_POLICY = 'strict-origin';

/** HSTS=1, behind TLS: a year, subdomains included. Off by default: the demo runs on plain http. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export function securityHeaders(config: Pick<Config, 'hsts'>): [string, string][] {
  return [
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['Referrer-Policy', REFERRER_POLICY],
    ...(config.hsts ? [['Strict-Transport-Security', HSTS_VALUE] as [string, string]] : []),
  ];
}

/** Puts the headers on every answer of `server`, before any other request listener runs. */
export function applySecurityHeaders(server: EventEmitter, config: Pick<Config, 'hsts'>): void {
  const headers = securityHeaders(config);
  server.prependListener('request', (_req: unknown, res: { setHeader(name: string, value: string): unknown }) => {
    for (const [name, value] of headers) res.setHeader(name, value);
  });
}
