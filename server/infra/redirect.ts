/**
 * The redirect page, /mobile/mc/redirect.html?url=… (docs/architecture.md, "The redirect page"), and
 * its script and stylesheet under /mobile/mc/assets/, from DIST_DIR/mobile/mc (built by
 * scripts/build-redirect.mjs). Served like the other built files (infra/static.ts: path checks,
 * precompressed siblings, ETags; the page is revalidated, the hashed assets kept a year), with a CSP
 * that allows this origin's script, stylesheet and one call (domainRoute) and nothing inline. The
 * page's address carries the target URL: `no-referrer` keeps it from the next page and the call.
 */
import { resolve } from 'node:path';
import type { Context, Hono } from 'hono';
import { answerHeaders, finishAnswerHeaders } from './answer.ts';
import { serveFrom } from './static.ts';

export const REDIRECT_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  // Nobody frames it: a framed redirect would only move the frame, and clickjacking the Retry button helps no one.
  "frame-ancestors 'none'",
].join('; ');

const HEADERS = {
  'Content-Security-Policy': REDIRECT_CSP,
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Registers the page and its assets; call before mountStatic, whose /mobile/* would answer first. */
export function mountRedirect(app: Hono, distDir: string): void {
  const root = resolve(distDir, 'mobile', 'mc');
  const serve = async (c: Context) => {
    answerHeaders(c, HEADERS);
    return finishAnswerHeaders(c, await serveFrom(c, root, '/mobile/mc/'));
  };
  app.get('/mobile/mc/redirect.html', serve);
  app.get('/mobile/mc/assets/*', serve);
}
