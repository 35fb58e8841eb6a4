/**
 * server/main.ts as a real process (NODE_ENV=production): the start-up lines, the socket's client
 * IP, no dev controls, raw request paths over a socket, clean exit on SIGTERM. Plus config parsing.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_MERCHANTS_FILE, loadConfig } from '../../server/infra/config.ts';
import { tempDir } from './helpers.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SECRET = 'TOP-SECRET-CONTENT';
const tmp = tempDir();
let child: ChildProcess;
let origin: string;
let port: number;
let stdout = '';
let stderr = '';

before(async () => {
  mkdirSync(join(tmp.dir, 'dist/m'), { recursive: true });
  writeFileSync(join(tmp.dir, 'dist/m/index.html'), '<!doctype html>');
  writeFileSync(join(tmp.dir, 'dist/secret.txt'), SECRET);
  writeFileSync(join(tmp.dir, 'secret.txt'), SECRET);
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: join(tmp.dir, 'data'),
      DIST_DIR: join(tmp.dir, 'dist'),
      TRUST_PROXY: '',
      UPSTREAM: '',
      DATABASE_URL: '',
      MERCHANTS_FILE: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (d) => (stderr += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start-up line; stderr: ${stderr}`)), 30_000);
    child.stdout!.on('data', (d) => {
      stdout += d;
      const match = /wps-mobile listening on (http:\/\/127\.0\.0\.1:(\d+))\/m\/home\n/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        origin = match[1]!;
        port = Number(match[2]);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}; stderr: ${stderr}`)));
  });
});

after(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  tmp.remove();
});

/** Sends a request line as is (no URL normalisation by a client) and answers the raw response. */
function rawGet(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    });
    let data = '';
    socket.on('data', (d) => (data += d));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

describe('main.ts', () => {
  test('prints the listening line with the real port, and no demo account (production seeds none)', () => {
    const lines = stdout.trim().split('\n');
    assert.equal(lines[0], `wps-mobile listening on ${origin}/m/home`);
    assert.ok(port > 0);
    assert.doesNotMatch(stdout, /demo account|Demo1234|Guard1234/);
  });

  test('the client IP is the socket address; X-Forwarded-For is ignored without TRUST_PROXY', async () => {
    const res = await fetch(`${origin}/wps/system/status`, { headers: { 'X-Forwarded-For': '203.0.113.7' } });
    const body = await res.json();
    assert.equal(body.value.location.ip, '127.0.0.1');
  });

  test('no dev controls with NODE_ENV=production', async () => {
    const res = await fetch(`${origin}/dev/health`);
    assert.equal(res.status, 404);
    const expire = await fetch(`${origin}/dev/members/demo/expire-session`, { method: 'POST' });
    assert.equal(expire.status, 404);
    for (const path of ['/dev/', '/dev/dev.js', '/dev/dev.css', '/dev/state', '/dev/merchants', '/dev/members', '/dev/captcha']) {
      assert.equal((await fetch(origin + path)).status, 404, path);
    }
    for (const path of [
      '/dev/maintenance',
      '/dev/region-restriction',
      '/dev/test-flag',
      '/dev/domain-unavailable',
      '/dev/ping',
      '/dev/asset-manifest/publish',
      '/dev/reset',
    ]) {
      const res = await fetch(origin + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"on":true,"mode":"fail"}',
      });
      assert.equal(res.status, 404, path);
    }
    // Nothing was switched.
    const status = await (await fetch(`${origin}/wps/system/status`)).json();
    assert.equal(status.value.maintenance, false);
    assert.equal((await fetch(`${origin}/wps/system/test/ping?speed=1`)).status, 200);
  });

  test('raw request paths cannot leave the dist folder', async () => {
    for (const path of [
      '/m/../secret.txt',
      '/m/../../secret.txt',
      '/m/..%2f..%2fsecret.txt',
      '/m/%2e%2e/%2e%2e/secret.txt',
      '/elements/../secret.txt',
    ]) {
      const answer = await rawGet(path);
      assert.match(answer, /^HTTP\/1\.1 \d{3}/);
      assert.ok(!answer.includes(SECRET), path);
    }
  });

  test('a garbage request does not stop the server', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.end('NOT HTTP AT ALL\r\n\r\n'));
      socket.resume(); // read the 400, so that 'close' comes
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    assert.equal((await fetch(`${origin}/wps/system/test/ping`)).status, 200);
  });

  test('SIGTERM closes the server and the database, and exits 0', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
    assert.equal(stderr, '');
  });
});

describe('config', () => {
  test('defaults', () => {
    const c = loadConfig({}, []);
    assert.deepEqual(c, {
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      upstream: undefined,
      trustProxy: 0,
      allowedHosts: [],
      devOpen: false,
      publicOrigins: [],
      hsts: false,
      production: false,
      authEmulator: true,
      distDir: './dist',
      merchantsFile: DEFAULT_MERCHANTS_FILE,
    });
  });

  test('environment and --upstream', () => {
    const env = {
      PORT: '0',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/d',
      DATABASE_URL: 'postgres://u@h/db',
      UPSTREAM: 'https://env.example',
      TRUST_PROXY: '1',
      NODE_ENV: 'production',
      DIST_DIR: '/tmp/dist',
      MERCHANTS_FILE: '/tmp/m.json',
    };
    const c = loadConfig(env, []);
    assert.equal(c.port, 0);
    assert.equal(c.host, '0.0.0.0');
    assert.equal(c.databaseUrl, 'postgres://u@h/db');
    assert.equal(c.upstream, 'https://env.example');
    assert.equal(c.trustProxy, 1);
    assert.equal(c.production, true);
    assert.equal(c.merchantsFile, '/tmp/m.json');
    assert.equal(loadConfig(env, ['--upstream', 'http://cli.example/']).upstream, 'http://cli.example');
    assert.equal(loadConfig({}, ['--upstream=http://cli.example']).upstream, 'http://cli.example');
    assert.equal(loadConfig({ TRUST_PROXY: '2' }, []).trustProxy, 2, 'the number of proxies in front');
    assert.equal(loadConfig({ AUTH_EMULATOR: '0' }, []).authEmulator, false, 'AUTH_EMULATOR=0 leaves the demo emulator off');
    assert.equal(loadConfig({ TRUST_PROXY: '' }, []).trustProxy, 0);
    assert.deepEqual(loadConfig({ ALLOWED_HOSTS: ' demo.example, 192.0.2.5:8080 ,,[::1]' }, []).allowedHosts, [
      'demo.example',
      '192.0.2.5:8080',
      '[::1]',
    ]);
  });

  test('bad values fail loudly', () => {
    assert.throws(() => loadConfig({ PORT: 'eighty' }, []), /PORT/);
    assert.throws(() => loadConfig({ PORT: '70000' }, []), /PORT/);
    assert.throws(() => loadConfig({}, ['--upstream', 'ftp://x']), /upstream/);
    assert.throws(() => loadConfig({}, ['--upstream']), /upstream/);
    // A typo must not end up trusting (or silently ignoring) the proxy header.
    for (const value of ['true', 'yes', '-1', '1.5']) assert.throws(() => loadConfig({ TRUST_PROXY: value }, []), /TRUST_PROXY/);
    assert.throws(() => loadConfig({ ALLOWED_HOSTS: 'https://demo.example' }, []), /ALLOWED_HOSTS/);
  });
});
