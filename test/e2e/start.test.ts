/**
 * `npm start` as a newcomer runs it (server/main.ts with its defaults, on a free port and a fresh
 * DATA_DIR): the demo starts the Firebase Auth emulator itself and turns the demo merchant's
 * identity-provider sign-in on with it, so /m/login offers "Continue with Google" with nothing set
 * up by hand; Ctrl-C stops the emulator and puts the setting back; AUTH_EMULATOR=0 leaves it off
 * (docs/server.md, "Identity provider"). Skipped when firebase-tools is not installed.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROME_ARGS, FIREBASE_BIN } from './harness.ts';
import { testChromePath } from '../../scripts/test-chrome.mjs';

const dirs: string[] = [];
after(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  origin: string;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the first printed line matching `pattern` (rejects after `ms`). */
  line(pattern: RegExp, ms?: number): Promise<string>;
  exited: Promise<number | null>;
}

async function start(dataDir: string, env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters = new Set<() => void>();
  const take = (chunk: Buffer) => {
    output += chunk.toString();
    for (const w of [...waiters]) w();
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const line = (pattern: RegExp, ms = 90_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const found = output.split('\n').find((l) => pattern.test(l));
        if (found === undefined) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no line matching ${pattern} within ${ms} ms:\n${output}`));
      }, ms);
      waiters.add(check);
      check();
    });
  const listening = await line(/listening on http/, 60_000);
  const origin = /(http:\/\/\S+?)\/m\/home/.exec(listening)![1]!;
  return { child, origin, output: () => output, line, exited };
}

async function smsInfo(origin: string) {
  const res = await fetch(`${origin}/wps/system/status`, { headers: { Merchant: 'demo' } });
  const body = (await res.json()) as { value: { info: { sms: { firebase?: boolean; authEmulatorUrl?: string } } } };
  return body.value.info.sms;
}

const reachable = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    (r) => (void r.body?.cancel(), true),
    () => false,
  );

describe('npm start: the identity provider is on with nothing set up by hand', { skip: !existsSync(FIREBASE_BIN) }, () => {
  it('starts the Auth emulator, offers it on /m/login, and stops it on SIGINT', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'wps-start-'));
    dirs.push(dataDir);
    const server = await start(dataDir);
    try {
      // The server answers before the emulator is up: nothing waits for it.
      assert.equal((await fetch(`${server.origin}/m/home`)).status, 200);
      const on = await server.line(/identity provider: on for merchant demo/);
      const emulatorUrl = /emulator at (http:\/\/\S+)/.exec(on)![1]!;
      assert.deepEqual(await smsInfo(server.origin).then((s) => [s.firebase, s.authEmulatorUrl]), [true, emulatorUrl]);
      assert.equal(await reachable(`${emulatorUrl}/`), true);

      const browser = await chromium.launch({
        executablePath: testChromePath(),
        headless: true,
        args: CHROME_ARGS,
      });
      try {
        const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
        await page.goto(`${server.origin}/m/login`);
        await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
      } finally {
        await browser.close();
      }

      // One Ctrl-C under npm reaches the server twice: it still stops the emulator first.
      server.child.kill('SIGINT');
      server.child.kill('SIGINT');
      assert.equal(await server.exited, 0, server.output());
      assert.equal(await reachable(`${emulatorUrl}/`), false, 'the emulator is stopped with the server');
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }

    // The same data folder without the emulator: the setting was put back, nothing offers a dead emulator.
    const again = await start(dataDir, { AUTH_EMULATOR: '0' });
    try {
      const sms = await smsInfo(again.origin);
      assert.equal(sms.firebase, false);
      assert.equal(sms.authEmulatorUrl, undefined);
      assert.doesNotMatch(again.output(), /identity provider/);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  });
});
