/**
 * The reference back end as a Hono app: /wps routes registered from the endpoint catalogue, the
 * built front end (infra/static.ts), the demo downloads (downloads/downloads.ts), the chat page
 * (engagement/chat-page.ts), the support chat (engagement/support-page.ts), the asset manifests
 * (infra/manifests.ts), dev controls (dev/controls.ts) or, with an upstream, a forwarding proxy.
 * `createApp` serves both server/start.ts and the tests (`app.request()`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { endpoints, type Endpoint, type EndpointName, type payloadSchemaNames } from '../src/core/api/endpoints.ts';
import { featureEndpoints } from '../src/core/api/feature-endpoints.ts';
import * as schemas from '../src/core/api/schemas.ts';
import type { Call, Deps } from './api/call.ts';
import { ReplayGuard } from './infra/replay.ts';
import { handlers } from './api/handlers.ts';
import { openDb, type Db } from './db/db.ts';
import { mountDownloads } from './downloads/downloads.ts';
import { mountChat } from './engagement/chat-page.ts';
import { mountSupport } from './engagement/support-page.ts';
import { mountGames } from './games/pages.ts';
import { seedEngagement } from './engagement/seed.ts';
import { seedMemberCentre } from './member-centre/seed.ts';
import { sharedKeys, sharedSecrets } from './db/keys.ts';
import { prehashSeeds, seedMembers } from './db/seed.ts';
import { findSession } from './db/sessions.ts';
import { createStateStore } from './db/state.ts';
import { mountDev, type Runtime } from './dev/controls.ts';
import { fieldDataRoutes } from './field-data/routes.ts';
import { BodyAborted, parseJsonObject, readBody, requireObject, validate } from './infra/body.ts';
import { loadConfig, type Config } from './infra/config.ts';
import { clientIp, forwardedFor, isLoopback, socketIp } from './infra/client-ip.ts';
import { loadOrCreateKeys, requireEncryption, unseal } from './infra/crypto.ts';
import { secureDataDir } from './infra/data-dir.ts';
import { ApiError, failure } from './infra/errors.ts';
import { allowedHostNames, hostCheck, hostName, hostRefusal } from './infra/hosts.ts';
import { createLimits } from './infra/limits.ts';
import { mountManifests } from './infra/manifests.ts';
import { publicOriginOf } from './infra/public-origin.ts';
import { mountMiniGame } from './infra/mini-game.ts';
import { mountRedirect } from './infra/redirect.ts';
import { mountWebManifest } from './infra/webmanifest.ts';
import { mountPushService } from './push/push-service.ts';
import { requestPixels } from './tracking/pixels.ts';
import { postTracking } from './tracking/tracking.ts';
import { TRACKING_PATH } from '../src/core/tracking/wire.ts';
import { loadOrCreateSecrets } from './infra/secrets.ts';
import { mountStatic } from './infra/static.ts';
import { forward } from './infra/upstream.ts';
import { connectSources, requestHost } from './merchants/domains.ts';
import { loadMerchants, type Merchant, type Merchants } from './merchants/merchants.ts';
import { mountCaptcha } from './signin/captcha.ts';
import { googleCerts, type CertProvider } from './signin/identity.ts';
import { outboxSender, type SmsSender } from './signin/sms.ts';
import { refuseLimitedAddress } from './signin/signin.ts';
import { answerHeaders, answerHeadersOf, finishAnswerHeaders, headersFor, jsonAnswer, JsonText } from './infra/answer.ts';

const CORS_HEADERS = 'Merchant, Language, Authorization, ModuleId, Content-Type, Encryption, X-RSA, X-Digest, Device';

export interface WpsApp {
  app: Hono;
  /** Undefined with an upstream (nothing is stored locally then). */
  db?: Db;
  merchants: Merchants;
  close(): Promise<void>;
}

export type AppOptions = Partial<Config> & {
  /**
   * Delivers SMS codes (server/signin/sms.ts). Default: the dev outbox in demo and test mode; none in
   * production, where /wps/verification/sms/noLogin then answers 503 sms.unavailable.
   */
  smsSender?: SmsSender;
  /**
   * The identity provider's signing keys by `kid` (server/signin/identity.ts). Default: Google's
   * certificates, fetched and cached; tests give their own.
   */
  identityCerts?: CertProvider;
};

export async function createApp(options: AppOptions = {}): Promise<WpsApp> {
  const { smsSender, identityCerts, ...configOptions } = options;
  const config: Config = { ...loadConfig({}, []), ...configOptions };
  const merchants = loadMerchants(config.merchantsFile);
  const app = new Hono();

  app.onError((err, c) => {
    if (err instanceof ApiError) {
      // A limit's refusal says in the HTTP way too when to come back (the body has it as value.retryAfter).
      const retryAfter = (err.value as { retryAfter?: unknown } | undefined)?.retryAfter;
      const extra: Record<string, string> = typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : {};
      return jsonAnswer(c, failure(err.errorCode, err.message, err.value), err.status, extra);
    }
    // A client that drops its connection mid-body is no server error: one line, no stack, so a
    // client cannot flood the log with stacks (the answer goes nowhere).
    if (err instanceof BodyAborted) {
      console.info(`wps-mobile: ${c.req.method} ${c.req.path}: the client aborted its request body`);
      return jsonAnswer(c, failure('request.aborted', 'The request body was cut off'), 400);
    }
    // Only the stack goes to the log: no request body, key or token is ever part of it.
    console.error('wps-mobile: unexpected error:', err instanceof Error ? err.stack : String(err));
    return jsonAnswer(c, failure('server.error', 'Internal server error'), 500);
  });
  app.notFound((c) => {
    const path = c.req.path;
    if (path.startsWith('/wps/') || path.startsWith('/dev/')) return c.json(failure('not.found', 'No such call'), 404);
    return c.text('Not found', 404);
  });

  // Compression: the built files have brotli and gzip siblings made once at build time
  // (infra/static.ts); /wps answers of 4 KiB or more are gzipped as they are sent (infra/answer.ts).

  // Filled in once the state store is open; upstream mode has no state (revision 0).
  let revisionOf = async (_c: Context) => 0;
  mountManifests(app, config.distDir, (c) => revisionOf(c));
  mountWebManifest(app, merchants);
  const allDomains = [...new Set([...merchants.byCode.values()].flatMap((m) => m.domains))];
  // The page may also reach the merchant's other lines (speed test) and, in demo and test mode,
  // the identity provider's emulator when one is switched on.
  let emulatorOf = async (_c: Context): Promise<string[]> => [];
  // The pixels a /m page load configures: the merchant's ids (merchants.json; the runtime state's once
  // it is open), the attribution cookie and the landing URL (tracking/pixels.ts).
  let pixelIdsOf = async (c: Context) => knownMerchant(c, merchants)?.info.analytics;
  // Per scheme and Host header: worked out once, not on every file of every page load.
  const linesByHost = new Map<string, string[]>();
  const otherLines = (c: Context) => {
    const key = `${c.req.url.startsWith('https:') ? 's' : ''}|${c.req.header('Host') ?? ''}`;
    let lines = linesByHost.get(key);
    if (!lines) {
      if (linesByHost.size >= 256) linesByHost.clear();
      linesByHost.set(key, (lines = connectSources(allDomains, requestHost(c))));
    }
    return lines;
  };
  mountRedirect(app, config.distDir); // before mountStatic: its /mobile/* would answer first
  mountStatic(
    app,
    config.distDir,
    async (c) => [...otherLines(c), ...(await emulatorOf(c))],
    async (c) => requestPixels(c, await pixelIdsOf(c)),
  );
  // Absolute URLs the server writes are on this origin, never the request's Host (infra/public-origin.ts).
  const publicOrigin = publicOriginOf(config);
  mountDownloads(app, config.distDir, merchants, publicOrigin);
  mountMiniGame(app, config.distDir);

  // Every /wps answer (refusals, preflights and the upstream's included) belongs to one user and one
  // moment: no cache keeps it, and no browser reads it as anything but its Content-Type.
  const WPS_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' };

  if (config.upstream) {
    const upstream = config.upstream;
    app.use('/wps/*', async (c, next) => {
      answerHeaders(c, WPS_HEADERS);
      await next();
      finishAnswerHeaders(c);
    });
    app.all('/wps/*', async (c) => {
      const body = hasBody(c) ? await readBody(c.req.raw) : undefined;
      return forward(c, upstream, body, forwardedFor(c, config.trustProxy));
    });
    return { app, merchants, close: async () => {} };
  }

  // The keys live in DATA_DIR with DATABASE_URL too, so it is made private in both cases.
  if (config.dataDir !== ':memory:') secureDataDir(config.dataDir);
  // Start-up work that does not need the database runs while it opens: the RSA keys, and on a
  // fresh embedded database the demo members' password hashes.
  // (Several instances on one PostgreSQL share theirs through the database instead: db/keys.ts.)
  const keys = config.databaseUrl ? undefined : loadOrCreateKeys(config.dataDir);
  keys?.catch(() => undefined); // awaited below
  const freshDb = !config.databaseUrl && (config.dataDir === ':memory:' || !existsSync(join(config.dataDir, 'pg', 'PG_VERSION')));
  const hashes = !config.production && freshDb ? prehashSeeds(merchants) : undefined;
  const db = await openDb(config);
  let deps: Deps;
  try {
    const secrets = config.databaseUrl ? await sharedSecrets(db, config.dataDir) : loadOrCreateSecrets(config.dataDir);
    // Demo members have published passwords: never in production.
    if (!config.production) await seedMembers(db, merchants, secrets, hashes);
    // Promotions, popups, VIP labels, unread chat: each made once per merchant (engagement/seed.ts).
    if (!config.production) await seedEngagement(db, merchants);
    // Member-centre rules, tasks, VIP benefits, the demo members' rewards and the leaderboards (after
    // the VIP labels: its benefits belong to them).
    if (!config.production) await seedMemberCentre(db, merchants);
    // In production the stored state is ignored: there are no dev controls to switch it back.
    const state = createStateStore(db, { useStored: !config.production });
    deps = {
      db,
      merchants,
      state,
      keys: await (keys ?? sharedKeys(db, config.dataDir)),
      secrets,
      limits: createLimits(db),
      replay: new ReplayGuard(db),
      smsSender: smsSender ?? (config.production ? undefined : outboxSender(db)),
      clientIp: (c) => clientIp(c, config.trustProxy),
      publicOrigin,
      identity: { certs: identityCerts ?? googleCerts(), production: config.production },
    };
  } catch (err) {
    await db.close();
    throw err;
  }
  revisionOf = async (c) => (await deps.state.get(resolveMerchant(c, merchants))).assetRevision;
  pixelIdsOf = async (c) => {
    const merchant = knownMerchant(c, merchants);
    return merchant && (await deps.state.get(merchant)).analytics;
  };
  emulatorOf = async (c) => {
    const url = (await deps.state.get(resolveMerchant(c, merchants))).authEmulatorUrl;
    return url ? [new URL(url).origin] : [];
  };

  // One gate for /wps (a middleware layer costs every call): the answer headers, in demo mode the
  // host names (DNS rebinding: the demo accounts and the dev controls answer only to configured
  // names), then CORS.
  const hostAllowed = config.production ? undefined : hostCheck(allowedHostNames(config));
  if (hostAllowed) {
    // The dev controls read the SMS outbox and authenticator codes: this machine only, judged by the
    // socket's peer (a Host header is the client's to write), unless DEV_OPEN=1 says otherwise.
    // Behind our proxies the socket is the proxy's, so the client they saw must be loopback too.
    const peerAllowed = (c: Context) =>
      config.devOpen || (isLoopback(socketIp(c)) && (config.trustProxy === 0 || isLoopback(clientIp(c, config.trustProxy))));
    app.use('/dev/*', async (c, next) => {
      if (!hostAllowed(c)) return hostRefusal(c);
      if (!peerAllowed(c)) {
        return c.json(failure('dev.loopback.only', 'The dev controls answer this machine only (loopback)'), 403);
      }
      return next();
    });
  }
  // In demo mode the server's own origins (any name it answers to, on the port the request came in
  // on) may call across origins too: /demo/ on localhost calls 127.0.0.1 on whatever PORT it runs.
  const corsHeaders = corsHeadersFor(
    merchants,
    WPS_HEADERS,
    config.production ? undefined : ownOriginCheck(allowedHostNames(config)),
  );
  app.use('/wps/*', async (c, next) => {
    if (c.req.path === TRACKING_PATH) {
      answerHeaders(c, TRACKING_HEADERS);
      if (hostAllowed && !hostAllowed(c)) return finishAnswerHeaders(c, hostRefusal(c));
      if (c.req.method === 'OPTIONS') return c.body(null, 204, headersFor(c, TRACKING_PREFLIGHT));
      await next();
      return finishAnswerHeaders(c);
    }
    if (c.req.path === PING_PATH) {
      answerHeaders(c, WPS_HEADERS);
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
  });
  for (const [name, row] of Object.entries({ ...endpoints, ...featureEndpoints }) as [EndpointName, Endpoint][]) {
    if (!handlers[name] || !row.path.startsWith('/wps/')) continue; // a row without a handler answers 404
    const schema = row.payload ? schemaOf(row.payload) : undefined;
    app.on(row.method, row.path, async (c) => {
      const call = await prepareCall(c, row, schema, deps, config.trustProxy);
      // Looked up per request, so a test can put a failing handler in place.
      const handler = handlers[name] as (call: Call<unknown>) => unknown;
      const value = await handler(call);
      if (value instanceof JsonText) return jsonAnswer(c, new JsonText(`{"success":true,"value":${value.text}}`));
      return jsonAnswer(c, { success: true, value: value ?? null });
    });
  }

  // The tracking post: a beacon from any merchant page, no session (tracking/tracking.ts).
  app.post(TRACKING_PATH, async (c) => jsonAnswer(c, { success: true, value: await postTracking(c, deps) }));

  const runtime: Runtime = { captchaMode: 'ok' };
  mountCaptcha(app, deps, () => runtime.captchaMode);
  // The chat page CBS_launchChat's URL opens (production too: it is what the reference server offers).
  mountChat(app, deps);
  // The demo support chat the demo merchant's customer-service entries open (engagement/support-page.ts):
  // open to visitors and members whatever the site status, the way out of a blocking screen.
  mountSupport(app, deps);
  // The demo game pages the game launches' URLs open, and the catalogue's pictures (games/pages.ts).
  mountGames(app, deps);
  // Firebase Cloud Messaging has no emulator: its registrations API's stand-in, for the demo and the
  // tests only (a production page uses Google's, and the status names no other).
  if (!config.production) mountPushService(app, deps);
  if (!config.production) mountDev(app, deps, runtime);
  // Field data from real visits: the post, and in demo mode GET /dev/vitals (field-data/routes.ts).
  app.route('/', fieldDataRoutes(deps, { dev: !config.production }));

  return { app, db, merchants, close: () => db.close() };
}

const schemaOf = (name: keyof typeof payloadSchemaNames): v.GenericSchema => schemas[name];

/**
 * The checks every call goes through, in this order: merchant, body size, session, decryption,
 * JSON, schema. Each refusal throws an ApiError with its own errorCode (docs/api.md).
 */
const WHILE_PASSWORD_CHANGE = new Set([endpoints.memberPassword.path, endpoints.memberInfo.path, endpoints.logout.path]);

async function prepareCall(
  c: Context,
  row: Endpoint,
  schema: v.GenericSchema | undefined,
  deps: Deps,
  trustProxy: number,
): Promise<Call<unknown>> {
  const merchant = resolveMerchant(c, deps.merchants);
  const ip = clientIp(c, trustProxy);
  // An address over a sign-in limit costs nothing more: refused before its body is read or opened.
  await refuseLimitedAddress(deps, merchant.code, row.path, ip);
  // A row may allow a larger body than the default (feedback with an image).
  const body = hasBody(c) ? await readBody(c.req.raw, row.bodyLimit) : undefined;

  let member, token;
  if (row.auth) {
    token = c.req.header('Authorization')?.replace(/^Bearer\s+/i, '');
    member = token && token.length <= 512 ? await findSession(deps.db, token) : undefined;
    // A token is valid only with the merchant it was issued for.
    if (!member || member.merchant_code !== merchant.code) {
      throw new ApiError(401, 'CUSTOMER_NOT_LOGIN', 'Please log in');
    }
    // A forced password change comes first: until then the session may only change it, read who it
    // is, and log out (docs/api.md, password.change.required).
    if (member.must_change_password && !WHILE_PASSWORD_CHANGE.has(row.path)) {
      throw new ApiError(403, 'password.change.required', 'Please change your password first');
    }
  }

  let input: unknown;
  if (row.method === 'GET') {
    input = c.req.query();
  } else if (row.encrypted) {
    const sealed = {
      encryption: c.req.header('Encryption'),
      xRsa: c.req.header('X-RSA'),
      xDigest: c.req.header('X-Digest'),
    };
    requireEncryption(sealed);
    // Single use and fresh: a captured body replayed later, or twice, is refused (infra/replay.ts).
    input = await deps.replay.accept(requireObject(unseal(deps.keys, sealed, parseJsonObject(body ?? ''))));
  } else if (schema) {
    input = parseJsonObject(body ?? '');
  }

  if (schema) input = validate(schema, input);

  return { c, deps, merchant, input, member, token, clientIp: ip };
}

function resolveMerchant(c: Context, merchants: Merchants): Merchant {
  const code = c.req.header('Merchant')?.trim() || merchants.defaultCode;
  const merchant = merchants.byCode.get(code);
  if (!merchant) throw new ApiError(400, 'merchant.unknown', 'Unknown merchant');
  return merchant;
}

/** The request's merchant, or undefined for an unknown `Merchant` header (a page is still served). */
function knownMerchant(c: Context, merchants: Merchants): Merchant | undefined {
  return merchants.byCode.get(c.req.header('Merchant')?.trim() || merchants.defaultCode);
}

const hasBody = (c: Context) => c.req.method !== 'GET' && c.req.method !== 'HEAD';

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
