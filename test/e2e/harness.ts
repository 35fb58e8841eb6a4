/**
 * End-to-end harness: the real reference server on a free port with a fresh data folder, and
 * Debian's Chromium driven by playwright-core (no browser download: CHROME_PATH or /usr/bin/chromium).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { startServer, type RunningServer } from '../../server/start.ts';
import type { Config } from '../../server/infra/config.ts';

export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export interface Harness {
  server: RunningServer;
  browser: Browser;
  dataDir: string;
  newContext(options?: Parameters<Browser['newContext']>[0]): Promise<BrowserContext>;
  close(): Promise<void>;
}

export async function startHarness(options: Partial<Config> = {}): Promise<Harness> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wps-e2e-'));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: './dist', ...options });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROME_ARGS,
  });
  return {
    server,
    browser,
    dataDir,
    // A mobile viewport, as the players see it.
    newContext: (o) => browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', ...o }),
    async close() {
      await browser.close();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// ---- Firebase Auth emulator ------------------------------------------------------------------------

/** firebase-tools' CLI of this repository (a dev dependency). */
export const FIREBASE_BIN = fileURLToPath(new URL('../../node_modules/.bin/firebase', import.meta.url));
export const EMULATOR_PROJECT_ID = 'demo-test';
export const EMULATOR_API_KEY = 'fake-api-key';

export interface AuthEmulator {
  /** Origin of the emulator, e.g. http://127.0.0.1:PORT (no trailing slash). */
  url: string;
  projectId: 'demo-test';
  /** Deletes every account of the project. */
  clear(): Promise<void>;
  /** Stops the emulator (its whole process group) and removes its folder. */
  stop(): Promise<void>;
}

/** A port nobody listens on right now (on 127.0.0.1). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the Firebase Auth emulator (`firebase emulators:start --only auth --project demo-test`) on
 * free ports, offline, in a temporary folder that is also its HOME and TMPDIR (so it writes nothing
 * into the repository or the user's config, and two of them do not share a hub locator file).
 * Resolves once `GET /` answers (at most 60 s; about 8–20 s depending on the machine's load).
 */
export async function startAuthEmulator(timeoutMs = 60_000): Promise<AuthEmulator> {
  if (!existsSync(FIREBASE_BIN)) throw new Error(`firebase-tools is not installed (${FIREBASE_BIN})`);
  const dir = await mkdtemp(join(tmpdir(), 'wps-auth-emulator-'));
  const [port, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port },
      hub: { host: '127.0.0.1', port: hubPort },
      logging: { host: '127.0.0.1', port: loggingPort },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  await writeFile(join(dir, 'firebase.json'), JSON.stringify(config));
  const child = spawn(FIREBASE_BIN, ['emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT_ID], {
    cwd: dir,
    // CI=1: no message-of-the-day fetch (it only times out offline).
    env: { ...process.env, HOME: dir, TMPDIR: dir, CI: '1', FORCE_COLOR: '0' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!gone && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) {
      await stop();
      throw new Error(`the Auth emulator exited before it was ready:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(1000) });
      await res.body?.cancel();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the Auth emulator was not ready within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    url,
    projectId: EMULATOR_PROJECT_ID,
    async clear() {
      const res = await fetch(`${url}/emulator/v1/projects/${EMULATOR_PROJECT_ID}/accounts`, { method: 'DELETE' });
      if (!res.ok) throw new Error(`clearing the Auth emulator: HTTP ${res.status}`);
      await res.body?.cancel();
    },
    stop,
  };
}

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
