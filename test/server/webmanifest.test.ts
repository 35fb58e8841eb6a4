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
import { FROM_BROWSER, LANGUAGES, normaliseLanguage } from '../../src/core/i18n/languages.ts';
import { MANIFEST_LANGUAGES, languageOfTag } from '../../server/infra/webmanifest-languages.ts';

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
      m.icons
        .filter((i: { purpose: string }) => i.purpose === 'any')
        .map((i: { src: string; sizes: string }) => [i.src, i.sizes]),
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
      m.icons.filter((i) => i.purpose === 'any').map((i) => i.src),
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

describe("Chrome's richer install dialog: maskable icon, description, screenshots, id, the native app (issue 27)", () => {
  const manifest = async (query: string, headers: Record<string, string> = {}) => {
    const res = await get(`/m/manifest.webmanifest${query}`, headers);
    assert.equal(res.status, 200);
    return res.json();
  };
  const merchantsWith = (manifest: unknown): Merchants => {
    const data = JSON.parse(readFileSync(DEFAULT_MERCHANTS_FILE, 'utf8'));
    data.merchants.demo.info.manifest = manifest;
    return parseMerchants(data);
  };

  test('a maskable icon of 512x512 (and 192), built like the other sizes, beside the "any" ones', async () => {
    const m = await manifest('?merchant=demo');
    const maskable = m.icons.filter((i: { purpose: string }) => i.purpose === 'maskable');
    assert.deepEqual(maskable, [
      { src: '/m/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/m/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
    assert.equal(m.icons.filter((i: { purpose: string }) => i.purpose === 'any').length, 4);
  });

  test("the merchant's own maskable icon where configured (https or same-origin only)", () => {
    const own = webManifest(merchantsWith({ icons: { maskable: 'https://cdn.example/maskable.png' } }), 'demo');
    assert.equal(
      own.icons.find((i) => i.purpose === 'maskable' && i.sizes === '512x512')?.src,
      'https://cdn.example/maskable.png',
    );
    const bad = webManifest(merchantsWith({ icons: { maskable: 'javascript:alert(1)' } }), 'demo');
    assert.equal(bad.icons.find((i) => i.purpose === 'maskable' && i.sizes === '512x512')?.src, '/m/icons/icon-maskable-512.png');
  });

  test('a description in the asked language (?language=, else Accept-Language), with the merchant name', async () => {
    assert.equal(
      (await manifest('?merchant=demo2&language=EN')).description,
      'Second Demo Casino on your home screen: lottery and games, full screen, with results and offers as notifications.',
    );
    const ur = await manifest('?merchant=demo&language=UR');
    assert.match(ur.description, /^WPS Lottery Online آپ کی ہوم اسکرین پر/);
    assert.equal(ur.lang, 'ur');
    assert.equal(ur.dir, 'rtl');
    const br = await manifest('?merchant=demo', { 'Accept-Language': 'de-DE, pt-BR;q=0.9, en;q=0.5' });
    assert.match(br.description, /na tela inicial/);
    assert.equal(br.lang, 'pt-BR');
    assert.equal(br.dir, 'ltr');
    assert.match((await manifest('?merchant=demo', { 'Accept-Language': 'zh-TW' })).description, /放到主畫面/);
  });

  test("without a language we have: the merchant's default (info.manifest.language), else CN", async () => {
    assert.match((await manifest('?merchant=demo', { 'Accept-Language': 'de' })).description, /放到主屏幕/);
    const m = webManifest(merchantsWith({ language: 'VI' }), 'demo', undefined, 'de, fr');
    assert.match(m.description, /trên màn hình chính/);
    assert.equal(m.lang, 'vi');
  });

  test("the server knows the app's 21 languages and reads browser tags as the app does", () => {
    // server/infra/webmanifest-languages.ts reads the app's list (src/contract/language-codes.ts,
    // data the server may import): it must stay the app's.
    assert.deepEqual([...MANIFEST_LANGUAGES], [...LANGUAGES]);
    assert.equal(MANIFEST_LANGUAGES.length, 21);
    for (const tag of [...Object.keys(FROM_BROWSER), 'en-GB', 'pt-BR', 'zh-Hant-TW', 'ur_PK', 'fil-PH', 'xx']) {
      assert.equal(languageOfTag(tag), normaliseLanguage(tag), tag);
    }
  });

  test('every one of the 21 languages has a description naming the app', async () => {
    const codes = [...LANGUAGES];
    assert.equal(codes.length, 21);
    const seen = new Set<string>();
    for (const code of codes) {
      const m = await manifest(`?merchant=demo2&language=${code}`);
      assert.ok(m.description.includes('Second Demo Casino'), code);
      seen.add(m.description);
    }
    assert.equal(seen.size, 21, 'a text of its own per language');
  });

  test('a language that is none of the 21 is a 400 with an errorCode', async () => {
    const res = await get('/m/manifest.webmanifest?merchant=demo&language=xx%3Cscript%3E');
    assert.equal(res.status, 400);
    assert.equal((await res.json()).errorCode, 'request.invalid');
  });

  test('Vary: Accept-Language, and one ETag per language', async () => {
    const en = await get('/m/manifest.webmanifest?merchant=demo&language=EN');
    const ur = await get('/m/manifest.webmanifest?merchant=demo&language=UR');
    assert.match(en.headers.get('Vary') ?? '', /Accept-Language/);
    assert.notEqual(en.headers.get('ETag'), ur.headers.get('ETag'));
  });

  test('narrow screenshots of /m/home per merchant: form_factor narrow, sizes, type, a file the build ships', async () => {
    for (const code of ['demo', 'demo2']) {
      const m = await manifest(`?merchant=${code}`);
      assert.equal(m.screenshots.length, 1, code);
      const [shot] = m.screenshots;
      assert.equal(shot.src, `/m/screenshots/${code}/home-narrow.jpg`);
      assert.equal(shot.form_factor, 'narrow');
      assert.equal(shot.type, 'image/jpeg');
      assert.equal(shot.sizes, '824x1830');
      // Chrome's rules: each side 320 to 3840 px, the long side at most 2.3 times the short one.
      const [w, h] = shot.sizes.split('x').map(Number);
      assert.ok(w >= 320 && h <= 3840 && h / w <= 2.3 && h > w, shot.sizes);
      const file = readFileSync(`host/manifest-screenshots/${code}/home-narrow.jpg`);
      assert.equal(file.readUInt16BE(0), 0xffd8, 'a JPEG');
      assert.ok(typeof shot.label === 'string' && shot.label.length > 0, 'a label for screen readers');
    }
  });

  test('an id, so the installed app keeps its identity when start_url changes', async () => {
    assert.equal((await manifest('?merchant=demo')).id, '/m/home');
  });

  test("related_applications: the merchant's Android app (Play id), prefer_related_applications false", async () => {
    const m = await manifest('?merchant=demo');
    assert.deepEqual(m.related_applications, [
      { platform: 'play', id: 'com.wps.lottery.demo', url: 'https://play.google.com/store/apps/details?id=com.wps.lottery.demo' },
    ]);
    assert.equal(m.prefer_related_applications, false);
    const none = await manifest('?merchant=demo2');
    assert.equal(none.related_applications, undefined, 'no native app, none listed');
    assert.equal(none.prefer_related_applications, false);
  });

  test('an Android app id that is no package name fails at start-up, with its path', () => {
    assert.throws(() => merchantsWith({ androidApp: 'not a package' }), /manifest\.androidApp/);
    assert.throws(() => merchantsWith({ language: 'XX' }), /manifest\.language/);
  });
});
