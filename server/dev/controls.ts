/**
 * Dev controls under /dev/: demo and test mode only (never with NODE_ENV=production or --upstream;
 * server/app.ts decides). Tests and the e2e suite use them to put the server into a state, and a
 * person trying the demo uses the page `GET /dev/` to see every screen (maintenance, access denied,
 * domain error, unstable line, update notice, captchas, the second check, password expiry, popups,
 * promotions, chat, VIP and game launches). Each room keeps its own controls (`<room>/dev.ts`).
 *
 * Every control takes a JSON body (the merchant from the `Merchant` header, default merchant when
 * absent) and answers `{ success: true, value }`; or a form post of the /dev/ page
 * (`application/x-www-form-urlencoded`, the merchant in a `merchant` field), answered with a 303 back
 * to the page. A POST whose `Origin` is another site is refused (403), so no other page can switch them.
 *
 * The page is a static template (page.html, with dev.js and dev.css beside it): its script reads the
 * state from the JSON routes below and fills the page in; its buttons are those form posts.
 */
import { readFileSync } from 'node:fs';
import type { Context, Hono } from 'hono';
import type { Deps } from '../api/call.ts';
import { engagementDev } from '../engagement/dev.ts';
import { gamesDev } from '../games/dev.ts';
import { ApiError } from '../infra/errors.ts';
import { memberCentreDev } from '../member-centre/dev.ts';
import { pushDev } from '../push/dev.ts';
import { signinDev } from '../signin/dev.ts';
import { trackingDev } from '../tracking/dev.ts';
import { headerMerchant, type Runtime } from './io.ts';
import { siteDev } from './site.ts';

/** The page's own CSP: script, style and calls from this server only, nothing inline, no frames. */
const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');
/** The page and its assets (files beside this one), read once when the controls are mounted. */
const PAGE_FILES = [
  ['/dev/', 'page.html', 'text/html; charset=utf-8'],
  ['/dev/dev.js', 'dev.js', 'text/javascript; charset=utf-8'],
  ['/dev/vitals.js', 'vitals.js', 'text/javascript; charset=utf-8'],
  ['/dev/dev.css', 'dev.css', 'text/css; charset=utf-8'],
] as const;

export function mountDev(app: Hono, deps: Deps, runtime: Runtime): void {
  const { merchants, state } = deps;

  // Cross-site form posts (CSRF) are refused; a browser always sends Origin with a POST or DELETE.
  app.use('/dev/*', async (c, next) => {
    if (c.req.method === 'POST' || c.req.method === 'DELETE') {
      const origin = c.req.header('Origin');
      if (origin !== undefined && !sameHost(c, origin)) {
        throw new ApiError('request.forbidden', 'Dev controls take posts from their own page only');
      }
    }
    await next();
  });

  app.get('/dev', (c) => c.redirect('/dev/', 302));
  for (const [path, file, type] of PAGE_FILES) {
    const text = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
    const headers = {
      'Content-Type': type,
      'Content-Security-Policy': PAGE_CSP,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    };
    app.get(path, (c) => c.body(text, 200, headers));
  }

  app.get('/dev/health', (c) => c.json({ success: true }));

  /** The merchant's whole runtime state (server/db/state.ts). */
  app.get('/dev/state', async (c) => c.json({ success: true, value: await state.get(headerMerchant(c, deps)) }));

  /** Every merchant's code and password age limit (the page's merchant links), and the default one. */
  app.get('/dev/merchants', (c) => {
    const list = [...merchants.byCode.values()].map((m) => ({ code: m.code, passwordMaxAgeDays: m.passwordMaxAgeDays }));
    return c.json({ success: true, value: { defaultCode: merchants.defaultCode, merchants: list } });
  });

  // Each room's controls live in its room (<room>/dev.ts), on the request helpers of ./io.ts.
  app.route('/dev', siteDev(deps, runtime));
  app.route('/dev', signinDev(deps, runtime));
  app.route('/dev', gamesDev(deps));
  app.route('/dev', engagementDev(deps));
  app.route('/dev', memberCentreDev(deps));
  app.route('/dev', pushDev(deps));
  app.route('/dev', trackingDev(deps));
}

function sameHost(c: Context, origin: string): boolean {
  try {
    return new URL(origin).host === (c.req.header('Host') ?? new URL(c.req.url).host);
  } catch {
    return false; // "null" (sandboxed or opaque origins) and garbage
  }
}
