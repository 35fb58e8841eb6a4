/**
 * --upstream: /wps goes to another back end (here a tiny Hono app on a real port) and its answer
 * comes back; /m stays local; dev controls are off; an unreachable upstream is a 502.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp, type WpsApp } from '../../server/app.ts';
import { call, tempDir } from './helpers.ts';

interface Seen {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

let seen: Seen[] = [];
let upstreamServer: ReturnType<typeof serve>;
let upstreamUrl: string;
let wps: WpsApp;
const tmp = tempDir();

before(async () => {
  const upstream = new Hono();
  upstream.all('*', async (c) => {
    const url = new URL(c.req.url);
    seen.push({ method: c.req.method, path: url.pathname + url.search, headers: c.req.header(), body: await c.req.text() });
    if (url.pathname === '/wps/member/info') return c.json({ success: false, errorCode: 'CUSTOMER_NOT_LOGIN' }, 401);
    c.header('Set-Cookie', 'a=1; Path=/');
    c.header('X-Upstream', 'yes');
    return c.json({ success: true, value: { from: 'upstream', path: url.pathname } });
  });
  upstreamUrl = await new Promise<string>((resolve) => {
    upstreamServer = serve({ fetch: upstream.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
  });
  mkdirSync(join(tmp.dir, 'dist/m'), { recursive: true });
  writeFileSync(join(tmp.dir, 'dist/m/index.html'), '<!doctype html><title>local</title>');
  // No database is opened in this mode: the data folder stays empty.
  wps = await createApp({ upstream: upstreamUrl, distDir: join(tmp.dir, 'dist'), dataDir: join(tmp.dir, 'data') });
});

after(async () => {
  await wps.close();
  await new Promise<void>((resolve) => upstreamServer.close(() => resolve()));
  tmp.remove();
});

test('GET is forwarded with path, query and headers; the answer comes back as is', async () => {
  seen = [];
  const a = await call(wps, 'GET', '/wps/system/status?device=MOBILE&x=1', {
    merchant: 'operator',
    headers: { Language: 'EN', Connection: 'keep-alive' },
  });
  assert.equal(a.status, 200);
  assert.deepEqual(a.body, { success: true, value: { from: 'upstream', path: '/wps/system/status' } });
  assert.equal(a.headers.get('X-Upstream'), 'yes');
  assert.equal(a.headers.get('Set-Cookie'), 'a=1; Path=/');
  assert.equal(seen.length, 1);
  const s = seen[0]!;
  assert.equal(s.method, 'GET');
  assert.equal(s.path, '/wps/system/status?device=MOBILE&x=1');
  assert.equal(s.headers['merchant'], 'operator', 'unknown merchants are the upstream’s business');
  assert.equal(s.headers['language'], 'EN');
  assert.equal(s.headers['host'], new URL(upstreamUrl).host, 'Host is the upstream’s, not ours');
  assert.equal(s.headers['x-forwarded-for'], '127.0.0.1');
});

test('POST is forwarded with its body (encrypted calls untouched)', async () => {
  seen = [];
  const headers = { Encryption: '3DES-CBC', 'X-RSA': 'abc', 'X-Digest': 'def', Authorization: 'tok' };
  const a = await call(wps, 'POST', '/wps/session/login', { body: { value: 'cipher' }, headers });
  assert.equal(a.status, 200);
  const s = seen[0]!;
  assert.equal(s.method, 'POST');
  assert.equal(s.body, '{"value":"cipher"}');
  assert.equal(s.headers['x-rsa'], 'abc');
  assert.equal(s.headers['x-digest'], 'def');
  assert.equal(s.headers['encryption'], '3DES-CBC');
  assert.equal(s.headers['authorization'], 'tok');
});

test('the upstream’s status and refusals pass through; unknown paths are the upstream’s to answer', async () => {
  const refused = await call(wps, 'GET', '/wps/member/info');
  assert.equal(refused.status, 401);
  assert.equal(refused.body.errorCode, 'CUSTOMER_NOT_LOGIN');
  const other = await call(wps, 'GET', '/wps/not/in/catalogue');
  assert.equal(other.body.value.path, '/wps/not/in/catalogue');
});

test('a body over 64 KiB is refused locally', async () => {
  seen = [];
  const a = await call(wps, 'POST', '/wps/session/login', { raw: 'x'.repeat(65 * 1024) });
  assert.equal(a.status, 413);
  assert.equal(a.body.errorCode, 'request.too.large');
  assert.equal(seen.length, 0);
});

test('/m is still served locally; dev controls are off', async () => {
  const home = await wps.app.request('/m/home');
  assert.equal(home.status, 200);
  assert.match(await home.text(), /local/);
  assert.equal((await wps.app.request('/dev/health')).status, 404);
  for (const path of ['/dev/', '/dev/dev.js', '/dev/state', '/dev/members'])
    assert.equal((await wps.app.request(path)).status, 404, path);
  for (const path of ['/dev/maintenance', '/dev/ping', '/dev/asset-manifest/publish', '/dev/reset']) {
    assert.equal((await call(wps, 'POST', path, { body: { on: true } })).status, 404, path);
  }
  // The member-centre manifest stand-in is local too (no state here: revision 0).
  const mc = await wps.app.request('/mobile/mc/asset-manifest.json?t=1');
  assert.equal(mc.status, 200);
  assert.deepEqual(await mc.json(), { files: {}, entrypoints: [], revision: 0 });
});

test('an unreachable upstream → 502 upstream.unavailable', async () => {
  const down = await createApp({ upstream: 'http://127.0.0.1:1', distDir: join(tmp.dir, 'dist'), dataDir: ':memory:' });
  const a = await call(down, 'GET', '/wps/system/status');
  assert.equal(a.status, 502);
  assert.deepEqual(a.body, {
    success: false,
    errorCode: 'upstream.unavailable',
    message: 'The upstream back end did not answer',
  });
  await down.close();
});
