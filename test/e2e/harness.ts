/**
 * End-to-end harness: the real reference server on a free port with a fresh data folder, and
 * Debian's Chromium driven by playwright-core (no browser download; which binary: scripts/test-chrome.mjs).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { startServer, type RunningServer } from '../../server/start.ts';
import type { Config } from '../../server/infra/config.ts';
import { EMULATOR_API_KEY, EMULATOR_PROJECT_ID } from '../../server/dev/auth-emulator.ts';
import { CHROME_ARGS, testChromePath } from '../../scripts/test-chrome.mjs';

export { CHROME_ARGS };

export {
  EMULATOR_API_KEY,
  EMULATOR_PROJECT_ID,
  FIREBASE_BIN,
  freePort,
  startAuthEmulator,
  type AuthEmulator,
} from '../../server/dev/auth-emulator.ts';

export interface Harness {
  server: RunningServer;
  browser: Browser;
  dataDir: string;
  newContext(options?: Parameters<Browser['newContext']>[0]): Promise<BrowserContext>;
  close(): Promise<void>;
}

const SEED_PREFIX = 'wps-e2e-seed-';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A migrated, seeded data folder for this run, made once and copied by every file: a fresh folder's
 * migrations and demo seed cost 2 to 4 s per server on the 2-core machine, a copy about 0.1 s. The
 * files of one `node --test` run share its pid as their parent, which names the folder: a code change
 * or the seed's own dates never come from an earlier run (whose folders are removed here once their
 * runner is gone). One per merchants file; any other option: a fresh folder as before. Each file still
 * gets its own folder, server and browser; the fresh path stays covered by test/server and start.test.ts.
 */
async function seededDataDir(options: Partial<Config>): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wps-e2e-'));
  if (Object.keys(options).some((k) => k !== 'merchantsFile' && k !== 'port')) return dataDir;
  const merchants = options.merchantsFile ? readFileSync(options.merchantsFile) : '';
  const seed = join(
    tmpdir(),
    `${SEED_PREFIX}${process.ppid}-${createHash('sha256').update(merchants).digest('hex').slice(0, 12)}`,
  );
  if (!existsSync(seed)) {
    for (const old of readdirSync(tmpdir()).filter((n) => n.startsWith(SEED_PREFIX))) {
      const pid = Number(old.slice(SEED_PREFIX.length).split('-')[0]);
      if (pid && pid !== process.ppid && !alive(pid)) await rm(join(tmpdir(), old), { recursive: true, force: true });
    }
    // The files that start together wait for the one that makes it (mkdir is atomic), rather than
    // each making its own: the pool of scripts/test.mjs starts several at once.
    const making = `${seed}.making`;
    if (
      await mkdir(making).then(
        () => true,
        () => false,
      )
    ) {
      try {
        const part = await mkdtemp(`${seed}.part-`);
        const maker = await startServer({
          port: 0,
          host: '127.0.0.1',
          dataDir: part,
          distDir: './dist',
          ...(options.merchantsFile ? { merchantsFile: options.merchantsFile } : {}),
        });
        await maker.close();
        await rename(part, seed);
      } finally {
        await rm(making, { recursive: true, force: true });
      }
    } else {
      // Until it is there, or its maker gave up (this file then starts on a fresh folder).
      await until(
        'the seeded data folder another file is making',
        async () => existsSync(seed) || !existsSync(making) || undefined,
        120_000,
      );
      if (!existsSync(seed)) return dataDir;
    }
  }
  await cp(seed, dataDir, { recursive: true });
  return dataDir;
}

/** Debian's Chromium headless shell, or with `full` the full browser (scripts/test-chrome.mjs). */
function launchBrowser(full: boolean): Promise<Browser> {
  return chromium.launch({ executablePath: testChromePath({ full }), headless: true, args: CHROME_ARGS });
}

// A mobile viewport, as the players see it.
const mobileContext = (browser: Browser, o?: Parameters<Browser['newContext']>[0]) =>
  browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', ...o });

/**
 * `fullChromium`: Debian's Chromium itself rather than its headless shell, for a file that needs what
 * only the full browser does (a push prompt: the shell's Notification.permission is always "denied").
 */
export async function startHarness(
  options: Partial<Config> = {},
  { fullChromium = false }: { fullChromium?: boolean } = {},
): Promise<Harness> {
  const dataDir = await seededDataDir(options);
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: './dist', ...options });
  const browser = await launchBrowser(fullChromium);
  return {
    server,
    browser,
    dataDir,
    newContext: (o) => mobileContext(browser, o),
    async close() {
      await browser.close();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The full Chromium beside a harness's headless shell, on the same server: for the few tests of a
 * file that need a push prompt, while the others run in the shell, which costs about a quarter less
 * CPU per page. Its `close()` closes only this browser.
 */
export async function withFullChromium(h: Harness): Promise<Harness> {
  const browser = await launchBrowser(true);
  return { ...h, browser, newContext: (o) => mobileContext(browser, o), close: () => browser.close() };
}

// ---- Firebase Auth emulator ------------------------------------------------------------------------

async function emulatorPost(url: string, method: string, body: unknown): Promise<any> {
  const res = await fetch(`${url}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${EMULATOR_API_KEY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json: any = await res.json();
  if (!res.ok) throw new Error(`emulator accounts:${method}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json;
}

export interface EmulatorSignIn {
  idToken: string;
  localId: string;
}

/** A new email/password account (channel `password`); its ID token. */
export async function emulatorSignUp(url: string, email: string, password: string): Promise<EmulatorSignIn> {
  const r = await emulatorPost(url, 'signUp', { email, password, returnSecureToken: true });
  return { idToken: r.idToken, localId: r.localId };
}

/** Signs in with a phone number (channel `phone`): sends a code, reads it from the emulator, uses it. */
export async function emulatorPhoneSignIn(url: string, phoneNumber: string): Promise<EmulatorSignIn> {
  const { sessionInfo } = await emulatorPost(url, 'sendVerificationCode', { phoneNumber, recaptchaToken: 'emulator' });
  const res = await fetch(`${url}/emulator/v1/projects/${EMULATOR_PROJECT_ID}/verificationCodes`);
  const { verificationCodes = [] } = (await res.json()) as { verificationCodes?: { sessionInfo: string; code: string }[] };
  const code = verificationCodes.find((v) => v.sessionInfo === sessionInfo)?.code;
  if (!code) throw new Error(`no emulator verification code for ${phoneNumber}`);
  const r = await emulatorPost(url, 'signInWithPhoneNumber', { sessionInfo, code });
  return { idToken: r.idToken, localId: r.localId };
}

/**
 * Signs in with a federated provider (google.com, facebook.com, apple.com, ...) the way the web SDK
 * does against the emulator: an unsigned provider token carrying `sub` and `email`.
 */
export async function emulatorIdpSignIn(
  url: string,
  providerId: string,
  user: { sub: string; email?: string },
): Promise<EmulatorSignIn> {
  const claims = { sub: user.sub, ...(user.email ? { email: user.email, email_verified: true } : {}) };
  const postBody = `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=${encodeURIComponent(providerId)}`;
  const r = await emulatorPost(url, 'signInWithIdp', { postBody, requestUri: 'http://localhost', returnSecureToken: true });
  return { idToken: r.idToken, localId: r.localId };
}

/**
 * Follows a page's requests from now on, so a test can wait until the page has nothing left in flight
 * and has sent nothing for `quietMs`: "nothing was sent" is then checked after the page has done
 * what it was going to do, not at a moment picked by a fixed sleep.
 */
export function trackNetwork(page: Page) {
  const inFlight = new Set<Request>();
  const seen: Request[] = [];
  let lastChange = Date.now();
  page.on('request', (r) => (inFlight.add(r), seen.push(r), (lastChange = Date.now())));
  const done = (r: Request) => (inFlight.delete(r), (lastChange = Date.now()));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    /** Requests whose URL contains `part`, since tracking began. */
    to: (part: string) => seen.filter((r) => r.url().includes(part)),
    /** Resolves once nothing is in flight and nothing new started for `quietMs`. */
    async quiet(quietMs = 500, timeoutMs = 15_000) {
      const start = Date.now();
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() - start > timeoutMs)
          throw new Error(`network not quiet after ${timeoutMs} ms: ${[...inFlight].map((r) => r.url())}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

/**
 * Deletes the merchant's popup announcements (docs/engagement.md): tests of other flows on /m/home
 * (install offers, sign-in, the session) are then not covered by the demo's popups, which
 * test/e2e/engagement.test.ts covers. The demo seed does not bring them back (seeded once).
 */
export async function clearAnnouncements(h: Harness, merchant?: string): Promise<void> {
  const res = await fetch(`${h.server.url}/dev/announcements/clear`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(merchant ? { Merchant: merchant } : {}) },
    body: '{}',
  });
  if (!res.ok) throw new Error(`clearing the announcements: HTTP ${res.status} ${await res.text()}`);
}

/** Polls `fn` every 200 ms until it answers something other than undefined (the server's side of a flow). */
export async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 15000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
