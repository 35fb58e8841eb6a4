/**
 * `npm start`'s identity provider: the demo runs the Firebase Auth emulator itself and turns the demo
 * merchant's identity-provider sign-in on with it, so social, email and phone sign-in can be tried
 * with nothing set up by hand (docs/server.md, "Identity provider"). Demo mode only: production and
 * an upstream never reach this; AUTH_EMULATOR=0 leaves it off. With `authEmulatorUrl` in the site
 * status, the page's "Continue with Google" opens its own chooser of made-up accounts and signs in
 * to the emulator with `signInWithCredential`: no popup, nothing loaded from Google, no internet.
 *
 * The server listens first: the emulator takes 8–25 s to start and nothing waits for it. Once it
 * answers, the settings go through the dev controls (POST /dev/site-settings), the same path as the
 * /dev/ page; on the way out they are put back (identity provider off, no emulator URL), so a later
 * start without the emulator does not offer a sign-in whose emulator is gone.
 */
import { existsSync } from 'node:fs';
import { FIREBASE_BIN, startAuthEmulator, type AuthEmulator } from './auth-emulator.ts';

export interface DemoIdentity {
  /** Resolves once the emulator is up and the merchant's settings point at it (or it failed: logged). */
  ready: Promise<string | undefined>;
  /** Puts the merchant's settings back and stops the emulator. */
  stop(): Promise<void>;
}

type Log = (line: string) => void;

/** Lines of the emulator's output worth passing on: the phone sign-in codes it "sends". */
const CODE_LINE = /verification code|use the code/i;

export function startDemoIdentity(serverUrl: string, merchant: string, log: Log = console.log): DemoIdentity {
  let emulator: AuthEmulator | undefined;
  const cancel = new AbortController();
  const settings = async (body: object) => {
    const res = await fetch(`${serverUrl}/dev/site-settings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Merchant: merchant },
      body: JSON.stringify(body),
    });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`POST /dev/site-settings answered ${res.status}`);
  };

  const ready = (async () => {
    if (!existsSync(FIREBASE_BIN)) {
      log('identity provider: off (firebase-tools is not installed; run npm install with the dev dependencies)');
      return undefined;
    }
    try {
      emulator = await startAuthEmulator(
        90_000,
        (line) => {
          if (CODE_LINE.test(line)) log(`identity provider: ${line.trim()}`);
        },
        cancel.signal,
      );
      await settings({ firebase: true, authEmulatorUrl: emulator.url });
      log(`identity provider: on for merchant ${merchant}, Firebase Auth emulator at ${emulator.url} (offline)`);
      return emulator.url;
    } catch (err) {
      if (cancel.signal.aborted) return undefined;
      log(`identity provider: off (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
      await emulator?.stop();
      emulator = undefined;
      return undefined;
    }
  })();

  return {
    ready,
    async stop() {
      // A start under way ends within a poll (250 ms) and leaves no emulator behind.
      cancel.abort();
      await ready;
      const running = emulator;
      emulator = undefined;
      if (!running) return;
      await settings({ firebase: false, authEmulatorUrl: null }).catch(() => undefined);
      await running.stop();
    },
  };
}
