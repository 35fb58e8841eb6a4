/**
 * CORS and the gate in front of every /wps call (server/app.ts puts it there): the answer headers
 * every /wps answer carries, in demo mode the host names, then the CORS headers for the request's
 * Origin (merchants.json `allowedOrigins`; in demo mode the server's own origins too), preflights
 * answered here. The ping and the tracking post have rules of their own (any origin, no credentials).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { endpoints } from '../../src/contract/endpoints.ts';
import { TRACKING_PATH } from '../../src/contract/tracking/wire.ts';
import type { Merchants } from '../merchants/merchants.ts';
import { answerHeaders, answerHeadersOf, finishAnswerHeaders, headersFor } from './answer.ts';
import { hostName, hostRefusal } from './hosts.ts';

const CORS_HEADERS = 'Merchant, Language, Authorization, ModuleId, Content-Type, Encryption, X-RSA, X-Digest, Device';

/**
 * The /wps gate: `wpsHeaders` on every answer, the host check (`hostAllowed`, demo mode), CORS and
 * the preflights. One middleware layer: it runs before every call, and each layer's cost showed.
 */
export function wpsGate(
  merchants: Merchants,
  wpsHeaders: Record<string, string>,
  hostAllowed: ((c: Context) => boolean) | undefined,
  own: ((origin: string, c: Context) => boolean) | undefined,
): MiddlewareHandler {
  const corsHeaders = corsHeadersFor(merchants, wpsHeaders, own);
  return async (c, next) => {
    if (c.req.path === TRACKING_PATH) {
      answerHeaders(c, TRACKING_HEADERS);
      if (hostAllowed && !hostAllowed(c)) return finishAnswerHeaders(c, hostRefusal(c));
      if (c.req.method === 'OPTIONS') return c.body(null, 204, headersFor(c, TRACKING_PREFLIGHT));
      await next();
      return finishAnswerHeaders(c);
    }
    if (c.req.path === PING_PATH) {
      answerHeaders(c, wpsHeaders);
      if (hostAllowed && !hostAllowed(c)) return finishAnswerHeaders(c, hostRefusal(c));
      const preflight = await pingCors(c, next);
      return preflight && finishAnswerHeaders(c, preflight);
    }
    // One call, one precomputed object: this gate runs before every call, and its cost showed.
    answerHeaders(c, corsHeaders(c.req.header('Origin'), c));
    if (hostAllowed && !hostAllowed(c)) return finishAnswerHeaders(c, hostRefusal(c));
    if (c.req.method === 'OPTIONS') return c.body(null, 204, headersFor(c, preflightHeaders(c)));
    await next();
    return finishAnswerHeaders(c);
  };
}

const PING_PATH = endpoints.ping.path;

/**
 * Only listed origins get CORS headers; others get none, so the browser keeps the answer from them.
 * Answers the headers every /wps answer carries for a request's Origin (`base`, Vary and, for a
 * listed origin, the CORS pair), one shared object per origin. `own` (demo mode) also lets in the
 * server's own origins (ownOriginCheck).
 */
function corsHeadersFor(merchants: Merchants, base: Record<string, string>, own?: (origin: string, c: Context) => boolean) {
  const other = { ...base, Vary: 'Origin' };
  const allowed = (origin: string) => ({
    ...other,
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
  });
  const listed = new Map([...merchants.allowedOrigins].map((origin) => [origin, allowed(origin)]));
  const ownAnswers = new Map<string, Record<string, string>>();
  return (origin: string | undefined, c: Context) => {
    if (origin === undefined) return other;
    const answer = listed.get(origin);
    if (answer || !own?.(origin, c)) return answer ?? other;
    let shared = ownAnswers.get(origin);
    if (!shared) {
      if (ownAnswers.size >= 256) ownAnswers.clear();
      ownAnswers.set(origin, (shared = allowed(origin)));
    }
    return shared;
  };
}

/**
 * Demo mode: whether `origin` is one of this server's own: http(s), a host name the server answers
 * to (loopback, HOST, ALLOWED_HOSTS) and the port of the request's own Host (the port it listens on,
 * whatever PORT was; both without a port on 80/443). So the merchant demo on `localhost:8123` may
 * call `127.0.0.1:8123`, and a page of another local server (another port) may not.
 */
export function ownOriginCheck(names: ReadonlySet<string>): (origin: string, c: Context) => boolean {
  const verdicts = new Map<string, boolean>();
  return (origin, c) => {
    const host = c.req.header('Host') ?? new URL(c.req.url).host;
    const key = `${origin}\n${host}`;
    let ok = verdicts.get(key);
    if (ok === undefined) {
      // The URL parser's reading, never a pattern: it refuses `http://localhost:5555.evil.example`
      // (a port is digits), and only a canonical origin (as browsers send it) counts.
      let url: URL | undefined;
      try {
        url = new URL(origin);
      } catch {
        url = undefined;
      }
      ok =
        !!url &&
        /^https?:$/.test(url.protocol) &&
        url.origin === origin &&
        names.has(hostName(url.hostname)) &&
        url.port === portOf(host);
      if (verdicts.size >= 1024) verdicts.clear();
      verdicts.set(key, ok);
    }
    return ok;
  };
}

/** The port of `name[:port]` (IPv6 in brackets) as written; '' without one. */
const portOf = (host: string) => /:(\d+)$/.exec(host.replace(/^\[[^\]]*\]/, ''))?.[1] ?? '';

const PREFLIGHT = {
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': CORS_HEADERS,
  'Access-Control-Max-Age': '600',
};
/** A preflight from a listed origin gets the methods and headers; any other gets nothing more. */
const preflightHeaders = (c: Context): Record<string, string> =>
  answerHeadersOf(c)?.['Access-Control-Allow-Origin'] ? PREFLIGHT : {};

/**
 * The tracking post answers any origin, without credentials: merchant pages post their beacons here,
 * and a beacon carries no cookie or Authorization that the answer could leak to.
 */
const TRACKING_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
  'Access-Control-Allow-Origin': '*',
};
const TRACKING_PREFLIGHT = {
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Max-Age': '600',
};

/**
 * The ping is the exception: the line speed test calls it on other lines without cookies, so every
 * ping answer (refusals too) carries `Access-Control-Allow-Origin: *` and never the credentials header.
 */
async function pingCors(c: Context, next: () => Promise<void>) {
  if (c.req.method === 'OPTIONS') {
    return c.body(null, 204, {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, OPTIONS',
      'Access-Control-Allow-Headers': CORS_HEADERS,
      'Access-Control-Max-Age': '600',
    });
  }
  await next();
  finishAnswerHeaders(c);
  c.res.headers.set('Access-Control-Allow-Origin', '*');
  c.res.headers.delete('Access-Control-Allow-Credentials');
  c.res.headers.set('Cache-Control', 'no-store');
}
