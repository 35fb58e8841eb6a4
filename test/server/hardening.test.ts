/**
 * Infrastructure hardening: one server per data folder (the lock), a private data folder, the client
 * IP behind N trusted proxies (X-Forwarded-For spoofing), the host allow-list of the dev controls and
 * demo /wps (DNS rebinding), no demo members in production, and the headers of every /wps answer.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp } from '../../server/app.ts';
import { isLoopback } from '../../server/infra/client-ip.ts';
import { loadConfig } from '../../server/infra/config.ts';
import { LOCK_FILE } from '../../server/infra/data-dir.ts';
import { startServer, type RunningServer } from '../../server/start.ts';
import {
  call,
  fresh,
  loginBody,
  registerBody,
  rsaKeyOf,
  runMain,
  seal,
  sealedCall,
  tempDir,
  testApp,
  type Answer,
} from './helpers.ts';

const POSIX = process.platform !== 'win32';
const tmp = tempDir('wps-hardening-');
after(() => tmp.remove());

let folders = 0;
/** A data folder path that does not exist yet. */
const freshDataDir = () => join(tmp.dir, `run-${folders++}`, 'data');
const serverOptions = (dataDir: string) => ({ port: 0, dataDir, distDir: join(tmp.dir, 'dist') });
/** For the tests about the network, not the data folder: an in-memory database starts in a fraction of a fresh folder's CPU. */
const IN_MEMORY = ':memory:';

function refused(a: Answer, status: number, errorCode: string) {
  assert.equal(a.status, status, JSON.stringify(a.body));
  assert.equal(a.body.errorCode, errorCode, JSON.stringify(a.body));
}

/** A GET over a real socket with the Host header as given (fetch does not let a page choose it). */
function getWithHost(
  port: number,
  path: string,
  host: string,
): Promise<{ status: number; body: any; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { Host: host } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        let body: any = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode!, body, headers: res.headers });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

// ---- 1. one server per data folder ---------------------------------------------------------------

describe('DATA_DIR lock', () => {
  test('a second server on a data folder in use refuses to start; after a clean stop a new one starts', async () => {
    const dataDir = freshDataDir();
    const first = await startServer(serverOptions(dataDir));
    let second: RunningServer | undefined;
    try {
      assert.equal(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim(), String(process.pid));
      second = await startServer(serverOptions(dataDir)).catch((err: Error) => {
        assert.match(err.message, /DATA_DIR .* is in use by another server \(pid \d+/);
        return undefined;
      });
      assert.equal(second, undefined, 'the second server must not start');
      // The refusal did not disturb the first one.
      assert.equal((await fetch(`${first.url}/wps/system/test/ping`)).status, 200);
    } finally {
      await second?.close();
      await first.close();
    }
    assert.ok(!existsSync(join(dataDir, LOCK_FILE)), 'a clean stop removes the lock');
    const third = await startServer(serverOptions(dataDir));
    await third.close();
  });

  test('a stale lock (a pid that is gone, or ours from an earlier run) is taken over; a live one is not', async () => {
    const dataDir = freshDataDir();
    mkdirSync(dataDir, { recursive: true });
    const lock = join(dataDir, LOCK_FILE);
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    // Our own pid: a container restarts its server with the same pid after a crash.
    for (const pid of [gone, process.pid]) {
      writeFileSync(lock, `${pid}\n`);
      const server = await startServer(serverOptions(dataDir));
      assert.equal(readFileSync(lock, 'utf8').trim(), String(process.pid));
      await server.close();
    }
    writeFileSync(lock, `${process.ppid}\n`); // alive: the test runner
    await assert.rejects(startServer(serverOptions(dataDir)), new RegExp(`in use by another server \\(pid ${process.ppid}`));
    assert.equal(readFileSync(lock, 'utf8').trim(), String(process.ppid), 'a live lock is left alone');
  });

  test('main.ts on a data folder in use exits 1 with one clear line', async () => {
    const dataDir = freshDataDir();
    const first = await startServer(serverOptions(dataDir));
    try {
      const main = runMain({ DATA_DIR: dataDir, DIST_DIR: join(tmp.dir, 'dist') });
      const outcome = await Promise.race([main.exited, main.listening.then(() => 'started')]);
      if (outcome === 'started') main.child.kill('SIGKILL');
      assert.equal(outcome, 1);
      assert.match(main.output(), /^wps-mobile: cannot start: DATA_DIR .* is in use by another server \(pid \d+/m);
      assert.doesNotMatch(main.output(), /listening on/);
    } finally {
      await first.close();
    }
  });
});

// ---- 3. a private data folder ----------------------------------------------------------------------

/** Every path under `dir` (itself included) whose mode gives group or others any permission. */
function tooOpen(dir: string): string[] {
  const stat = lstatSync(dir);
  if (stat.isSymbolicLink()) return [];
  const own = stat.mode & 0o077 ? [`${dir} ${(stat.mode & 0o777).toString(8)}`] : [];
  return stat.isDirectory() ? [...own, ...readdirSync(dir).flatMap((n) => tooOpen(join(dir, n)))] : own;
}

describe('DATA_DIR permissions', { skip: !POSIX && 'POSIX modes only' }, () => {
  test('a fresh data folder and everything the server writes in it are the server user’s only', async () => {
    process.umask(0o022); // the usual umask: the server must not rely on the caller's
    const dataDir = freshDataDir();
    const server = await startServer(serverOptions(dataDir));
    try {
      assert.ok(existsSync(join(dataDir, 'pg')) && existsSync(join(dataDir, 'rsa-public.pem')));
      assert.deepEqual(tooOpen(dataDir), [], 'while running');
    } finally {
      await server.close();
    }
    assert.deepEqual(tooOpen(dataDir), [], 'after a stop');
    assert.equal(lstatSync(dataDir).mode & 0o777, 0o700);
  });

  test('an existing data folder that is too open is tightened at start (links are not followed)', async () => {
    process.umask(0o022);
    const dataDir = freshDataDir();
    mkdirSync(join(dataDir, 'old'), { recursive: true });
    const outside = join(tmp.dir, 'outside.txt');
    writeFileSync(outside, 'not ours');
    chmodSync(outside, 0o644);
    writeFileSync(join(dataDir, 'old', 'notes.txt'), 'x');
    chmodSync(join(dataDir, 'old', 'notes.txt'), 0o666);
    chmodSync(join(dataDir, 'old'), 0o777);
    chmodSync(dataDir, 0o755);
    symlinkSync(outside, join(dataDir, 'link.txt'));
    const server = await startServer(serverOptions(dataDir));
    await server.close();
    assert.deepEqual(tooOpen(dataDir), []);
    assert.equal(lstatSync(join(dataDir, 'old', 'notes.txt')).mode & 0o777, 0o600);
    assert.equal(lstatSync(join(dataDir, 'old')).mode & 0o777, 0o700);
    assert.equal(lstatSync(outside).mode & 0o777, 0o644, 'the file a link points to is left alone');
  });
});

// ---- 2. the client IP behind trusted proxies --------------------------------------------------------

describe('client IP and X-Forwarded-For', () => {
  const apps = new Map<number, Awaited<ReturnType<typeof testApp>>>();
  before(async () => {
    for (const hops of [0, 1, 2]) apps.set(hops, await testApp({ trustProxy: hops }));
  });
  after(async () => {
    for (const app of apps.values()) await app.close();
  });

  // The socket address of app.request() is 127.0.0.1. REAL is the player, 10.0.0.2 our outer proxy.
  const REAL = '203.0.113.9';
  const rows: [hops: number, header: string | undefined, expected: string, what: string][] = [
    [0, undefined, '127.0.0.1', 'no proxy: the socket'],
    [0, `1.2.3.4, ${REAL}`, '127.0.0.1', 'no proxy: the header is ignored'],
    [1, REAL, REAL, 'our proxy replaced the header'],
    [1, `1.2.3.4, ${REAL}`, REAL, 'the client sent a header, our proxy appended'],
    [1, `6.6.6.6, 7.7.7.7, ${REAL}`, REAL, 'several forged entries'],
    [1, `1.2.3.4, not-an-ip`, '127.0.0.1', 'what our proxy wrote is no IP: the socket'],
    [1, `1.2.3.4, ::ffff:${REAL}`, REAL, 'mapped IPv4'],
    [1, '1.2.3.4, 2001:db8::9', '2001:db8::9', 'IPv6'],
    [1, undefined, '127.0.0.1', 'no header: the socket'],
    [2, `${REAL}, 10.0.0.2`, REAL, 'two proxies, the outer replaced the header'],
    [2, `1.2.3.4, ${REAL}, 10.0.0.2`, REAL, 'two proxies, the client sent a header'],
    [2, `1.2.3.4, 5.6.7.8, ${REAL}, 10.0.0.2`, REAL, 'two proxies, several forged entries'],
    [2, '10.0.0.2', '127.0.0.1', 'fewer entries than proxies: the socket, never a client entry'],
  ];
  for (const [hops, header, expected, what] of rows) {
    test(`TRUST_PROXY=${hops}, X-Forwarded-For ${JSON.stringify(header ?? null)}: ${expected} (${what})`, async () => {
      const headers: Record<string, string> = header === undefined ? {} : { 'X-Forwarded-For': header };
      const a = await call(apps.get(hops)!, 'GET', '/wps/system/status', { headers });
      assert.equal(a.status, 200, JSON.stringify(a.body));
      assert.equal(a.body.value.location.ip, expected);
    });
  }

  test('a rotating forged first entry does not get around the login lockout', async () => {
    const wps = apps.get(1)!;
    const rsaKey = await rsaKeyOf(wps);
    const from = (i: number) => ({ headers: { 'X-Forwarded-For': `198.51.100.${i}, ${REAL}` } });
    for (let i = 1; i <= 5; i++) {
      refused(await sealedCall(wps, '/wps/session/login', loginBody('demo', 'wrong123'), rsaKey, from(i)), 400, 'login.cred.err');
    }
    const locked = await sealedCall(wps, '/wps/session/login', loginBody('demo', 'Demo1234'), rsaKey, from(6));
    refused(locked, 400, 'TOO_MANY_REQUEST_LOGIN');
  });
});

// ---- 4. host names of the dev controls and demo /wps ------------------------------------------------

describe('host allow-list (DNS rebinding)', () => {
  let server: RunningServer;
  before(async () => {
    server = await startServer({ ...serverOptions(IN_MEMORY), allowedHosts: ['demo.example:8443'] });
  });
  after(() => server.close());

  const PATHS = ['/dev/', '/dev/health', '/dev/state', '/dev/members/guard/totp', '/wps/system/status', '/wps/session/key/rsa'];

  test('another name (a rebound one) gets 421 HOST_NOT_ALLOWED on /dev and demo /wps; the server keeps serving', async () => {
    for (const host of ['evil.example', `evil.example:${server.port}`, 'localhost.evil.example', '127.0.0.1.nip.io']) {
      for (const path of PATHS) {
        const a = await getWithHost(server.port, path, host);
        assert.equal(a.status, 421, `${host} ${path}`);
        assert.equal(a.body.errorCode, 'HOST_NOT_ALLOWED', `${host} ${path}`);
        assert.ok(!JSON.stringify(a.body).includes('evil'), 'the name is not repeated');
      }
    }
    const post = await fetch(`${server.url}/dev/reset`, { method: 'POST' });
    assert.equal(post.status, 200, 'still serving');
  });

  test('loopback names, the HOST setting and ALLOWED_HOSTS are served, whatever the port', async () => {
    for (const host of [
      `127.0.0.1:${server.port}`,
      `localhost:${server.port}`,
      `LOCALHOST:${server.port}`,
      '[::1]:1',
      'demo.example',
    ]) {
      for (const path of PATHS) assert.equal((await getWithHost(server.port, path, host)).status, 200, `${host} ${path}`);
    }
  });

  test('a POST from a rebound name is refused too', async () => {
    const wps = await testApp();
    try {
      const res = await wps.app.request('/dev/maintenance', {
        method: 'POST',
        headers: { Host: 'evil.example', Origin: 'http://evil.example', 'Content-Type': 'application/json' },
        body: '{"on":true}',
      });
      assert.equal(res.status, 421);
      assert.equal((await call(wps, 'GET', '/wps/system/status')).body.value.maintenance, false);
    } finally {
      await wps.close();
    }
  });

  test('the built front end is not restricted, nor /wps in production (no demo data there)', async () => {
    assert.notEqual((await getWithHost(server.port, '/m/home', 'shop.example')).status, 421);
    const prod = await testApp({ production: true });
    try {
      const res = await prod.app.request('/wps/system/status', { headers: { Host: 'shop.example' } });
      assert.equal(res.status, 200);
    } finally {
      await prod.close();
    }
  });
});

// ---- 5. production seeds nothing ---------------------------------------------------------------------

describe('production', () => {
  test('main.ts with NODE_ENV=production creates no demo member and prints no demo password', async () => {
    const main = runMain({ NODE_ENV: 'production', DATA_DIR: IN_MEMORY, DIST_DIR: join(tmp.dir, 'dist') });
    try {
      const origin = await main.listening;
      const rsaKey = (await (await fetch(`${origin}/wps/session/key/rsa`)).json()).value.rsaKey;
      for (const [username, password] of [
        ['demo', 'Demo1234'],
        ['guard', 'Guard1234'],
      ]) {
        const sealed = seal(fresh(loginBody(username!, password!)), rsaKey);
        const res = await fetch(`${origin}/wps/session/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...sealed.headers },
          body: JSON.stringify(sealed.body),
        });
        assert.equal((await res.json()).errorCode, 'login.cred.err', username);
      }
    } finally {
      main.child.kill('SIGTERM');
      assert.equal(await main.exited, 0, main.output());
    }
    assert.doesNotMatch(main.output(), /Demo1234|Guard1234|Demo5678|demo account/);
  });

  test('createApp in production leaves the members table empty', async () => {
    const wps = await createApp({ production: true, dataDir: ':memory:', distDir: join(tmp.dir, 'dist') });
    try {
      const { rows } = await wps.db!.query<{ n: number }>('SELECT count(*)::int AS n FROM members');
      assert.equal(rows[0]!.n, 0);
    } finally {
      await wps.close();
    }
  });
});

// ---- 6. headers of every /wps answer -----------------------------------------------------------------

function privateAnswer(headers: Headers, what: string) {
  assert.equal(headers.get('X-Content-Type-Options'), 'nosniff', what);
  assert.equal(headers.get('Cache-Control'), 'no-store', what);
}

describe('/wps answers: nosniff, no-store', () => {
  test('success, the status call, refusals, unknown paths, preflights, the ping', async () => {
    const wps = await testApp();
    try {
      const answers: [string, Answer][] = [
        ['status', await call(wps, 'GET', '/wps/system/status')],
        ['rsa key', await call(wps, 'GET', '/wps/session/key/rsa')],
        ['401', await call(wps, 'GET', '/wps/member/info')],
        ['400 merchant', await call(wps, 'GET', '/wps/system/status', { merchant: 'nobody' })],
        ['400 malformed', await call(wps, 'POST', '/wps/verification/sms/noLogin', { raw: 'not json' })],
        ['404', await call(wps, 'GET', '/wps/no/such/call')],
        ['421', await call(wps, 'GET', '/wps/system/status', { headers: { Host: 'evil.example' } })],
        ['ping', await call(wps, 'GET', '/wps/system/test/ping?speed=1')],
        ['preflight', await call(wps, 'OPTIONS', '/wps/system/status', { headers: { Origin: 'http://localhost:5555' } })],
      ];
      assert.equal(answers[0]![1].status, 200);
      assert.ok(answers.slice(2, 6).every(([, a]) => a.status >= 400 && a.status < 500));
      for (const [what, a] of answers) privateAnswer(a.headers, what);
    } finally {
      await wps.close();
    }
  });

  test('upstream mode: the upstream’s answers and the 502, with the client IP chain our proxies vouch for', async () => {
    let forwarded: string | undefined;
    const upstream = new Hono();
    upstream.all('*', (c) => {
      forwarded = c.req.header('X-Forwarded-For');
      return c.json({ success: true, value: 1 }, 200, { 'Cache-Control': 'public, max-age=600' });
    });
    const upstreamServer = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: upstream.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    const port = (upstreamServer.address() as AddressInfo).port;
    const wps = await createApp({ upstream: `http://127.0.0.1:${port}`, trustProxy: 1, dataDir: ':memory:' });
    const down = await createApp({ upstream: 'http://127.0.0.1:1', dataDir: ':memory:' });
    try {
      const a = await call(wps, 'GET', '/wps/system/status', { headers: { 'X-Forwarded-For': '1.2.3.4, 203.0.113.9' } });
      assert.equal(a.status, 200);
      privateAnswer(a.headers, 'forwarded');
      assert.equal(forwarded, '203.0.113.9, 127.0.0.1', 'the forged entry is not passed on');
      const b = await call(down, 'GET', '/wps/system/status');
      assert.equal(b.status, 502);
      privateAnswer(b.headers, '502');
    } finally {
      await wps.close();
      await down.close();
      await new Promise<void>((resolve) => upstreamServer.close(() => resolve()));
    }
  });
});

describe('NUL characters (the database refuses U+0000): 400 request.invalid, before any expensive work', () => {
  let wps: Awaited<ReturnType<typeof testApp>>;
  let rsaKey: string;
  before(async () => {
    wps = await testApp();
    rsaKey = await rsaKeyOf(wps);
  });
  after(() => wps.close());

  const NUL = 'a\u0000b';
  const invalid = (answer: Answer, field: string) => {
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.equal(answer.body.errorCode, 'request.invalid');
    assert.match(answer.body.message!, new RegExp(`"${field}"`));
  };

  test('login, verification and registration fields', async () => {
    invalid(await sealedCall(wps, '/wps/session/login', loginBody(`de${NUL}mo`, 'Demo1234'), rsaKey), 'username');
    invalid(await sealedCall(wps, '/wps/session/login', loginBody('demo', `Demo${NUL}`), rsaKey), 'password');
    const verification = { username: NUL, password: 'Demo1234', method: 'E', email: 'x@example.com' };
    invalid(await sealedCall(wps, '/wps/session/login/verification', verification, rsaKey), 'username');
    for (const field of ['referralCode', 'affiliateCode', 'domain', 'username']) {
      const started = Date.now();
      const body = registerBody(`nul${Date.now() % 100000}`, 'Secret123', { [field]: NUL });
      invalid(await sealedCall(wps, '/wps/member/register', body, rsaKey, { headers: { ModuleId: 'REG3' } }), field);
      // Refused by the schema, not after the password hashing (scrypt takes tens of ms).
      assert.ok(Date.now() - started < 1000);
    }
  });

  test('the dev controls: a NUL in a member path is 400, and the server keeps serving', async () => {
    const answer = await call(wps, 'GET', '/dev/members/%00/totp');
    assert.equal(answer.status, 400);
    assert.equal(answer.body.errorCode, 'request.invalid');
    assert.equal((await call(wps, 'GET', '/wps/system/status')).status, 200);
  });
});

// ---- aborted bodies (issue 26, item 8) ----------------------------------------------------------------

describe('a client that aborts its body', () => {
  let server: RunningServer;
  before(async () => {
    server = await startServer(serverOptions(IN_MEMORY));
  });
  after(() => server.close());

  /** Sends the head and half of a body that says it is longer, then drops the connection. */
  function abortMidBody(path: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1', () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\n` +
            `Merchant: demo\r\nContent-Length: 4000\r\n\r\n{"username":"demo","pass`,
        );
        setTimeout(() => socket.destroy(), 100);
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
  }

  test('is one info line in the log, no stack, no "unexpected error"; the server keeps serving', async () => {
    const lines: { level: string; text: string }[] = [];
    const saved = { error: console.error, warn: console.warn, info: console.info, log: console.log };
    for (const level of ['error', 'warn', 'info', 'log'] as const) {
      console[level] = (...args: unknown[]) => lines.push({ level, text: args.map(String).join(' ') });
    }
    try {
      for (const path of ['/wps/session/login', '/dev/maintenance', '/wps/tracking/events', '/support/']) {
        const before = lines.length;
        await abortMidBody(path);
        // The server notices the abort once the socket is gone: give it a moment.
        for (let i = 0; i < 50 && lines.length === before; i++) await new Promise((r) => setTimeout(r, 20));
        await new Promise((r) => setTimeout(r, 100));
        const logged = lines.slice(before);
        assert.equal(logged.length, 1, `${path}: one line, got ${JSON.stringify(logged)}`);
        assert.equal(logged[0]!.level, 'info', `${path}: ${logged[0]!.text}`);
        assert.doesNotMatch(logged[0]!.text, /unexpected error|\n\s+at /, path);
        assert.match(logged[0]!.text, /aborted/, path);
        assert.ok(logged[0]!.text.includes(path), `${path}: the line names the path`);
      }
    } finally {
      Object.assign(console, saved);
    }
    assert.equal((await fetch(`${server.url}/wps/system/status`)).status, 200, 'still serving');
  });
});

// ---- /dev answers loopback peers only (issue 26, item 13) ---------------------------------------------

/** A GET over a real socket from `localAddress` to `address`, with the Host header as given. */
function getFrom(
  localAddress: string,
  address: string,
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: address, port, path, localAddress, headers: { Host: `localhost:${port}`, ...headers } },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          let body: any = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode!, body });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** An IPv4 address of this machine that is not loopback (undefined when it has none). */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

describe('/dev answers loopback peers only, judged by the socket', () => {
  const DEV_PATHS = ['/dev/', '/dev/state', '/dev/outbox', '/dev/members/guard/totp'];

  test('isLoopback: 127.0.0.0/8, ::1 and their IPv4-mapped forms; nothing else', () => {
    for (const address of [
      '127.0.0.1',
      '127.0.0.2',
      '127.255.255.254',
      '::1',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      '::FFFF:127.0.0.9',
    ]) {
      assert.equal(isLoopback(address), true, address);
    }
    for (const address of [
      '192.0.2.2',
      '::ffff:192.0.2.2',
      '10.0.0.1',
      '128.0.0.1',
      '0.0.0.0',
      '::',
      'fd00::2',
      'fe80::1',
      '',
      'localhost',
      '127.0.0.1.evil',
    ]) {
      assert.equal(isLoopback(address), false, address);
    }
  });

  describe('a server on 0.0.0.0', () => {
    let server: RunningServer;
    before(async () => {
      server = await startServer({ ...serverOptions(IN_MEMORY), host: '0.0.0.0' });
    });
    after(() => server.close());

    test(
      'from a non-loopback address of this machine, Host: localhost: 403 dev.loopback.only; /m and /wps still answer',
      { skip: !lanAddress && 'no address besides loopback' },
      async () => {
        for (const path of DEV_PATHS) {
          const a = await getFrom(lanAddress!, lanAddress!, server.port, path);
          assert.equal(a.status, 403, `${path}: ${JSON.stringify(a.body).slice(0, 200)}`);
          assert.equal(a.body.errorCode, 'dev.loopback.only', path);
          assert.doesNotMatch(JSON.stringify(a.body), /"code"|mobileNum|totp|secondsLeft/, 'nothing of the outbox or the codes');
        }
        assert.equal((await getFrom(lanAddress!, lanAddress!, server.port, '/wps/system/status')).status, 200);
      },
    );

    test(
      'X-Forwarded-For does not make a remote peer local',
      { skip: !lanAddress && 'no address besides loopback' },
      async () => {
        const a = await getFrom(lanAddress!, lanAddress!, server.port, '/dev/state', { 'X-Forwarded-For': '127.0.0.1' });
        assert.equal(a.status, 403);
      },
    );

    test('127.0.0.1 and 127.0.0.2 are loopback peers', async () => {
      for (const local of ['127.0.0.1', '127.0.0.2']) {
        for (const path of DEV_PATHS)
          assert.equal((await getFrom(local, '127.0.0.1', server.port, path)).status, 200, `${local} ${path}`);
      }
    });
  });

  test('a dual-stack server (::) sees ::ffff:127.0.0.1, which is loopback; ::1 too', async () => {
    const server = await startServer({ ...serverOptions(IN_MEMORY), host: '::' });
    try {
      assert.equal((await getFrom('127.0.0.1', '127.0.0.1', server.port, '/dev/state')).status, 200);
      assert.equal((await getFrom('::1', '::1', server.port, '/dev/state')).status, 200);
      if (lanAddress) assert.equal((await getFrom(lanAddress, lanAddress, server.port, '/dev/state')).status, 403);
    } finally {
      await server.close();
    }
  });

  test('behind a proxy (TRUST_PROXY) the client the proxy saw must be loopback too', async () => {
    const server = await startServer({ ...serverOptions(IN_MEMORY), trustProxy: 1 });
    try {
      const via = (xff: string) => getFrom('127.0.0.1', '127.0.0.1', server.port, '/dev/state', { 'X-Forwarded-For': xff });
      assert.equal((await via('203.0.113.9')).status, 403);
      assert.equal((await via('127.0.0.1')).status, 200);
    } finally {
      await server.close();
    }
  });

  test(
    'DEV_OPEN=1 opens them to every peer (the host names still count)',
    { skip: !lanAddress && 'no address besides loopback' },
    async () => {
      assert.equal(loadConfig({ DEV_OPEN: '1' }, []).devOpen, true);
      assert.equal(loadConfig({}, []).devOpen, false);
      const server = await startServer({ ...serverOptions(IN_MEMORY), host: '0.0.0.0', devOpen: true });
      try {
        assert.equal((await getFrom(lanAddress!, lanAddress!, server.port, '/dev/state')).status, 200);
        const rebound = await getFrom(lanAddress!, lanAddress!, server.port, '/dev/state', { Host: 'evil.example' });
        assert.equal(rebound.status, 421);
      } finally {
        await server.close();
      }
    },
  );

  test('npm start says which it is', async () => {
    for (const [env, expected] of [
      [{}, /dev controls: \S+\/dev\/ answers this machine only \(loopback peers\); DEV_OPEN=1 opens it/],
      [{ DEV_OPEN: '1' }, /dev controls: \S+\/dev\/ is OPEN to every peer that reaches the port \(DEV_OPEN=1\)/],
    ] as const) {
      const main = runMain({ ...env, DATA_DIR: IN_MEMORY, DIST_DIR: join(tmp.dir, 'dist') });
      try {
        await main.listening;
        for (let i = 0; i < 100 && !expected.test(main.output()); i++) await new Promise((r) => setTimeout(r, 50));
        assert.match(main.output(), expected);
      } finally {
        main.child.kill('SIGTERM');
        assert.equal(await main.exited, 0, main.output());
      }
    }
  });
});

// ---- absolute URLs from the public origin (issue 26, item 12) ------------------------------------------

describe('absolute URLs come from the public origin, never the Host header', () => {
  test('PUBLIC_ORIGIN: http(s) origins, comma separated, the first the canonical one; anything else stops the server', () => {
    assert.deepEqual(loadConfig({}, []).publicOrigins, []);
    assert.deepEqual(
      loadConfig({ PUBLIC_ORIGIN: 'https://M.Operator.example/, https://m2.operator.example:8443' }, []).publicOrigins,
      ['https://m.operator.example', 'https://m2.operator.example:8443'],
    );
    for (const bad of [
      'm.operator.example',
      'https://m.operator.example/m',
      'ftp://m.operator.example',
      'https://user@m.operator.example',
      'https://m.operator.example?x=1',
    ]) {
      assert.throws(() => loadConfig({ PUBLIC_ORIGIN: bad }, []), /PUBLIC_ORIGIN/, bad);
    }
  });

  test('the chat, game and trial pages and the push stand-in: the configured origin, whatever Host and X-Forwarded-Host say', async () => {
    // other.example passes the demo's host check (ALLOWED_HOSTS) and is still not the public origin.
    const wps = await testApp({ publicOrigins: ['https://m.operator.example'], allowedHosts: ['other.example'] });
    try {
      const headers = { Host: 'other.example:8080', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http' };
      const rsaKey = await rsaKeyOf(wps);
      const login = await sealedCall(wps, '/wps/session/login', loginBody('demo', 'Demo1234'), rsaKey, { headers });
      assert.equal(login.status, 200, JSON.stringify(login.body));
      const token = login.body.value.token as string;
      const chat = await call(wps, 'GET', '/wps/relay/CBS_launchChat?b2c=1', { token, headers });
      assert.match(chat.body.value.chatUrl, /^https:\/\/m\.operator\.example\/chat\/\?ticket=/);
      const game = await call(wps, 'POST', '/wps/game/launchGame', { token, headers, body: { vendor: 'PG' } });
      assert.match(game.body.value.gameUrl, /^https:\/\/m\.operator\.example\/games\/play\?ticket=/, JSON.stringify(game.body));
      const trial = await call(wps, 'GET', '/wps/relay/GCS_gameTrialLaunch?gameId=PG_FORTUNE_OX', { headers });
      assert.match(trial.body.value.gameUrl, /^https:\/\/m\.operator\.example\/games\/trial\?ticket=/);
      const status = await call(wps, 'GET', '/wps/system/status', { headers });
      assert.equal(status.body.value.info.sms.pushServiceUrl, 'https://m.operator.example/push-service/v1');
    } finally {
      await wps.close();
    }
  });

  test('production without PUBLIC_ORIGIN (no host check there): the origin it listens on, not the Host', async () => {
    const prod = await testApp({ production: true });
    try {
      const trial = await call(prod, 'GET', '/wps/relay/GCS_gameTrialLaunch?gameId=PG_FORTUNE_OX', {
        headers: { Host: 'evil.example' },
      });
      assert.match(trial.body.value.gameUrl, /^http:\/\/127\.0\.0\.1:8080\/games\/trial\?ticket=/);
    } finally {
      await prod.close();
    }
  });

  test('over a socket, unconfigured: the port it listens on (npm start on any port)', async () => {
    const server = await startServer(serverOptions(IN_MEMORY));
    try {
      for (const host of ['evil.example', `evil.example:${server.port}`, 'localhost:1']) {
        const a = await getWithHost(server.port, '/downloads/demo/profile.mobileconfig', host);
        assert.match(a.body, new RegExp(`<string>http://127\\.0\\.0\\.1:${server.port}/m/home</string>`), host);
        assert.doesNotMatch(a.body, /evil/);
      }
      const own = await getWithHost(server.port, '/downloads/demo/profile.mobileconfig', `localhost:${server.port}`);
      assert.match(own.body, new RegExp(`<string>http://localhost:${server.port}/m/home</string>`));
    } finally {
      await server.close();
    }
  });
});

// ---- security headers on every answer (issue 26, item 9) ----------------------------------------------

describe('security headers on every answer', () => {
  /** Every kind of answer: pages, files, calls, refusals, 404s, redirects, the dev controls. */
  const PATHS = [
    '/',
    '/m/home',
    '/m/nope',
    '/m/assets/missing-Ab12cd34.js',
    '/demo/',
    '/elements/wps-elements.js',
    '/mobile/mc/redirect.html',
    '/mini-game/minigame.js',
    '/favicon.ico',
    '/dev/',
    '/dev/state',
    '/wps/system/status',
    '/wps/no/such/call',
    '/wps/relay/CBS_unreadCount',
    '/downloads/demo/profile.mobileconfig',
    '/support/',
    '/chat/',
    '/captcha/gt.js',
    '/nothing-here',
  ];
  const STRICT_REFERRER = ['strict-origin', 'same-origin', 'no-referrer'];
  type Got = Awaited<ReturnType<typeof getWithHost>>;
  const all = async (port: number, host = `127.0.0.1:${port}`) => {
    const out: [string, Got][] = [];
    for (const path of PATHS) out.push([path, await getWithHost(port, path, host)]);
    return out;
  };

  test('Permissions-Policy turns off what /m does not use, keeps what it does; Referrer-Policy strict-origin or stricter; no HSTS by default', async () => {
    const server = await startServer(serverOptions(IN_MEMORY));
    try {
      for (const [path, a] of [
        ...(await all(server.port)),
        ['421 refusal', await getWithHost(server.port, '/dev/', 'evil.example')] as const,
      ]) {
        const policy = String(a.headers['permissions-policy'] ?? '');
        for (const off of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'midi', 'display-capture']) {
          assert.match(policy, new RegExp(`(^|, )${off}=\\(\\)(,|$)`), `${path}: ${off} off in ${JSON.stringify(policy)}`);
        }
        // Used by /m: full screen and autoplay for the game frame (its allow=), the clipboard and the
        // share sheet of invite friends: left at the browser's default (self, delegable by allow=).
        for (const used of ['fullscreen', 'autoplay', 'clipboard-write', 'web-share']) {
          assert.doesNotMatch(policy, new RegExp(`(^|, )${used}=`), `${path}: ${used} kept`);
        }
        assert.ok(STRICT_REFERRER.includes(String(a.headers['referrer-policy'])), `${path}: ${a.headers['referrer-policy']}`);
        assert.equal(a.headers['strict-transport-security'], undefined, `${path}: no HSTS on plain http by default`);
      }
      // /m and the dev page: exactly strict-origin (the page's Referer never carries a query).
      assert.equal(
        (await getWithHost(server.port, '/m/home?token=x', `127.0.0.1:${server.port}`)).headers['referrer-policy'],
        'strict-origin',
      );
      assert.equal(
        (await getWithHost(server.port, '/dev/', `127.0.0.1:${server.port}`)).headers['referrer-policy'],
        'strict-origin',
      );
    } finally {
      await server.close();
    }
  });

  test('HSTS=1 (a TLS deployment): Strict-Transport-Security: max-age=31536000; includeSubDomains on every answer', async () => {
    assert.equal(loadConfig({}, []).hsts, false);
    assert.equal(loadConfig({ HSTS: '1' }, []).hsts, true);
    const server = await startServer({ ...serverOptions(IN_MEMORY), hsts: true });
    try {
      for (const [path, a] of await all(server.port)) {
        assert.equal(a.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains', path);
      }
    } finally {
      await server.close();
    }
  });
});
