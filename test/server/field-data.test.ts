/**
 * Field data (docs/field-data.md; server/field-data): the post stores vitals and errors, the summary
 * of GET /dev/vitals (p75 on known data, the shares by the Core Web Vitals thresholds, the top
 * errors), and the bounds: body size, wrong types, the per-client cap, the 30-day retention (with a
 * controllable clock), a refused post losing nothing already stored; the sampling rate of the status.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { FIELD_DATA_BODY_LIMIT, FIELD_DATA_PATH, type FieldDataBody, type FieldVital } from '../../src/contract/fieldData.ts';
import { POSTS_PER_CLIENT_MINUTE, RETENTION_MS } from '../../server/field-data/store.ts';
import { clock, MINUTE } from '../../server/infra/limits.ts';
import { call, testApp } from './helpers.ts';

let wps: Awaited<ReturnType<typeof testApp>>;
let now = Date.UTC(2026, 0, 1);
const realNow = clock.now;

before(async () => {
  wps = await testApp();
  clock.now = () => now;
});
after(async () => {
  clock.now = realNow;
  await wps.close();
});
beforeEach(async () => {
  // A fresh minute and empty tables for each test.
  now += 10 * MINUTE;
  await wps.db!.query('DELETE FROM field_vitals');
  await wps.db!.query('DELETE FROM field_errors');
});

let ids = 0;
const vital = (name: FieldVital['name'], value: number, route = '/m/home', extra: Partial<FieldVital> = {}): FieldVital => ({
  id: `v5-${++ids}`,
  name,
  value,
  route,
  ...extra,
});
const body = (extra: Partial<FieldDataBody> = {}): FieldDataBody => ({
  merchant: 'demo',
  build: '0.1.0',
  mode: 'browser',
  connection: '4g',
  vitals: [],
  errors: [],
  ...extra,
});
const post = (b: unknown, headers: Record<string, string> = {}) =>
  call(wps, 'POST', FIELD_DATA_PATH, { raw: typeof b === 'string' ? b : JSON.stringify(b), headers });
const summary = async () => {
  const a = await call(wps, 'GET', '/dev/vitals', { merchant: 'demo' });
  assert.equal(a.status, 200);
  return a.body.value as {
    vitals: {
      route: string;
      name: string;
      count: number;
      p75: number;
      good: number;
      needsImprovement: number;
      poor: number;
      target: string | null;
    }[];
    errors: { message: string; count: number; routes: string[]; stack: string; kind: string }[];
  };
};
const rowsOf = async () => Number((await wps.db!.query<{ n: string }>('SELECT count(*) AS n FROM field_vitals')).rows[0]!.n);

describe('field data', () => {
  test('the site status gives the sampling rate: 100 % for the demo merchants', async () => {
    for (const merchant of ['demo', 'demo2']) {
      const a = await call(wps, 'GET', '/wps/system/status', { merchant });
      assert.deepEqual(a.body.value.info.fieldData, { sampleRate: 1 }, merchant);
    }
  });

  test('p75 (nearest rank) and the good / needs improvement / poor shares on known data, per route and metric', async () => {
    // LCP on home: 1000, 2000, 2500, 3000, 4000, 4001, 5000, 9000 -> good 3 (<= 2500), poor 3 (> 4000).
    const lcp = [1000, 2000, 2500, 3000, 4000, 4001, 5000, 9000].map((v) => vital('LCP', v, '/m/home', { target: 'img.banner' }));
    const cls = [0, 0.05, 0.1, 0.2].map((v) => vital('CLS', v, '/m/login'));
    const inp = [40, 250].map((v) => vital('INP', v, '/m/login', { target: 'button.submit' }));
    assert.equal((await post(body({ vitals: lcp.slice(0, 5) }))).status, 200);
    assert.equal((await post(body({ vitals: [...lcp.slice(5), ...cls, ...inp] }))).status, 200);
    const { vitals } = await summary();
    const of = (route: string, name: string) => vitals.find((v) => v.route === route && v.name === name)!;
    const home = of('/m/home', 'LCP');
    assert.equal(home.count, 8);
    // Nearest rank: ceil(0.75 * 8) = the 6th value.
    assert.equal(home.p75, 4001);
    assert.equal(home.good, 3 / 8);
    assert.equal(home.poor, 3 / 8);
    assert.equal(home.needsImprovement, 2 / 8);
    assert.equal(home.target, 'img.banner');
    const login = of('/m/login', 'CLS');
    assert.equal(login.count, 4);
    assert.equal(login.p75, 0.1);
    assert.deepEqual([login.good, login.needsImprovement, login.poor], [0.75, 0.25, 0]);
    const interaction = of('/m/login', 'INP');
    assert.deepEqual([interaction.count, interaction.p75, interaction.good, interaction.needsImprovement], [2, 250, 0.5, 0.5]);
    assert.equal(vitals.length, 3);
  });

  test('a metric reported again (CLS grew before the page was hidden again) replaces its earlier value', async () => {
    const first = vital('CLS', 0.02);
    await post(body({ vitals: [first] }));
    await post(body({ vitals: [{ ...first, value: 0.3 }] }));
    const { vitals } = await summary();
    assert.equal(vitals.length, 1);
    assert.deepEqual([vitals[0]!.count, vitals[0]!.p75, vitals[0]!.poor], [1, 0.3, 1]);
  });

  test('top errors: grouped by message and stack, counts summed, routes listed, most frequent first', async () => {
    const boom = { route: '/m/home', kind: 'error', message: 'Boom', stack: 'main-abc.js:1:200', count: 2 } as const;
    const late = { route: '/m/login', kind: 'rejection', message: 'Late', count: 1 } as const;
    await post(body({ errors: [boom, late] }));
    await post(body({ errors: [{ ...boom, route: '/m/login', count: 3 }] }));
    const { errors } = await summary();
    assert.deepEqual(
      errors.map((e) => [e.message, e.kind, e.count, e.routes, e.stack]),
      [
        ['Boom', 'error', 5, ['/m/home', '/m/login'], 'main-abc.js:1:200'],
        ['Late', 'rejection', 1, ['/m/login'], ''],
      ],
    );
  });

  test('bad input: 4xx with an errorCode, and nothing already stored is lost', async () => {
    await post(body({ vitals: [vital('LCP', 1200)] }));
    const refusals: [unknown, number, string][] = [
      ['{"merchant":', 400, 'request.malformed'],
      ['[1,2]', 400, 'request.malformed'],
      [body({ vitals: [vital('LCP', -1)] }), 400, 'request.invalid'],
      [body({ vitals: [{ ...vital('LCP', 1), value: '1200' as unknown as number }] }), 400, 'request.invalid'],
      [body({ vitals: [{ ...vital('LCP', 1), name: 'FID' as 'LCP' }] }), 400, 'request.invalid'],
      [body({ vitals: [vital('LCP', 1, 'https://x.example/m/home?token=abc')] }), 400, 'request.invalid'],
      [body({ vitals: [vital('LCP', 1, '/m/home?token=abc')] }), 400, 'request.invalid'],
      [body({ vitals: Array.from({ length: 11 }, () => vital('CLS', 0)) }), 400, 'request.invalid'],
      [body({ errors: [{ route: '/m/home', kind: 'error', message: 'x', count: 0 }] }), 400, 'request.invalid'],
      [body({ errors: [{ route: '/m/home', kind: 'error', message: 'x'.repeat(301), count: 1 }] }), 400, 'request.invalid'],
      [body({ mode: 'kiosk' as 'browser' }), 400, 'request.invalid'],
      [body({ merchant: 'nobody' }), 400, 'merchant.unknown'],
      [JSON.stringify(body({ build: 'x'.repeat(FIELD_DATA_BODY_LIMIT) })), 413, 'request.too.large'],
    ];
    for (const [b, status, errorCode] of refusals) {
      now += MINUTE / 20; // under the per-client cap
      const a = await post(b);
      assert.equal(a.status, status, JSON.stringify(b).slice(0, 120));
      assert.equal(a.body.errorCode, errorCode);
    }
    // A valid vital beside a bad one is not stored either: all or nothing.
    assert.equal((await post(body({ vitals: [vital('LCP', 900), vital('LCP', Number.NaN)] }))).status, 400);
    const { vitals } = await summary();
    assert.deepEqual(
      vitals.map((v) => [v.name, v.count, v.p75]),
      [['LCP', 1, 1200]],
    );
  });

  test(`a flood: at most ${POSTS_PER_CLIENT_MINUTE} posts from one client a minute, then 429 with Retry-After; stored rows stay`, async () => {
    let refused = 0;
    for (let i = 0; i < POSTS_PER_CLIENT_MINUTE + 5; i++) {
      const a = await post(body({ vitals: [vital('TTFB', 100 + i)] }));
      if (a.status === 429) {
        refused++;
        assert.equal(a.body.errorCode, 'TOO_MANY_REQUEST_FIELD_DATA');
        assert.ok(Number(a.headers.get('Retry-After')) >= 1);
      } else assert.equal(a.status, 200);
    }
    assert.equal(refused, 5);
    assert.equal(await rowsOf(), POSTS_PER_CLIENT_MINUTE);
    // A minute later the client may post again.
    now += MINUTE + 1000;
    assert.equal((await post(body({ vitals: [vital('TTFB', 1)] }))).status, 200);
    assert.equal(await rowsOf(), POSTS_PER_CLIENT_MINUTE + 1);
  });

  test('rows older than 30 days are dropped; younger ones stay', async () => {
    await post(body({ vitals: [vital('FCP', 1000)], errors: [{ route: '/m/home', kind: 'error', message: 'Old', count: 1 }] }));
    now += RETENTION_MS - 2 * 60 * MINUTE;
    await post(body({ vitals: [vital('FCP', 2000)] }));
    let s = await summary();
    assert.deepEqual(
      s.vitals.map((v) => v.count),
      [2],
    );
    assert.equal(s.errors.length, 1);
    // Past the 30 days of the first post (and past the hourly sweep's pause).
    now += 3 * 60 * MINUTE;
    s = await summary();
    assert.deepEqual(
      s.vitals.map((v) => [v.count, v.p75]),
      [[1, 2000]],
    );
    assert.equal(s.errors.length, 0);
    assert.equal(await rowsOf(), 1);
    assert.equal(Number((await wps.db!.query<{ n: string }>('SELECT count(*) AS n FROM field_errors')).rows[0]!.n), 0);
  });

  test('GET /dev/vitals is not there in production', async () => {
    const prod = await testApp({ production: true });
    try {
      assert.equal((await call(prod, 'GET', '/dev/vitals')).status, 404);
    } finally {
      await prod.close();
    }
  });
});
