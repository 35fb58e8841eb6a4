/**
 * The web app manifest per merchant (server/infra/webmanifest.ts; docs/product.md §3, §9): name and
 * short name of the asking merchant, start /m/home, scope /m/, standalone, portrait, the four icon
 * sizes (the merchant's own where configured, https or same-origin only), revalidation, and the
 * built file with a logged warning when it cannot be written.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Hono } from 'hono';
import { parseMerchants, type Merchants } from '../../server/merchants/merchants.ts';
import { DEFAULT_MERCHANTS_FILE } from '../../server/infra/config.ts';
import { mountWebManifest, webManifest } from '../../server/infra/webmanifest.ts';
import { testApp } from './helpers.ts';

let wps: Awaited<ReturnType<typeof testApp>>;
before(async () => {
  wps = await testApp();
  mkdirSync(join(wps.dir, 'dist/m'), { recursive: true });
  writeFileSync(join(wps.dir, 'dist/m/manifest.webmanifest'), '{"name":"built"}');
});
after(() => wps.close());

const get = (path: string, headers: Record<string, string> = {}) => wps.app.request(path, { headers });

describe('GET /m/manifest.webmanifest', () => {
  test('the asking merchant: its names, the start page, scope, display and orientation of docs/product.md §9', async () => {
    const res = await get('/m/manifest.webmanifest?merchant=demo2');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('Content-Type') ?? '', /^application\/manifest\+json/);
    assert.equal(res.headers.get('Cache-Control'), 'no-cache');
    const m = await res.json();
    assert.equal(m.name, 'Second Demo Casino');
    assert.equal(m.start_url, '/m/home');
    assert.equal(m.scope, '/m/');
    assert.equal(m.display, 'standalone');
    assert.equal(m.orientation, 'portrait');
    assert.deepEqual(
      m.icons.map((i: { src: string; sizes: string }) => [i.src, i.sizes]),
      [192, 256, 384, 512].map((s) => [`/m/icons/icon-${s}.png`, `${s}x${s}`]),
    );
  });

  test('without a merchant, or an unknown one: the default merchant', async () => {
    const plain = await (await get('/m/manifest.webmanifest')).json();
    assert.equal(plain.name, 'WPS Lottery Online');
    assert.equal(plain.short_name, 'WPS Lottery');
    assert.equal((await (await get('/m/manifest.webmanifest?merchant=__proto__')).json()).name, 'WPS Lottery Online');
  });

  test('an ETag; a matching If-None-Match is 304', async () => {
    const first = await get('/m/manifest.webmanifest?merchant=demo');
    const etag = first.headers.get('ETag')!;
    assert.ok(etag);
    assert.equal((await get('/m/manifest.webmanifest?merchant=demo', { 'If-None-Match': etag })).status, 304);
    assert.notEqual(
      (await get('/m/manifest.webmanifest?merchant=demo2')).headers.get('ETag'),
      etag,
      'another merchant, another tag',
    );
  });
});

describe('webManifest', () => {
  const merchantsWith = (manifest: unknown): Merchants => {
    const data = JSON.parse(readFileSync(DEFAULT_MERCHANTS_FILE, 'utf8'));
    data.merchants.demo.info.manifest = manifest;
    return parseMerchants(data);
  };
  test("the merchant's own icons and colours; an icon that is no https or same-origin path is not used", () => {
    const m = webManifest(
      merchantsWith({
        icons: {
          '192': 'https://cdn.example/192.png',
          '256': '/m/own/256.png',
          '384': 'javascript:alert(1)',
          '512': '//evil.example/512.png',
        },
        themeColor: '#112233',
      }),
      'demo',
    );
    assert.deepEqual(
      m.icons.map((i) => i.src),
      ['https://cdn.example/192.png', '/m/own/256.png', '/m/icons/icon-384.png', '/m/icons/icon-512.png'],
    );
    assert.equal(m.theme_color, '#112233');
    assert.equal(m.background_color, '#ffffff');
  });
  test('a colour that is no #rrggbb fails at start-up, with its path', () => {
    assert.throws(() => merchantsWith({ themeColor: 'red' }), /manifest\.themeColor/);
  });
  test('when it cannot be written: a warning, and the next route (the built file) answers', async () => {
    const app = new Hono();
    mountWebManifest(app, { defaultCode: 'none', byCode: new Map(), allowedOrigins: new Set() });
    app.get('/m/manifest.webmanifest', (c) => c.text('built'));
    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
    try {
      assert.equal(await (await app.request('/m/manifest.webmanifest')).text(), 'built');
    } finally {
      console.warn = warn;
    }
    assert.equal(warnings.length, 1);
    assert.match(String(warnings[0]), /web app manifest could not be built/);
  });
});
