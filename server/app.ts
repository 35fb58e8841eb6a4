/**
 * The reference back end as a Hono app, assembled here: /wps routes registered from the endpoint
 * catalogue behind their gate (api/pipeline.ts, infra/cors.ts), the
 * built front end (infra/static.ts), the demo downloads (downloads/downloads.ts), the chat page
 * (engagement/chat-page.ts), the support chat (engagement/support-page.ts), the asset manifests
 * (infra/manifests.ts), dev controls (dev/controls.ts, each room's own in `<room>/dev.ts`) or, with an
 * upstream, a forwarding proxy.
 * `createApp` serves both server/start.ts and the tests (`app.request()`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import type { Deps } from './api/call.ts';
import { ReplayGuard } from './infra/replay.ts';
import { hasBody, knownMerchant, registerCalls, resolveMerchant } from './api/pipeline.ts';
import { openDb, type Db } from './db/db.ts';
import { downloadsRoutes } from './downloads/downloads.ts';
import { chatRoutes } from './engagement/chat-page.ts';
import { supportRoutes } from './engagement/support-page.ts';
import { gamesRoutes } from './games/pages.ts';
import { seedEngagement } from './engagement/seed.ts';
import { seedMemberCentre } from './member-centre/seed.ts';
import { sharedKeys, sharedSecrets } from './db/keys.ts';
import { prehashSeeds, seedMembers } from './db/seed.ts';
import { createStateStore } from './db/state.ts';
import { mountDev } from './dev/controls.ts';
import type { Runtime } from './dev/io.ts';
import { fieldDataRoutes } from './field-data/routes.ts';
import { BodyAborted, readBody } from './infra/body.ts';
import { loadConfig, type Config } from './infra/config.ts';
import { clientIp, forwardedFor, isLoopback, socketIp } from './infra/client-ip.ts';
import { loadOrCreateKeys } from './infra/crypto.ts';
import { secureDataDir } from './infra/data-dir.ts';
import { ApiError, failure, refusal, statusOf } from './infra/errors.ts';
import { ownOriginCheck, wpsGate } from './infra/cors.ts';
import { allowedHostNames, hostCheck, hostRefusal } from './infra/hosts.ts';
import { createLimits } from './infra/limits.ts';
import { mountManifests } from './infra/manifests.ts';
import { publicOriginOf } from './infra/public-origin.ts';
import { mountMiniGame } from './infra/mini-game.ts';
import { mountRedirect } from './infra/redirect.ts';
import { mountWebManifest } from './infra/webmanifest.ts';
import { pushServiceRoutes } from './push/push-service.ts';
import { requestPixels } from './tracking/pixels.ts';
import { postTracking } from './tracking/tracking.ts';
import { TRACKING_PATH } from '../src/contract/tracking/wire.ts';
import { loadOrCreateSecrets } from './infra/secrets.ts';
import { mountStatic } from './infra/static.ts';
import { forward } from './infra/upstream.ts';
import { connectSources, requestHost } from './merchants/domains.ts';
import { loadMerchants, type Merchants } from './merchants/merchants.ts';
import { captchaRoutes } from './signin/captcha.ts';
import { googleCerts, type CertProvider } from './signin/identity.ts';
import { outboxSender, type SmsSender } from './signin/sms.ts';
import { answerHeaders, finishAnswerHeaders, jsonAnswer } from './infra/answer.ts';

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
      return jsonAnswer(c, failure('request.aborted', 'The request body was cut off'), statusOf('request.aborted'));
    }
    // Only the stack goes to the log: no request body, key or token is ever part of it.
    console.error('wps-mobile: unexpected error:', err instanceof Error ? err.stack : String(err));
    return jsonAnswer(c, failure('server.error', 'Internal server error'), statusOf('server.error'));
  });
  app.notFound((c) => {
    const path = c.req.path;
    if (path.startsWith('/wps/') || path.startsWith('/dev/')) return refusal(c, 'not.found', 'No such call');
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
  app.route('/', downloadsRoutes(config.distDir, merchants, publicOrigin));
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
        return refusal(c, 'dev.loopback.only', 'The dev controls answer this machine only (loopback)');
      }
      return next();
    });
  }
  // In demo mode the server's own origins (any name it answers to, on the port the request came in
  // on) may call across origins too: /demo/ on localhost calls 127.0.0.1 on whatever PORT it runs.
  app.use(
    '/wps/*',
    wpsGate(merchants, WPS_HEADERS, hostAllowed, config.production ? undefined : ownOriginCheck(allowedHostNames(config))),
  );
  // One route per catalogue row with a handler, through the checks of api/pipeline.ts.
  registerCalls(app, deps, config.trustProxy);

  // The tracking post: a beacon from any merchant page, no session (tracking/tracking.ts).
  app.post(TRACKING_PATH, async (c) => jsonAnswer(c, { success: true, value: await postTracking(c, deps) }));

  const runtime: Runtime = { captchaMode: 'ok' };
  app.route(
    '/',
    captchaRoutes(deps, () => runtime.captchaMode),
  );
  // The chat page CBS_launchChat's URL opens (production too: it is what the reference server offers).
  app.route('/', chatRoutes(deps));
  // The demo support chat the demo merchant's customer-service entries open (engagement/support-page.ts):
  // open to visitors and members whatever the site status, the way out of a blocking screen.
  app.route('/', supportRoutes(deps));
  // The demo game pages the game launches' URLs open, and the catalogue's pictures (games/pages.ts).
  app.route('/', gamesRoutes(deps));
  // Firebase Cloud Messaging has no emulator: its registrations API's stand-in, for the demo and the
  // tests only (a production page uses Google's, and the status names no other).
  if (!config.production) app.route('/', pushServiceRoutes(deps));
  if (!config.production) mountDev(app, deps, runtime);
  // Field data from real visits: the post, and in demo mode GET /dev/vitals (field-data/routes.ts).
  app.route('/', fieldDataRoutes(deps, { dev: !config.production }));

  return { app, db, merchants, close: () => db.close() };
}
