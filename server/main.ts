/**
 * `npm run serve` / `npm start`: the reference back end on HOST:PORT (see docs/server.md).
 * Usage: node --import tsx server/main.ts [--upstream URL]
 */
import { loadConfig, type Config } from './infra/config.ts';
import { startServer, type RunningServer } from './start.ts';
import { startDemoIdentity, type DemoIdentity } from './dev/demo-identity.ts';

let config: Config;
let running: RunningServer;
try {
  config = loadConfig();
  running = await startServer(config);
} catch (err) {
  // A refusal (bad setting, DATA_DIR in use, port taken) is one clear line, not a stack.
  console.error(`wps-mobile: cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

console.log(`wps-mobile listening on ${running.url}/m/home`);
// On every address (HOST=0.0.0.0), this machine's own way in is loopback.
const localUrl = ['0.0.0.0', '::'].includes(config.host) ? `http://127.0.0.1:${running.port}` : running.url;
if (config.publicOrigins.length > 0) {
  console.log(`public origin: ${config.publicOrigins.join(', ')} (the absolute URLs the server writes)`);
} else if (config.production) {
  // Behind a proxy the listening origin is not the players': the Web Clip, chat and game links need it.
  console.log(`public origin: ${localUrl} (PUBLIC_ORIGIN is not set: set it to the origin players reach)`);
}
let identity: DemoIdentity | undefined;
if (config.upstream) {
  console.log(`forwarding /wps to ${config.upstream}`);
} else if (!config.production) {
  // Production seeds no demo member (server/app.ts), so there is no account to announce.
  console.log('demo account: demo / Demo1234 (merchant demo)');
  console.log('two-factor demo: guard / Guard1234 (no recorded IP; SMS and authenticator codes on /dev/)');
  console.log(
    config.devOpen
      ? `dev controls: ${localUrl}/dev/ is OPEN to every peer that reaches the port (DEV_OPEN=1)`
      : `dev controls: ${localUrl}/dev/ answers this machine only (loopback peers); DEV_OPEN=1 opens it`,
  );
  if (config.authEmulator) {
    console.log('identity provider: starting the Firebase Auth emulator (about 10 s; AUTH_EMULATOR=0 skips it)');
    identity = startDemoIdentity(running.url, 'demo');
  }
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // `on`, not `once`: Ctrl-C under npm delivers SIGINT twice (to npm, which passes it on, and to us),
  // and a second default SIGINT would end the process before the emulator is stopped.
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    // The emulator first: putting the merchant's settings back needs the server.
    Promise.resolve(identity?.stop())
      .then(() => running.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          console.error('wps-mobile: error while closing:', err instanceof Error ? err.message : err);
          process.exit(1);
        },
      );
  });
}
