/**
 * The Firebase Auth emulator (firebase-tools, a dev dependency), offline: `npm start` runs one for
 * the demo merchant's identity-provider sign-in (server/main.ts), and the tests run their own
 * (test/e2e/harness.ts re-exports this). It needs no Java and no network; see docs/server.md,
 * "Identity provider".
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
 * Resolves once `GET /` answers (at most `timeoutMs`; about 8–20 s depending on the machine's load).
 * `onLine` sees each line of its output (the demo passes on the phone codes it prints); an aborted
 * `signal` stops a start under way (it rejects, and no emulator is left behind).
 */
export async function startAuthEmulator(
  timeoutMs = 60_000,
  onLine?: (line: string) => void,
  signal?: AbortSignal,
): Promise<AuthEmulator> {
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
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
    if (onLine) for (const line of chunk.toString().split('\n')) if (line.trim()) onLine(line);
  };
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
    if (signal?.aborted) {
      await stop();
      throw new Error('the Auth emulator start was cancelled');
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
