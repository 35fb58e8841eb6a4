/**
 * Site status and resilience: the per-merchant runtime state the dev controls switch, and what
 * /wps/system/status, domainRoute, ping and the asset manifests answer with it. Also the /dev/ page
 * (its template and what it reads; test/e2e/dev.test.ts runs it in a browser) and its form posts,
 * bad bodies, and the 'hang' ping over a real socket. One in-memory app.
 */
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import { serve } from '@hono/node-server';
import { pingLimits } from '../../server/api/handlers.ts';
import { DESCRIPTION_MAX, GEETEST_VERSIONS, LANGUAGE_CODE, PING_MODES, TITLE_MAX } from '../../server/db/state-fields.ts';
import { STATE_CACHE_MS } from '../../server/db/state.ts';
import { CAPTCHA_MODES } from '../../server/signin/captcha.ts';
import { TEST_ORIGIN, call, testApp } from './helpers.ts';

let wps: Awaited<ReturnType<typeof testApp>>;
let dist: string;
const BUILT = { files: { main: '/m/assets/main-Ab12cd34.js' }, entrypoints: ['/m/assets/main-Ab12cd34.js'] };
const BUILT_TEXT = JSON.stringify(BUILT, null, 2);

before(async () => {
  // The domainRoute tests ask as other host names; demo mode serves /wps to configured ones only.
  wps = await testApp({ allowedHosts: ['wps.example', 'a.example'] });
  dist = join(wps.dir, 'dist');
  mkdirSync(join(dist, 'm'), { recursive: true });
  writeFileSync(join(dist, 'm/asset-manifest.json'), BUILT_TEXT);
  writeFileSync(join(dist, 'm/index.html'), '<!doctype html>');
});
after(() => wps.close());

// Every test starts from the merchants.json state of both merchants.
afterEach(async () => {
  for (const merchant of ['demo', 'demo2']) assert.equal((await call(wps, 'POST', '/dev/reset', { merchant })).status, 200);
});

const status = (merchant?: string) => call(wps, 'GET', '/wps/system/status?device=MOBILE', { merchant });
const dev = (path: string, body?: unknown, merchant?: string) => call(wps, 'POST', path, { body, merchant });

/** A form post as the /dev/ page sends it. */
function formPost(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return wps.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Host: 'localhost:8080', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

async function refused(
  answer: Promise<{ status: number; body: any }> | { status: number; body: any },
  status: number,
  errorCode: string,
) {
  const a = await answer;
  assert.equal(a.status, status, JSON.stringify(a.body));
  assert.equal(a.body.success, false);
  assert.equal(a.body.errorCode, errorCode, JSON.stringify(a.body));
  assert.equal(typeof a.body.message, 'string');
  return a.body;
}

describe('status and its switches', () => {
  test('the initial state is the merchants.json status block', async () => {
    const a = await call(wps, 'GET', '/dev/state');
    assert.deepEqual(a.body, {
      success: true,
      value: {
        maintenance: false,
        maintenanceEnd: null,
        maintenanceTexts: null,
        regionRestriction: false,
        test: false,
        domainUnavailable: false,
        pingMode: 'ok',
        gameLaunchMode: 'ok',
        assetRevision: 0,
        loginCaptcha: false,
        smsCaptcha: false,
        registerCaptcha: false,
        geetestVersion: 'v3',
        mobilePassword: false,
        autoRegister: false,
        installSupport: true,
        appVersion: '2.5.0',
        appMandatory: false,
        firebase: false,
        authEmulatorUrl: null,
        whitelabel: {
          CBS3: true,
          MOBILEAUTOLOGIN3: true,
          PWDEXPFORCECHANGE3: false,
          UPDATEMOBILEICC3: false,
          FIREBASECREATEACC3: false,
          LOTTMINIGAME3: true,
        },
        analytics: {},
      },
    });
    assert.equal((await call(wps, 'GET', '/dev/state', { merchant: 'demo2' })).body.value.test, true);
  });

  test('install support: info.install.enabled from merchants.json, switched per merchant by the dev control (JSON and form)', async () => {
    assert.deepEqual((await status()).body.value.info.install, { enabled: true });
    assert.deepEqual((await status('demo2')).body.value.info.install, { enabled: false }, 'absent in merchants.json: off');
    assert.equal((await dev('/dev/site-settings', { installSupport: false })).status, 200);
    await new Promise((r) => setTimeout(r, STATE_CACHE_MS + 20));
    assert.deepEqual((await status()).body.value.info.install, { enabled: false });
    assert.deepEqual((await status('demo2')).body.value.info.install, { enabled: false });
    assert.equal((await formPost('/dev/site-settings', { merchant: 'demo2', installSupport: '1' })).status, 303);
    await new Promise((r) => setTimeout(r, STATE_CACHE_MS + 20));
    assert.deepEqual((await status('demo2')).body.value.info.install, { enabled: true });
    await refused(dev('/dev/site-settings', { installSupport: 'yes' }), 400, 'request.invalid');
  });

  test('the native app version: info.app from merchants.json, set, made mandatory and cleared by the dev control', async () => {
    assert.deepEqual((await status()).body.value.info.app, { version: '2.5.0', mandatory: false });
    assert.equal((await status('demo2')).body.value.info.app, undefined, 'none announced');
    assert.equal((await dev('/dev/site-settings', { appVersion: '3.0.1', appMandatory: true })).status, 200);
    await new Promise((r) => setTimeout(r, STATE_CACHE_MS + 20));
    assert.deepEqual((await status()).body.value.info.app, { version: '3.0.1', mandatory: true });
    await refused(dev('/dev/site-settings', { appVersion: '3.0.x' }), 400, 'request.invalid');
    assert.equal(
      (await formPost('/dev/site-settings', { merchant: 'demo', appVersion: '' })).status,
      303,
      'an empty field clears it',
    );
    await new Promise((r) => setTimeout(r, STATE_CACHE_MS + 20));
    assert.equal((await status()).body.value.info.app, undefined);
  });

  test('maintenance with an end and texts; off clears them', async () => {
    const end = Date.UTC(2030, 0, 2, 3, 4);
    const texts = {
      EN: { title: 'Upgrade', description: 'Back <b>soon</b>' },
      CN: { title: '维护' },
      'PT-BR': { description: 'Voltamos já' },
    };
    const on = await dev('/dev/maintenance', { on: true, end, texts });
    assert.equal(on.status, 200, JSON.stringify(on.body));
    assert.equal(on.body.value.maintenance, true);
    const v = (await status()).body.value;
    assert.equal(v.maintenance, true);
    assert.equal(v.maintenanceEnd, end);
    assert.deepEqual(v.maintenanceTexts, texts, 'texts are kept as given (plain text: the client escapes)');
    assert.equal(v.info.merchantCode, 'demo', 'the rest of the status is still there');
    // The other merchant is not in maintenance.
    assert.equal((await status('demo2')).body.value.maintenance, false);

    await dev('/dev/maintenance', { on: true }); // end and texts default to null
    assert.deepEqual(pick((await status()).body.value), { maintenance: true, maintenanceEnd: null, maintenanceTexts: null });

    await dev('/dev/maintenance', { on: true, end, texts: null });
    const off = await dev('/dev/maintenance', { on: false });
    assert.equal(off.status, 200);
    assert.deepEqual(pick((await status()).body.value), { maintenance: false, maintenanceEnd: null, maintenanceTexts: null });
  });

  test('region restriction: still a success, with the client IP', async () => {
    assert.equal((await dev('/dev/region-restriction', { on: true })).body.value.regionRestriction, true);
    const a = await status();
    assert.equal(a.status, 200);
    assert.equal(a.body.success, true);
    assert.equal(a.body.value.regionRestriction, true);
    assert.deepEqual(a.body.value.location, { ip: '127.0.0.1' });
    await dev('/dev/region-restriction', { on: false });
    assert.equal((await status()).body.value.regionRestriction, false);
  });

  test('test flag, per merchant', async () => {
    await dev('/dev/test-flag', { on: true });
    assert.equal((await status()).body.value.test, true);
    await dev('/dev/test-flag', { on: false }, 'demo2');
    assert.equal((await status('demo2')).body.value.test, false);
    assert.equal((await status()).body.value.test, true);
  });

  test('domain unavailable: the status call fails with domain_not_available; other calls keep working', async () => {
    await dev('/dev/domain-unavailable', { on: true });
    const body = await refused(status(), 400, 'domain_not_available');
    assert.deepEqual(body, {
      success: false,
      errorCode: 'domain_not_available',
      message: 'This domain is not available, please use another line.',
    });
    // The client then looks for another line.
    assert.equal((await call(wps, 'GET', '/wps/system/domainRoute')).status, 200);
    assert.equal((await call(wps, 'GET', '/wps/system/test/ping')).status, 200);
    assert.equal((await status('demo2')).status, 200, 'only this merchant');
    await dev('/dev/domain-unavailable', { on: false });
    assert.equal((await status()).status, 200);
  });

  test('a stored row with bad fields falls back to merchants.json field by field', async () => {
    await wps.db!.query(`INSERT INTO merchant_state (merchant_code, state) VALUES ('demo', $1::jsonb)`, [
      JSON.stringify({
        maintenance: 'yes',
        pingMode: 'slow',
        assetRevision: -3,
        regionRestriction: true,
        maintenanceTexts: { en: {} },
      }),
    ]);
    // Written behind the server's back, as another instance would: seen once its cached read is over.
    await new Promise((r) => setTimeout(r, STATE_CACHE_MS + 10));
    const v = (await status()).body.value;
    assert.equal(v.maintenance, false);
    assert.equal(v.regionRestriction, true);
    assert.equal(v.maintenanceTexts, null);
    assert.equal((await call(wps, 'GET', '/dev/state')).body.value.pingMode, 'ok');
    // Publishing over a bad revision starts again at 1.
    assert.equal((await dev('/dev/asset-manifest/publish')).body.value.assetRevision, 1);
  });

  test('reset goes back to merchants.json', async () => {
    await dev('/dev/maintenance', { on: true, end: 1 });
    await dev('/dev/ping', { mode: 'fail' });
    await dev('/dev/asset-manifest/publish');
    const reset = await dev('/dev/reset');
    assert.equal(reset.body.value.maintenance, false);
    assert.equal(reset.body.value.pingMode, 'ok');
    assert.equal(reset.body.value.assetRevision, 0);
    assert.equal((await status()).body.value.maintenance, false);
  });
});

const pick = (v: any) => ({ maintenance: v.maintenance, maintenanceEnd: v.maintenanceEnd, maintenanceTexts: v.maintenanceTexts });

describe('domainRoute', () => {
  const route = async (host: string) =>
    (await (await wps.app.request('/wps/system/domainRoute', { headers: { Host: host } })).json()).value;

  test('"$host" and "$port" expand to the request host and port, duplicates removed', async () => {
    assert.deepEqual(await route('wps.example:8080'), [
      { domainName: 'wps.example:8080' },
      { domainName: '127.0.0.1:8080' },
      { domainName: 'localhost:8080' },
    ]);
    assert.deepEqual(await route('127.0.0.1:9000'), [{ domainName: '127.0.0.1:9000' }, { domainName: 'localhost:9000' }]);
    assert.deepEqual(await route('LOCALHOST:9000'), [{ domainName: 'LOCALHOST:9000' }, { domainName: '127.0.0.1:9000' }]);
    // No port: the scheme's default.
    assert.deepEqual(await route('wps.example'), [
      { domainName: 'wps.example' },
      { domainName: '127.0.0.1:80' },
      { domainName: 'localhost:80' },
    ]);
    assert.deepEqual(await route('[::1]:8080'), [
      { domainName: '[::1]:8080' },
      { domainName: '127.0.0.1:8080' },
      { domainName: 'localhost:8080' },
    ]);
  });

  test('a Host that is no host name is never repeated', async () => {
    // Demo mode does not even answer it; production (no host allow-list) leaves it out.
    const refused = await wps.app.request('/wps/system/domainRoute', { headers: { Host: 'evil"><script>' } });
    assert.equal(refused.status, 421);
    assert.doesNotMatch(await refused.text(), /evil|script/);
    const prod = await testApp({ production: true });
    try {
      const res = await prod.app.request('/wps/system/domainRoute', { headers: { Host: 'evil"><script>' } });
      assert.deepEqual((await res.json()).value, []);
    } finally {
      await prod.close();
    }
  });

  test('the second merchant lists only its own host', async () => {
    const res = await wps.app.request('/wps/system/domainRoute', { headers: { Host: 'a.example:1', Merchant: 'demo2' } });
    assert.deepEqual((await res.json()).value, [{ domainName: 'a.example:1' }]);
  });
});

describe('ping', () => {
  test('pong, no-store, ACAO * and never the credentials header (even for an allowed origin)', async () => {
    for (const headers of [{}, { Origin: TEST_ORIGIN }, { Origin: 'https://other.example' }] as Record<string, string>[]) {
      const a = await call(wps, 'GET', `/wps/system/test/ping?speed=${Date.now()}`, { headers });
      assert.deepEqual(a.body, { success: true, value: 'pong' });
      assert.equal(a.headers.get('Cache-Control'), 'no-store');
      assert.equal(a.headers.get('Access-Control-Allow-Origin'), '*');
      assert.equal(a.headers.get('Access-Control-Allow-Credentials'), null);
    }
    assert.equal((await call(wps, 'GET', '/wps/system/test/ping')).status, 200, 'speed is optional');
  });

  test('preflight from another line is allowed without credentials', async () => {
    const res = await wps.app.request('/wps/system/test/ping?speed=1', {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:8080',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'merchant, language',
      },
    });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('Access-Control-Allow-Origin'), '*');
    assert.equal(res.headers.get('Access-Control-Allow-Credentials'), null);
    assert.match(res.headers.get('Access-Control-Allow-Headers') ?? '', /Merchant/);
  });

  test('speed must be digits', async () => {
    for (const q of ['speed=abc', 'speed=', 'speed=-1', 'speed=1.5', `speed=${'9'.repeat(17)}`]) {
      const a = await refused(call(wps, 'GET', `/wps/system/test/ping?${q}`), 400, 'request.invalid');
      assert.match(a.message, /speed/);
    }
  });

  test("'fail': 503 line.unavailable, still no-store and ACAO *", async () => {
    assert.equal((await dev('/dev/ping', { mode: 'fail' })).body.value.pingMode, 'fail');
    const a = await refused(call(wps, 'GET', '/wps/system/test/ping?speed=1'), 503, 'line.unavailable');
    assert.equal(a.errorCode, 'line.unavailable');
    const again = await call(wps, 'GET', '/wps/system/test/ping?speed=1');
    assert.equal(again.headers.get('Access-Control-Allow-Origin'), '*');
    assert.equal(again.headers.get('Cache-Control'), 'no-store');
    assert.equal((await status()).status, 200, 'the status call is not affected');
    await dev('/dev/ping', { mode: 'ok' });
    assert.equal((await call(wps, 'GET', '/wps/system/test/ping?speed=1')).body.value, 'pong');
  });

  test("'hang': no answer until the client aborts; other calls are served meanwhile", async () => {
    await dev('/dev/ping', { mode: 'hang' });
    const controller = new AbortController();
    let settled = false;
    const pending = Promise.resolve(wps.app.request('/wps/system/test/ping?speed=1', { signal: controller.signal })).finally(
      () => (settled = true),
    );
    await new Promise((r) => setTimeout(r, 150));
    assert.equal(settled, false, 'no answer');
    assert.equal((await status()).status, 200, 'the server keeps serving');
    assert.equal((await call(wps, 'GET', '/wps/system/test/ping', { merchant: 'demo2' })).body.value, 'pong');
    controller.abort();
    await pending.catch(() => undefined); // the handler returned: nothing keeps waiting
    assert.equal(settled, true);
  });

  test("'hang' over a socket: the client's abort ends it without leaking a timer; the 60 s limit closes the connection", async () => {
    await dev('/dev/ping', { mode: 'hang' });
    const server = await new Promise<{ url: string; close(): Promise<void> }>((resolve) => {
      const s = serve({ fetch: wps.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
        resolve({
          url: `http://127.0.0.1:${info.port}`,
          close: () =>
            new Promise<void>((done) => {
              s.close(() => done());
              if ('closeAllConnections' in s) s.closeAllConnections();
            }),
        }),
      );
    });
    // Watch the hang timer (recognised by its delay) being set and cleared.
    const HANG_MS = 59_999;
    const created = new Set<unknown>();
    const cleared = new Set<unknown>();
    const realSet = globalThis.setTimeout;
    const realClear = globalThis.clearTimeout;
    globalThis.setTimeout = ((fn: () => void, ms?: number, ...args: unknown[]) => {
      const timer = realSet(fn, ms, ...args);
      if (ms === HANG_MS) created.add(timer);
      return timer;
    }) as typeof setTimeout;
    globalThis.clearTimeout = ((timer: Parameters<typeof clearTimeout>[0]) => {
      if (created.has(timer)) cleared.add(timer);
      realClear(timer);
    }) as typeof clearTimeout;
    pingLimits.hangMs = HANG_MS;
    try {
      const controller = new AbortController();
      const hanging = fetch(`${server.url}/wps/system/test/ping?speed=1`, { signal: controller.signal });
      await waitFor(() => created.size === 1, 'the ping hangs on one timer');
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(cleared.size, 0, 'still hanging');
      controller.abort();
      await assert.rejects(hanging, { name: 'AbortError' });
      await waitFor(() => cleared.size === 1, 'the hang timer is cleared when the client goes away');
      globalThis.setTimeout = realSet;
      globalThis.clearTimeout = realClear;

      // The limit (60 s; shortened here): the connection is closed without an answer.
      pingLimits.hangMs = 100;
      await assert.rejects(fetch(`${server.url}/wps/system/test/ping?speed=2`), TypeError);

      await dev('/dev/ping', { mode: 'ok' });
      const ok = await fetch(`${server.url}/wps/system/test/ping?speed=3`);
      assert.deepEqual(await ok.json(), { success: true, value: 'pong' });
    } finally {
      globalThis.setTimeout = realSet;
      globalThis.clearTimeout = realClear;
      pingLimits.hangMs = 60_000;
      await server.close();
    }
  });

  test("'hang' through app.request ends when the limit passes", async () => {
    await dev('/dev/ping', { mode: 'hang' });
    pingLimits.hangMs = 50;
    try {
      const a = await call(wps, 'GET', '/wps/system/test/ping');
      assert.equal(a.status, 503);
      assert.equal(a.body.errorCode, 'line.unavailable');
    } finally {
      pingLimits.hangMs = 60_000;
    }
  });
});

async function waitFor(check: () => boolean, what: string) {
  for (let i = 0; i < 100; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.fail(what);
}

describe('asset manifests', () => {
  const get = (path: string, headers: Record<string, string> = {}) => wps.app.request(path, { headers });

  test('/m/asset-manifest.json: the built file, no-cache, ACAO *, any t query', async () => {
    const res = await get(`/m/asset-manifest.json?t=${Date.now()}`, { Merchant: 'demo' });
    assert.equal(res.status, 200);
    assert.equal(await res.text(), BUILT_TEXT);
    assert.match(res.headers.get('Content-Type') ?? '', /^application\/json/);
    assert.equal(res.headers.get('Cache-Control'), 'no-cache');
    assert.equal(res.headers.get('Access-Control-Allow-Origin'), '*');
    const etag = res.headers.get('ETag');
    assert.ok(etag);
    assert.equal((await get('/m/asset-manifest.json?timestamp=1', { 'If-None-Match': etag })).status, 304);
  });

  test('/mobile/mc/asset-manifest.json: the stand-in when the build wrote none (no member pages)', async () => {
    const res = await get('/mobile/mc/asset-manifest.json?t=1');
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { files: {}, entrypoints: [], revision: 0 });
    assert.equal(res.headers.get('Cache-Control'), 'no-cache');
    assert.equal(res.headers.get('Access-Control-Allow-Origin'), '*');
  });

  test('publish: revision + 1 for this merchant; both manifests change', async () => {
    const first = await dev('/dev/asset-manifest/publish');
    assert.deepEqual(first.body, { success: true, value: { assetRevision: 1 } });
    assert.deepEqual((await dev('/dev/asset-manifest/publish')).body.value, { assetRevision: 2 });
    assert.deepEqual(await (await get('/m/asset-manifest.json?t=2')).json(), { ...BUILT, revision: 2 });
    assert.deepEqual(await (await get('/mobile/mc/asset-manifest.json?t=2')).json(), { files: {}, entrypoints: [], revision: 2 });
    // The other merchant still sees the release it had.
    assert.equal(await (await get('/m/asset-manifest.json', { Merchant: 'demo2' })).text(), BUILT_TEXT);
    assert.equal((await call(wps, 'GET', '/dev/state')).body.value.assetRevision, 2);
  });

  test('a built member-centre manifest is served instead of the stand-in', async () => {
    mkdirSync(join(dist, 'mobile/mc'), { recursive: true });
    writeFileSync(join(dist, 'mobile/mc/asset-manifest.json'), '{"files":{"mc":"/mobile/mc/mc-1.js"},"entrypoints":[]}');
    try {
      assert.deepEqual(await (await get('/mobile/mc/asset-manifest.json')).json(), {
        files: { mc: '/mobile/mc/mc-1.js' },
        entrypoints: [],
      });
      await dev('/dev/asset-manifest/publish');
      assert.equal((await (await get('/mobile/mc/asset-manifest.json')).json()).revision, 1);
    } finally {
      rmSync(join(dist, 'mobile'), { recursive: true, force: true });
    }
  });

  test('preflight, unknown merchant, missing build', async () => {
    const pre = await wps.app.request('/m/asset-manifest.json', { method: 'OPTIONS', headers: { Origin: 'https://x.example' } });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get('Access-Control-Allow-Origin'), '*');
    const unknown = await get('/m/asset-manifest.json', { Merchant: 'nope' });
    assert.equal(unknown.status, 400);
    assert.equal((await unknown.json()).errorCode, 'merchant.unknown');
    rmSync(join(dist, 'm/asset-manifest.json'));
    try {
      assert.equal((await get('/m/asset-manifest.json')).status, 404);
    } finally {
      writeFileSync(join(dist, 'm/asset-manifest.json'), BUILT_TEXT);
    }
  });
});

describe('dev controls: bad input', () => {
  test('bodies that are not JSON objects → request.malformed', async () => {
    for (const raw of ['{', '[]', '"on"', 'null']) {
      await refused(call(wps, 'POST', '/dev/region-restriction', { raw }), 400, 'request.malformed');
    }
    await refused(call(wps, 'POST', '/dev/ping', { raw: new Uint8Array([0x7b, 0xff, 0x7d]) }), 400, 'request.malformed');
  });

  test('wrong fields → request.invalid naming the field', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['/dev/region-restriction', {}, /"on" is missing/],
      ['/dev/region-restriction', { on: 'yes' }, /"on" is invalid/],
      ['/dev/test-flag', { on: 1 }, /"on"/],
      ['/dev/domain-unavailable', { on: true, extra: 1 }, /extra/],
      ['/dev/ping', { mode: 'slow' }, /"mode"/],
      ['/dev/ping', {}, /"mode" is missing/],
      ['/dev/maintenance', { on: true, end: 'tomorrow' }, /"end"/],
      ['/dev/maintenance', { on: true, end: -1 }, /"end"/],
      ['/dev/maintenance', { on: true, end: 1.5 }, /"end"/],
      ['/dev/maintenance', { on: true, texts: { english: { title: 'x' } } }, /texts/],
      ['/dev/maintenance', { on: true, texts: { EN: { title: 'x'.repeat(201) } } }, /texts\.EN\.title/],
      ['/dev/maintenance', { on: true, texts: { EN: { body: 'x' } } }, /texts\.EN/],
      ['/dev/maintenance', { on: true, texts: { EN: 'x' } }, /texts\.EN/],
      ['/dev/asset-manifest/publish', { revision: 9 }, /revision/],
      ['/dev/reset', { all: true }, /all/],
    ];
    for (const [path, body, message] of cases) {
      const a = await refused(dev(path, body), 400, 'request.invalid');
      assert.match(a.message, message, `${path} ${JSON.stringify(body)}`);
    }
    // Nothing was switched by any of them.
    assert.equal((await call(wps, 'GET', '/dev/state')).body.value.regionRestriction, false);
  });

  test('unknown merchant → merchant.unknown; body too large → request.too.large', async () => {
    await refused(dev('/dev/maintenance', { on: true }, 'nope'), 400, 'merchant.unknown');
    await refused(call(wps, 'GET', '/dev/state', { merchant: '__proto__' }), 400, 'merchant.unknown');
    await refused(
      call(wps, 'POST', '/dev/maintenance', { raw: JSON.stringify({ on: true, pad: 'x'.repeat(20_000) }) }),
      413,
      'request.too.large',
    );
  });

  test('a post from another site is refused', async () => {
    const res = await formPost('/dev/maintenance', { on: '1' }, { Origin: 'https://evil.example' });
    assert.equal(res.status, 403);
    assert.equal((await res.json()).errorCode, 'request.forbidden');
    const opaque = await formPost('/dev/reset', {}, { Origin: 'null' });
    assert.equal(opaque.status, 403);
    assert.equal((await status()).body.value.maintenance, false);
  });
});

describe('the /dev/ page', () => {
  const get = async (path: string) => {
    const res = await wps.app.request(path);
    assert.equal(res.status, 200, path);
    return { res, text: await res.text() };
  };

  test('a static template: its script and style from /dev/, the strict CSP on all three, forms for every switch', async () => {
    const { text: html } = await get('/dev/');
    for (const [path, type] of [
      ['/dev/', /^text\/html/],
      ['/dev/dev.js', /^text\/javascript/],
      ['/dev/dev.css', /^text\/css/],
    ] as const) {
      const { res } = await get(path);
      assert.match(res.headers.get('Content-Type') ?? '', type, path);
      assert.equal(res.headers.get('X-Content-Type-Options'), 'nosniff', path);
      assert.equal(res.headers.get('Cache-Control'), 'no-store', path);
      const csp = res.headers.get('Content-Security-Policy') ?? '';
      for (const directive of [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "connect-src 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
      ]) {
        assert.ok(csp.split('; ').includes(directive), `${path}: ${directive} in ${csp}`);
      }
      assert.doesNotMatch(csp, /unsafe|sha256|nonce/, path);
    }
    // Nothing inline: one script, by src and empty; no <style>, no style or on* attribute.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.deepEqual(
      scripts.map((m) => [/\ssrc="([^"]+)"/.exec(m[1]!)?.[1], m[2]]),
      [['/dev/dev.js', '']],
    );
    assert.doesNotMatch(html, /<style|\sstyle\s*=|\son[a-z]+\s*=|javascript:/i);
    assert.match(html, /<link rel="stylesheet" href="\/dev\/dev\.css" ?\/?>/);
    for (const action of [
      '/dev/maintenance',
      '/dev/region-restriction',
      '/dev/test-flag',
      '/dev/domain-unavailable',
      '/dev/ping',
      '/dev/asset-manifest/publish',
      '/dev/reset',
    ]) {
      assert.ok(html.includes(`action="${action}"`), action);
    }
    // Per member (the script sets the action from the member's name).
    assert.ok(html.includes('data-path="expire-session"'));
    assert.ok(!html.includes('Demo1234'), 'no password on the page');
    assert.equal((await wps.app.request('/dev')).headers.get('Location'), '/dev/');
  });

  test("the page's fields follow the server's values and limits", async () => {
    const { text: html } = await get('/dev/');
    const choices = (action: string, name: string) =>
      [...html.matchAll(new RegExp(`action="${action}">(?:(?!</form>)[\\s\\S])*?name="${name}" value="([^"]+)"`, 'g'))].map(
        (m) => m[1],
      );
    assert.deepEqual(choices('/dev/ping', 'mode'), [...PING_MODES]);
    assert.deepEqual(choices('/dev/captcha', 'mode'), [...CAPTCHA_MODES]);
    assert.deepEqual(choices('/dev/site-settings', 'geetestVersion'), [...GEETEST_VERSIONS]);
    assert.ok(html.includes(`name="title" maxlength="${TITLE_MAX}"`));
    assert.ok(html.includes(`name="description" maxlength="${DESCRIPTION_MAX}"`));
    assert.ok(html.includes(`name="lang" value="EN" size="6" pattern="${LANGUAGE_CODE.source.slice(1, -1)}"`));
  });

  test("the page's script writes text, never HTML", async () => {
    const { text: script } = await get('/dev/dev.js');
    assert.doesNotMatch(script, /innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function/);
  });

  test('what the page reads: the merchants, the members (factors and IPs, no secret), the captcha mode', async () => {
    assert.deepEqual((await call(wps, 'GET', '/dev/merchants')).body.value, {
      defaultCode: 'demo',
      merchants: [
        { code: 'demo', passwordMaxAgeDays: 90 },
        { code: 'demo2', passwordMaxAgeDays: 90 },
      ],
    });
    const members = await call(wps, 'GET', '/dev/members');
    assert.equal(members.headers.get('Cache-Control'), 'no-store');
    assert.deepEqual(members.body.value, [
      {
        username: 'demo',
        factors: { email: 'demo@example.com', payeeName: 'Demo Player', mobile: '+63 9171234567', authenticator: true },
        ips: ['127.0.0.1', '::1'],
      },
      {
        username: 'guard',
        factors: { email: 'guard@example.com', payeeName: 'Guard Player', mobile: '+63 9171234568', authenticator: true },
        ips: [],
      },
    ]);
    const other = (await call(wps, 'GET', '/dev/members', { merchant: 'demo2' })).body.value;
    assert.deepEqual(other, [
      { username: 'demo', factors: { email: null, payeeName: null, mobile: null, authenticator: false }, ips: [] },
      {
        username: 'guard',
        factors: { email: 'guard2@example.com', payeeName: 'Guard Two', mobile: '+84 912345678', authenticator: true },
        ips: [],
      },
    ]);
    assert.deepEqual((await call(wps, 'GET', '/dev/captcha')).body.value, { mode: 'ok' });
    assert.equal((await call(wps, 'GET', '/dev/members', { merchant: 'nope' })).body.errorCode, 'merchant.unknown');
  });

  test('form posts switch the state and come back to the page', async () => {
    const post = async (path: string, fields: Record<string, string>) => {
      const res = await formPost(path, fields, { Origin: 'http://localhost:8080' });
      assert.equal(res.status, 303, `${path}: ${await res.clone().text()}`);
      return res.headers.get('Location');
    };
    assert.equal(await post('/dev/region-restriction', { merchant: 'demo2', on: '1' }), '/dev/?merchant=demo2');
    assert.equal((await status('demo2')).body.value.regionRestriction, true);
    assert.equal((await status()).body.value.regionRestriction, false);

    const before = Date.now();
    await post('/dev/maintenance', {
      merchant: 'demo',
      on: '1',
      endMinutes: '30',
      lang: 'cn',
      title: ' 维护中 ',
      description: '',
    });
    const v = (await status()).body.value;
    assert.equal(v.maintenance, true);
    assert.ok(v.maintenanceEnd >= before + 30 * 60_000 && v.maintenanceEnd <= Date.now() + 30 * 60_000);
    assert.deepEqual(v.maintenanceTexts, { CN: { title: '维护中' } });
    await post('/dev/maintenance', { merchant: 'demo', on: '0' });
    assert.equal((await status()).body.value.maintenance, false);

    await post('/dev/ping', { merchant: 'demo', mode: 'fail' });
    await post('/dev/domain-unavailable', { merchant: 'demo', on: 'true' });
    await post('/dev/test-flag', { merchant: 'demo', on: '1' });
    await post('/dev/asset-manifest/publish', { merchant: 'demo' });
    const state = (await call(wps, 'GET', '/dev/state')).body.value;
    assert.equal(state.pingMode, 'fail');
    assert.equal(state.domainUnavailable, true);
    assert.equal(state.test, true);
    assert.equal(state.assetRevision, 1);

    await post('/dev/reset', { merchant: 'demo' });
    assert.equal((await call(wps, 'GET', '/dev/state')).body.value.assetRevision, 0);
  });

  test('bad form values are refused', async () => {
    for (const [path, fields] of [
      ['/dev/region-restriction', { on: 'maybe' }],
      ['/dev/ping', { mode: 'slow' }],
      ['/dev/maintenance', { on: '1', endMinutes: 'soon' }],
      ['/dev/maintenance', { on: '1', lang: 'english', title: 'x' }],
    ] as const) {
      const res = await formPost(path, fields);
      assert.equal(res.status, 400, path);
      assert.equal((await res.json()).errorCode, 'request.invalid');
    }
    const unknown = await formPost('/dev/test-flag', { merchant: 'nope', on: '1' });
    assert.equal(unknown.status, 400);
  });
});
