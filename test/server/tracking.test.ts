/**
 * Tracking (docs/api.md, "Tracking"; docs/server.md, "Static files"): the tracking post (strict
 * checks, stored once per event id, text/plain beacons, CORS for any origin, the rate limit), the
 * pixel ids of the site status and their dev control, and the /m CSP per configured pixel.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import { TRACKING_BODY_LIMIT, TRACKING_PATH, type WireEvent } from '../../src/contract/tracking/wire.ts';
import { clock } from '../../server/infra/limits.ts';
import { cspWith } from '../../server/infra/csp.ts';
import { call, loginBody, rsaKeyOf, sealedCall, testApp, type Answer } from './helpers.ts';

let wps: Awaited<ReturnType<typeof testApp>>;

before(async () => {
  wps = await testApp();
  // A built page to serve under /m (the CSP goes with it).
  mkdirSync(join(wps.dir, 'dist', 'm'), { recursive: true });
  writeFileSync(join(wps.dir, 'dist', 'm', 'index.html'), '<!doctype html><title>m</title>');
});
after(() => wps.close());
afterEach(async () => {
  assert.equal((await call(wps, 'POST', '/dev/reset')).status, 200);
});

const event = (extra: Partial<WireEvent> = {}): WireEvent => ({
  id: randomUUID(),
  name: 'firstDeposit',
  time: Date.now(),
  page: '/m/deposit',
  customerName: 'demo',
  customerId: '1',
  currency: 'PHP',
  revenue: 100,
  amount: 100,
  value: 100,
  ...extra,
});

const track = (body: unknown, headers: Record<string, string> = {}) =>
  call(wps, 'POST', TRACKING_PATH, { raw: typeof body === 'string' ? body : JSON.stringify(body), headers });
const batch = (events: unknown[], extra: Record<string, unknown> = {}) => ({
  merchant: 'demo',
  events: JSON.stringify(events),
  ...extra,
});

function refused(a: Answer, status: number, errorCode: string) {
  assert.equal(a.status, status, JSON.stringify(a.body));
  assert.equal(a.body.success, false);
  assert.equal(a.body.errorCode, errorCode, JSON.stringify(a.body));
  assert.equal(typeof a.body.message, 'string');
}

const recent = async () => (await call(wps, 'GET', '/dev/tracking')).body.value as any[];

describe('the tracking post', () => {
  test('a valid batch is stored; the same batch again is stored once', async () => {
    const events = [event(), event({ name: 'register', currency: undefined, revenue: undefined })];
    const body = batch(events, { attribution: { affiliateCode: 'AFF1', fbPixelId: '123' } });
    const first = await track(body, { 'Content-Type': 'application/json', Origin: 'https://merchant.example' });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(first.body, { success: true, value: { stored: 2 } });
    assert.equal(first.headers.get('Access-Control-Allow-Origin'), '*');
    assert.equal(first.headers.get('Access-Control-Allow-Credentials'), null);
    assert.equal(first.headers.get('Cache-Control'), 'no-store');
    assert.deepEqual((await track(body)).body, { success: true, value: { stored: 0 } }, 'a replayed beacon counts once');
    const listed = await recent();
    assert.equal(listed.filter((e) => events.some((x) => x.id === e.id)).length, 2);
    const deposit = listed.find((e) => e.id === events[0]!.id);
    assert.deepEqual(
      {
        name: deposit.name,
        customerName: deposit.customerName,
        currency: deposit.currency,
        revenue: deposit.revenue,
        page: deposit.page,
      },
      { name: 'firstDeposit', customerName: 'demo', currency: 'PHP', revenue: 100, page: '/m/deposit' },
    );
    // The same id twice in one batch: once.
    const id = randomUUID();
    assert.equal((await track(batch([event({ id }), event({ id })]))).body.value.stored, 1);
  });

  test('a text/plain beacon (sendBeacon) is read as JSON; a session is not needed, and a bad one is no refusal', async () => {
    const plain = await track(batch([event()]), { 'Content-Type': 'text/plain;charset=UTF-8' });
    assert.equal(plain.status, 200, JSON.stringify(plain.body));
    assert.equal(plain.body.value.stored, 1);
    const rsaKey = await rsaKeyOf(wps);
    const login = await sealedCall(wps, '/wps/session/login', loginBody('demo', 'Demo1234'), rsaKey);
    const withSession = await track(batch([event()]), { Authorization: login.body.value.token });
    assert.equal(withSession.body.value.stored, 1);
    assert.equal((await track(batch([event()]), { Authorization: 'garbage' })).body.value.stored, 1);
  });

  test('bad batches: 4xx with an errorCode, nothing stored, the server keeps serving', async () => {
    const before = (await recent()).length;
    const cases: [unknown, number, string][] = [
      ['{not json', 400, 'request.malformed'],
      [[], 400, 'request.malformed'],
      [{ merchant: 'demo', events: '[{' }, 400, 'request.malformed'],
      [{ merchant: 'nope', events: JSON.stringify([event()]) }, 400, 'merchant.unknown'],
      [{ events: JSON.stringify([event()]) }, 400, 'request.invalid'],
      [{ merchant: 'demo', events: [event()] }, 400, 'request.invalid'],
      [batch([]), 400, 'request.invalid'],
      [batch(Array.from({ length: 21 }, () => event())), 400, 'request.invalid'],
      [{ merchant: 'demo', events: JSON.stringify({ not: 'an array' }) }, 400, 'request.invalid'],
      [batch([event({ name: 'hacked' as never })]), 400, 'request.invalid'],
      [batch([event({ id: 'not-a-uuid' })]), 400, 'request.invalid'],
      [batch([event({ currency: 'PESO' })]), 400, 'request.invalid'],
      [batch([event({ currency: 'php' })]), 400, 'request.invalid'],
      [batch([event({ time: 'now' as never })]), 400, 'request.invalid'],
      [batch([event({ page: 'https://evil.example/' })]), 400, 'request.invalid'],
      [batch([event({ page: '/' + 'x'.repeat(512) })]), 400, 'request.invalid'],
      [batch([event({ revenue: '100' as never })]), 400, 'request.invalid'],
      [batch([event({ customerId: 7 as never })]), 400, 'request.invalid'],
      [batch([event(), { ...event(), id: undefined }]), 400, 'request.invalid'],
      [batch([event()], { attribution: { affiliateCode: 'x'.repeat(257) } }), 400, 'request.invalid'],
      [batch([event()], { attribution: 'AFF1' }), 400, 'request.invalid'],
    ];
    for (const [body, status, code] of cases) refused(await track(body), status, code);
    refused(await track(''), 400, 'request.malformed');
    // A non-finite number cannot be written in JSON, but 1e999 parses to Infinity.
    const infinite = JSON.stringify(batch([event()])).replace(/\\"revenue\\":100/, '\\"revenue\\":1e999');
    assert.ok(infinite.includes('1e999'));
    refused(await track(infinite), 400, 'request.invalid');
    const big = batch([event({ customerName: 'x'.repeat(TRACKING_BODY_LIMIT) })]);
    refused(await track(big), 413, 'request.too.large');
    assert.equal((await recent()).length, before, 'nothing stored');
    assert.equal((await track(batch([event()]))).status, 200, 'still serving');
  });

  test('CORS preflight for any origin, without credentials', async () => {
    const res = await wps.app.request(TRACKING_PATH, {
      method: 'OPTIONS',
      headers: { Origin: 'https://merchant.example', 'Access-Control-Request-Method': 'POST' },
    });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('Access-Control-Allow-Origin'), '*');
    assert.equal(res.headers.get('Access-Control-Allow-Credentials'), null);
    assert.match(res.headers.get('Access-Control-Allow-Methods') ?? '', /POST/);
  });

  test('rate limit per address: 429 TOO_MANY_REQUEST_TRACKING', async () => {
    let last: Answer | undefined;
    for (let i = 0; i < 61; i++) last = await track('{}');
    refused(last!, 429, 'TOO_MANY_REQUEST_TRACKING');
    assert.equal(typeof last!.body.value.retryAfter, 'number');
    assert.equal(last!.headers.get('Access-Control-Allow-Origin'), '*');
  });
});

describe('the tracking post under attack (issue 26)', () => {
  const MINUTE = 60_000;
  const DAY = 24 * 60 * MINUTE;
  const rows = async () =>
    Number((await wps.db!.query<{ n: string | number }>('SELECT count(*) AS n FROM tracking_events')).rows[0]!.n);
  const twenty = () => Array.from({ length: 20 }, () => event({ name: 'viewContent' }));
  async function at<T>(ms: number, fn: () => Promise<T>): Promise<T> {
    const real = clock.now;
    clock.now = () => ms;
    try {
      return await fn();
    } finally {
      clock.now = real;
    }
  }

  test('a flood from one client, 60 posts of 20 events in a minute, stores at most 200 events', async () => {
    await wps.db!.query('DELETE FROM tracking_events');
    const t0 = Date.now();
    let stored = 0;
    let refusals = 0;
    await at(t0, async () => {
      for (let i = 0; i < 60; i++) {
        const a = await track(batch(twenty()));
        if (a.status === 200) stored += a.body.value.stored;
        else {
          refused(a, 429, 'TOO_MANY_REQUEST_TRACKING');
          assert.ok(a.body.value.retryAfter >= 1 && a.body.value.retryAfter <= 60, JSON.stringify(a.body));
          refusals++;
        }
      }
    });
    assert.equal(stored, 200);
    assert.equal(await rows(), 200);
    assert.equal(refusals, 50);
    // A minute later the client may post again.
    await call(wps, 'POST', '/dev/reset'); // the per-address post counter
    await at(t0 + MINUTE + 1000, async () => assert.equal((await track(batch(twenty()))).body.value.stored, 20));
  });

  test('the client is its address: rotating sessions, merchants or X-Forwarded-For does not buy another 200', async () => {
    await wps.db!.query('DELETE FROM tracking_events');
    const t0 = Date.now();
    await at(t0, async () => {
      for (let i = 0; i < 30; i++) {
        const body = batch(twenty(), { merchant: i % 2 ? 'demo' : 'demo2' });
        const a = await track(body, { Authorization: `session-${i}`, 'X-Forwarded-For': `10.0.${i}.1` });
        assert.ok(a.status === 200 || a.status === 429, JSON.stringify(a.body));
      }
    });
    assert.equal(await rows(), 200);
  });

  test('concurrent posts of one client: still at most 200 events stored', async () => {
    await wps.db!.query('DELETE FROM tracking_events');
    const answers = await at(Date.now(), () => Promise.all(Array.from({ length: 30 }, () => track(batch(twenty())))));
    for (const a of answers) if (a.status !== 200) refused(a, 429, 'TOO_MANY_REQUEST_TRACKING');
    assert.equal(answers.filter((a) => a.status === 200).length, 10);
    assert.equal(await rows(), 200);
  });

  test('retention: events older than 90 days (the attribution window) are dropped', async () => {
    await wps.db!.query('DELETE FROM tracking_events');
    const t0 = Date.now();
    const old = event({ name: 'viewContent' });
    const mid = event({ name: 'viewContent' });
    const recentOne = event({ name: 'viewContent' });
    await at(t0, async () => assert.equal((await track(batch([old]))).body.value.stored, 1));
    await at(t0 + 89 * DAY, async () => {
      assert.equal((await track(batch([mid]))).body.value.stored, 1);
      assert.ok(
        (await recent()).some((e) => e.id === old.id),
        'kept at 89 days',
      );
    });
    await at(t0 + 90 * DAY + MINUTE, async () => {
      assert.equal((await track(batch([recentOne]))).body.value.stored, 1);
      const listed = (await recent()).map((e) => e.id);
      assert.ok(!listed.includes(old.id) && listed.includes(mid.id) && listed.includes(recentOne.id), listed.join(', '));
    });
    const ids = (await wps.db!.query<{ event_id: string }>('SELECT event_id FROM tracking_events')).rows.map((r) => r.event_id);
    assert.deepEqual(ids.sort(), [mid.id, recentOne.id].sort(), 'the row is gone, not only hidden');
  });

  test('a conversion whose customer id is not the sender’s session member is stored unverified, and shown so', async () => {
    const rsaKey = await rsaKeyOf(wps);
    const login = await sealedCall(wps, '/wps/session/login', loginBody('demo', 'Demo1234'), rsaKey);
    const { token, id } = login.body.value as { token: string; id: number };
    const forged = event({ name: 'firstDeposit', revenue: 1e9, amount: 1e9, value: 1e9, customerId: '424242' });
    const forgedWithSession = event({ name: 'firstDeposit', revenue: 1e9, customerId: '424242' });
    const own = event({ name: 'firstDeposit', revenue: 100, customerId: String(id) });
    const ownWithoutSession = event({ name: 'deposit', revenue: 100, customerId: String(id) });
    const otherMerchant = event({ name: 'register', customerId: String(id) });
    assert.equal((await track(batch([forged]), { Origin: 'https://evil.example' })).status, 200);
    assert.equal((await track(batch([forgedWithSession, own]), { Authorization: token })).status, 200);
    assert.equal((await track(batch([ownWithoutSession]), { Authorization: 'garbage' })).status, 200);
    // demo's session is none at demo2.
    assert.equal((await track(batch([otherMerchant], { merchant: 'demo2' }), { Authorization: token })).status, 200);
    const listed = await recent();
    const verified = (e: WireEvent) => listed.find((x) => x.id === e.id)?.verified;
    assert.equal(verified(forged), false, 'a 1e9 firstDeposit for any customer id is not real');
    assert.equal(verified(forgedWithSession), false);
    assert.equal(verified(ownWithoutSession), false);
    assert.equal(verified(own), true);
    const demo2 = (await call(wps, 'GET', '/dev/tracking', { merchant: 'demo2' })).body.value as any[];
    assert.equal(demo2.find((x) => x.id === otherMerchant.id)?.verified, false);
    // The /dev/ page shows it: a column of its own.
    const html = await (await wps.app.request('/dev/')).text();
    assert.match(html, /<th scope="col">Verified<\/th>/);
    const script = await (await wps.app.request('/dev/dev.js')).text();
    assert.ok(script.includes("e.verified ? 'verified' : 'unverified'"));
  });
});

describe('pixel ids', () => {
  const status = async (merchant?: string) => (await call(wps, 'GET', '/wps/system/status', { merchant })).body.value.info;

  test('none by default; the dev control sets and clears them per merchant; only set keys are sent', async () => {
    assert.equal((await status()).analytics, undefined);
    const set = await call(wps, 'POST', '/dev/pixels', { body: { fbPixelId: '1234567890', gtagId: 'G-ABC123' } });
    assert.deepEqual(set.body.value, { fbPixelId: '1234567890', gtagId: 'G-ABC123' });
    assert.deepEqual((await status()).analytics, { fbPixelId: '1234567890', gtagId: 'G-ABC123' });
    assert.equal((await status('demo2')).analytics, undefined, 'per merchant');
    await call(wps, 'POST', '/dev/pixels', { body: { gtagId: null, tiktokPixelId: 'CABC123' } });
    assert.deepEqual((await status()).analytics, { fbPixelId: '1234567890', tiktokPixelId: 'CABC123' });
    assert.deepEqual((await call(wps, 'GET', '/dev/pixels')).body.value, { fbPixelId: '1234567890', tiktokPixelId: 'CABC123' });
    for (const body of [{ fbPixelId: 'has space' }, { unknownPixel: '1' }, { fbPixelId: 'x'.repeat(65) }, { gtagId: 5 }]) {
      refused(await call(wps, 'POST', '/dev/pixels', { body }), 400, 'request.invalid');
    }
    // A form post: empty fields clear.
    const res = await wps.app.request('/dev/pixels', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Host: 'localhost:8080', Origin: 'http://localhost:8080' },
      body: new URLSearchParams({ merchant: 'demo', fbPixelId: '', tiktokPixelId: 'CNEW' }).toString(),
    });
    assert.equal(res.status, 303);
    assert.deepEqual((await status()).analytics, { tiktokPixelId: 'CNEW' });
    await call(wps, 'POST', '/dev/reset');
    assert.equal((await status()).analytics, undefined, 'reset: back to merchants.json (none)');
  });
});

describe('the /dev/ page’s push and tracking section', () => {
  test('the pixel form, the tables, and what the script reads', async () => {
    const html = await (await wps.app.request('/dev/')).text();
    assert.ok(html.includes('action="/dev/pixels"'));
    for (const key of ['fbPixelId', 'tiktokPixelId', 'gtagId', 'kwaiPixelId', 'bigoPixelId', 'appsflyerId', 'adjustToken']) {
      assert.ok(html.includes(`name="${key}"`), key);
    }
    for (const id of ['push-tokens', 'push-registrations', 'tracking']) assert.ok(html.includes(`id="${id}"`), id);
    const script = await (await wps.app.request('/dev/dev.js')).text();
    assert.ok(script.includes("read('/dev/push'") && script.includes("read('/dev/tracking'"));
    const push = (await call(wps, 'GET', '/dev/push', { merchant: 'demo2' })).body.value;
    assert.deepEqual(Object.keys(push), ['project', 'tokens', 'registrations']);
    assert.equal(push.project, 'demo-two');
    assert.equal((await call(wps, 'GET', '/dev/tracking', { merchant: 'nope' })).body.errorCode, 'merchant.unknown');
  });
});

describe('the /m CSP per configured pixel', () => {
  const csp = async (path = '/m/home', headers: Record<string, string> = {}) => {
    const res = await wps.app.request(path, { headers });
    assert.equal(res.status, 200, path);
    return res.headers.get('Content-Security-Policy') ?? '';
  };
  const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
  const cookie = (value: unknown) => ({ Cookie: `other=1; wps_attr=${encodeURIComponent(JSON.stringify(value))}` });

  test('no pixel: the policy is the base one, byte for byte', async () => {
    const base = await csp();
    assert.equal(base, cspWith(directive(base, 'connect-src').split(' ').slice(2)));
    assert.ok(!/facebook|tiktok|google|kwai|imotech/.test(base));
    assert.equal(cspWith([], [], { script: [], connect: [], img: [] }), cspWith([]));
  });

  test('the merchant’s fbPixelId adds connect.facebook.net to script-src (and its hosts to connect-src, img-src)', async () => {
    const base = await csp();
    await call(wps, 'POST', '/dev/pixels', { body: { fbPixelId: '1234567890' } });
    const policy = await csp();
    assert.ok(directive(policy, 'script-src').includes('https://connect.facebook.net'));
    assert.ok(directive(policy, 'connect-src').includes('https://www.facebook.com'));
    assert.ok(directive(policy, 'img-src').includes('https://www.facebook.com'));
    assert.ok(!policy.includes('tiktok'));
    // Other pixel ids of the native app only (AppsFlyer, Adjust) add nothing.
    await call(wps, 'POST', '/dev/pixels', { body: { fbPixelId: null, appsflyerId: 'af1', adjustToken: 'adj1' } });
    assert.equal(await csp(), base);
  });

  test('the attribution cookie or the landing URL turns a pixel on; a malformed cookie or an invalid id does not', async () => {
    const base = await csp();
    const tiktok = await csp('/m/home', cookie({ tiktokPixelId: 'CABC123', affiliateCode: 'A' }));
    assert.ok(directive(tiktok, 'script-src').includes('https://analytics.tiktok.com'));
    const kwai = await csp('/m/home', cookie({ kwai_pixel_id: '99' }));
    assert.ok(directive(kwai, 'script-src').includes('https://s1.kwai.net'));
    for (const bad of ['wps_attr=%7Bnot-json', 'wps_attr=%E0%A4%A', 'wps_attr=' + encodeURIComponent('[1]'), 'wps_attr=']) {
      assert.equal(await csp('/m/home', { Cookie: bad }), base, bad);
    }
    assert.equal(await csp('/m/home', cookie({ tiktokPixelId: 'bad id' })), base, 'invalid id');
    assert.equal(await csp('/m/home', cookie({ tiktokPixelId: 5 })), base, 'not a string');
    const landing = await csp('/m/home?gtagId=G-XYZ&bigoPixelId=b1');
    assert.ok(directive(landing, 'script-src').includes('https://www.googletagmanager.com'));
    assert.ok(directive(landing, 'script-src').includes('https://api.imotech.video'));
    assert.equal(await csp('/m/home?fbPixelId=%3Cscript%3E'), base, 'invalid id in the URL');
    // The cached policy is per set of pixels: the plain page is still the base one.
    assert.equal(await csp(), base);
  });
});
