/**
 * Precompressed files: scripts/compress.mjs on a temporary dist, then /m and /elements through the
 * app: encoding choice, headers, caching, ETags per encoding, and the dynamic gzip that remains.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressDir } from '../../scripts/compress.mjs';
import { Hono } from 'hono';
import { GZIP_FROM, jsonAnswer } from '../../server/infra/answer.ts';
import { fileCache } from '../../server/infra/file-cache.ts';
import { acceptedEncodings } from '../../server/infra/static.ts';
import { testApp } from './helpers.ts';

let wps: Awaited<ReturnType<typeof testApp>>;
let dist: string;

/** Text that compresses well, different per name. */
const text = (name: string, lines = 200) =>
  Array.from({ length: lines }, (_, i) => `/* ${name} */ const v${i} = ${i * 7};\n`).join('');
/** Under 1 KiB, as the real one: precompressed all the same. */
const INDEX = `<!doctype html><title>wps</title>${text('index', 25)}`;
const MAIN = text('main');
const SW = text('sw');
const MANIFEST = JSON.stringify({ name: 'WPS', icons: Array.from({ length: 40 }, (_, i) => ({ src: `/m/icons/${i}.png` })) });
const CHUNK = text('chunk');
/** Its brotli and gzip forms are larger than it. */
const TINY = 'x';
const IMMUTABLE = 'public, max-age=31536000, immutable';

const FILES: Record<string, string> = {
  'm/index.html': INDEX,
  'm/sw.js': SW,
  'm/manifest.webmanifest': MANIFEST,
  'm/assets/main-Ab12cd34.js': MAIN,
  'm/assets/tiny-Zz11yy22.js': TINY,
  'm/assets/stale-Cd56ef78.js': text('stale'),
  'm/icons/icon-192.png': 'png'.repeat(1000),
  'elements/chunks/core-Ef90ab12.js': CHUNK,
  'meta/host-chunks.json': JSON.stringify({ list: text('meta') }),
};

function put(path: string, body: string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, body);
}

const get = (path: string, acceptEncoding?: string, extra: Record<string, string> = {}) =>
  wps.app.request(path, { headers: acceptEncoding === undefined ? extra : { 'Accept-Encoding': acceptEncoding, ...extra } });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

before(async () => {
  fileCache.ttlMs = 0; // these tests rewrite the build in place
  wps = await testApp();
  dist = join(wps.dir, 'dist');
  for (const [path, body] of Object.entries(FILES)) put(join(dist, path), body);
  put(join(dist, 'm/assets/tiny-Zz11yy22.js.br'), 'left over from a build where the file was larger');
  compressDir(dist);
});
after(() => wps.close());

describe('scripts/compress.mjs', () => {
  test('writes .br and .gz that decode to the file, for every compressible file they make smaller', () => {
    assert.ok(INDEX.length < 1024, 'index.html is small, as the real one');
    for (const path of [
      'm/index.html',
      'm/sw.js',
      'm/manifest.webmanifest',
      'm/assets/main-Ab12cd34.js',
      'elements/chunks/core-Ef90ab12.js',
    ]) {
      const file = join(dist, path);
      assert.equal(brotliDecompressSync(readFileSync(file + '.br')).toString(), FILES[path], path);
      assert.equal(gunzipSync(readFileSync(file + '.gz')).toString(), FILES[path], path);
      assert.ok(statSync(file + '.br').size < statSync(file + '.gz').size, `${path}: brotli beats gzip`);
    }
  });

  test('no sibling that is not smaller (a stale one is removed), for other types or in dist/meta', () => {
    assert.ok(!existsSync(join(dist, 'm/assets/tiny-Zz11yy22.js.br')));
    assert.ok(!existsSync(join(dist, 'm/assets/tiny-Zz11yy22.js.gz')));
    assert.ok(!existsSync(join(dist, 'm/icons/icon-192.png.br')));
    assert.ok(!existsSync(join(dist, 'meta/host-chunks.json.br')));
  });

  test('re-running gives the same totals and never compresses its own output', () => {
    const before = readdirSync(dist, { recursive: true }).sort();
    const first = compressDir(dist);
    const second = compressDir(dist);
    assert.deepEqual(second, first);
    assert.equal(first.files, 6);
    assert.ok(first.brotli < first.gzip && first.gzip < first.raw);
    assert.deepEqual(readdirSync(dist, { recursive: true }).sort(), before);
  });
});

describe('Accept-Encoding', () => {
  test('q=0 refuses, * stands for the others, names are case-insensitive, br wins ties', () => {
    assert.deepEqual(acceptedEncodings(undefined), []);
    assert.deepEqual(acceptedEncodings(''), []);
    assert.deepEqual(acceptedEncodings('identity'), []);
    assert.deepEqual(acceptedEncodings('gzip, deflate, br, zstd'), ['br', 'gzip']);
    assert.deepEqual(acceptedEncodings('GZIP, Br'), ['br', 'gzip']);
    assert.deepEqual(acceptedEncodings('br;q=0, gzip;q=0'), []);
    assert.deepEqual(acceptedEncodings('br;q=0.0, gzip'), ['gzip']);
    assert.deepEqual(acceptedEncodings('gzip;q=1.0, br;q=0.5'), ['gzip', 'br']);
    assert.deepEqual(acceptedEncodings('br ; q=0.8 , gzip ; q=0.9'), ['gzip', 'br']);
    assert.deepEqual(acceptedEncodings('*'), ['br', 'gzip']);
    assert.deepEqual(acceptedEncodings('*;q=0, gzip'), ['gzip']);
    assert.deepEqual(acceptedEncodings('br;q=0, *'), ['gzip']);
    // Not a qvalue: counts as refused.
    assert.deepEqual(acceptedEncodings('br;q=2, gzip;q=abc'), []);
  });
});

describe('precompressed answers', () => {
  test('br when accepted: the .br bytes with the original type, Vary, length, immutable caching', async () => {
    const res = await get('/m/assets/main-Ab12cd34.js', 'gzip, deflate, br');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('Content-Encoding'), 'br');
    assert.match(res.headers.get('Content-Type') ?? '', /^text\/javascript/);
    assert.equal(res.headers.get('Vary'), 'Accept-Encoding');
    assert.equal(res.headers.get('Cache-Control'), IMMUTABLE);
    const body = await bytes(res);
    assert.equal(res.headers.get('Content-Length'), String(body.length));
    assert.ok(body.length < MAIN.length / 3);
    // Decoding once gives the file: nothing compressed it a second time.
    assert.equal(brotliDecompressSync(body).toString(), MAIN);
  });

  test('gzip when only gzip is accepted', async () => {
    const res = await get('/m/assets/main-Ab12cd34.js', 'gzip');
    assert.equal(res.headers.get('Content-Encoding'), 'gzip');
    assert.equal(res.headers.get('Vary'), 'Accept-Encoding');
    const body = await bytes(res);
    assert.equal(res.headers.get('Content-Length'), String(body.length));
    assert.equal(gunzipSync(body).toString(), MAIN);
  });

  test('the client’s q-values decide; identity when nothing is accepted', async () => {
    assert.equal((await get('/m/assets/main-Ab12cd34.js', 'br;q=0.5, gzip')).headers.get('Content-Encoding'), 'gzip');
    assert.equal((await get('/m/assets/main-Ab12cd34.js', '*')).headers.get('Content-Encoding'), 'br');
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await get('/m/assets/main-Ab12cd34.js', accept);
      assert.equal(res.headers.get('Content-Encoding'), null, String(accept));
      assert.equal(res.headers.get('Vary'), 'Accept-Encoding', String(accept));
      assert.equal(res.headers.get('Content-Length'), String(MAIN.length), String(accept));
      assert.equal(await res.text(), MAIN, String(accept));
    }
  });

  // The web app manifest is written per merchant (test/server/webmanifest.test.ts).
  test('the shell (index.html, sw.js) is precompressed and revalidated', async () => {
    const shell: [string, string, RegExp][] = [
      ['/m/index.html', INDEX, /^text\/html/],
      ['/m/sw.js', SW, /^text\/javascript/],
    ];
    for (const [path, body, type] of shell) {
      const res = await get(path, 'br, gzip');
      assert.equal(res.headers.get('Content-Encoding'), 'br', path);
      assert.match(res.headers.get('Content-Type') ?? '', type, path);
      assert.equal(res.headers.get('Cache-Control'), 'no-cache', path);
      assert.equal(brotliDecompressSync(await bytes(res)).toString(), body, path);
    }
  });

  test('the SPA fallback sends the precompressed index.html with the page headers', async () => {
    const res = await get('/m/home', 'gzip, deflate, br');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('Content-Encoding'), 'br');
    assert.equal(res.headers.get('Cache-Control'), 'no-cache');
    assert.equal(res.headers.get('Vary'), 'Accept-Encoding');
    assert.ok(res.headers.get('Content-Security-Policy'));
    assert.equal(brotliDecompressSync(await bytes(res)).toString(), INDEX);
  });

  test('/elements chunks too, still loadable from any page', async () => {
    const res = await get('/elements/chunks/core-Ef90ab12.js', 'br');
    assert.equal(res.headers.get('Content-Encoding'), 'br');
    assert.equal(res.headers.get('Access-Control-Allow-Origin'), '*');
    assert.equal(res.headers.get('Cache-Control'), IMMUTABLE);
    assert.equal(brotliDecompressSync(await bytes(res)).toString(), CHUNK);
  });

  test('HEAD tells the encoding and length of what GET would send', async () => {
    const res = await wps.app.request('/m/home', { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('Content-Encoding'), 'br');
    assert.equal(res.headers.get('Content-Length'), String(statSync(join(dist, 'm/index.html.br')).size));
    assert.equal((await bytes(res)).length, 0);
  });

  test('each encoding has its own ETag, and 304 answers only its own', async () => {
    const path = '/m/sw.js';
    const tags = new Map<string | undefined, string>();
    for (const accept of ['br', 'gzip', undefined]) {
      const etag = (await get(path, accept)).headers.get('ETag');
      assert.ok(etag, String(accept));
      tags.set(accept, etag);
    }
    assert.equal(new Set(tags.values()).size, 3);
    for (const [accept, etag] of tags) {
      const again = await get(path, accept, { 'If-None-Match': etag });
      assert.equal(again.status, 304, String(accept));
      assert.equal(again.headers.get('ETag'), etag);
      assert.equal(again.headers.get('Vary'), 'Accept-Encoding');
    }
    // A client holding the br copy that now accepts only gzip gets the gzip file.
    const other = await get(path, 'gzip', { 'If-None-Match': tags.get('br')! });
    assert.equal(other.status, 200);
    assert.equal(gunzipSync(await bytes(other)).toString(), SW);
    // A list of tags matches any of them.
    assert.equal((await get(path, 'br', { 'If-None-Match': `W/"x", ${tags.get('br')}` })).status, 304);
  });

  test('a sibling asked for by name is a 404, never the bytes without their encoding', async () => {
    for (const path of [
      '/m/assets/main-Ab12cd34.js.br',
      '/m/assets/main-Ab12cd34.js.gz',
      '/m/index.html.br',
      '/m/index.html.GZ',
      '/m/sw.js.gz',
      '/elements/chunks/core-Ef90ab12.js.br',
    ]) {
      assert.equal((await get(path, 'br, gzip')).status, 404, path);
      const plain = await get(path);
      assert.equal(plain.status, 404, path);
      assert.equal(await plain.text(), 'Not found', path);
    }
  });
});

describe('what is not precompressed', () => {
  test('a sibling older than its file (rebuilt without compressing) is not used: the file goes as it is', async () => {
    const file = join(dist, 'm/assets/stale-Cd56ef78.js');
    const fresh = text('rebuilt');
    writeFileSync(file, fresh);
    const later = new Date(statSync(file + '.br').mtimeMs + 10_000);
    utimesSync(file, later, later);
    for (const encoding of ['br', 'gzip']) {
      const res = await get('/m/assets/stale-Cd56ef78.js', encoding);
      assert.equal(res.headers.get('Content-Encoding'), null);
      assert.equal(await res.text(), fresh);
    }
  });

  test('a small file goes out as it is', async () => {
    const res = await get('/m/assets/tiny-Zz11yy22.js', 'br, gzip');
    assert.equal(res.headers.get('Content-Encoding'), null);
    assert.equal(await res.text(), TINY);
  });

  test('/wps JSON under 4 KiB goes as it is (one round trip either way), with Vary', async () => {
    const res = await get('/wps/system/status?device=MOBILE', 'gzip, deflate, br');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('Content-Encoding'), null);
    assert.match(res.headers.get('Vary') ?? '', /Accept-Encoding/);
    const text = await res.text();
    assert.ok(text.length < GZIP_FROM, `status is ${text.length} bytes`);
    assert.equal(JSON.parse(text).success, true);
  });

  test('a /wps answer of 4 KiB or more is gzipped once when gzip is accepted, and plain otherwise', async () => {
    const app = new Hono();
    const big = { success: true, value: 'x'.repeat(GZIP_FROM) };
    app.get('/big', (c) => jsonAnswer(c, big));
    const zipped = await app.request('/big', { headers: { 'Accept-Encoding': 'br;q=1, gzip;q=0.5' } });
    assert.equal(zipped.headers.get('Content-Encoding'), 'gzip');
    assert.equal(zipped.headers.get('Content-Type'), 'application/json');
    assert.deepEqual(JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()), big);
    const plain = await app.request('/big', { headers: { 'Accept-Encoding': 'identity' } });
    assert.equal(plain.headers.get('Content-Encoding'), null);
    assert.deepEqual(await plain.json(), big);
  });
});

describe('kept answers (the file cache on, as in production)', () => {
  test('each encoding, Host, HEAD and revalidation get what a fresh answer would give', async () => {
    fileCache.ttlMs = 60_000;
    try {
      const head = await wps.app.request('/m/home', { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
      assert.equal(await head.text(), '', 'a kept HEAD has no body');
      const br = await get('/m/home', 'br');
      assert.equal(br.headers.get('Content-Encoding'), 'br');
      assert.equal(br.headers.get('Content-Length'), head.headers.get('Content-Length'));
      assert.equal(brotliDecompressSync(await bytes(br)).toString(), INDEX, 'the GET after a kept HEAD has the body');
      const again = await get('/m/home', 'br');
      assert.equal(brotliDecompressSync(await bytes(again)).toString(), INDEX);
      assert.equal(again.headers.get('ETag'), br.headers.get('ETag'));
      const keptHead = await wps.app.request('/m/home', { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
      assert.equal((await bytes(keptHead)).length, 0, 'a HEAD answered from a kept GET has no body');

      const gz = await get('/m/home', 'gzip');
      assert.equal(gz.headers.get('Content-Encoding'), 'gzip', 'not the answer kept for brotli');
      assert.equal(gunzipSync(await bytes(gz)).toString(), INDEX);
      const plain = await get('/m/home', 'identity');
      assert.equal(plain.headers.get('Content-Encoding'), null);
      assert.equal(await plain.text(), INDEX);

      const notModified = await get('/m/home', 'br', { 'If-None-Match': br.headers.get('ETag')! });
      assert.equal(notModified.status, 304);
      assert.equal(notModified.headers.get('Content-Length'), null);
      assert.equal(notModified.headers.get('Content-Security-Policy'), br.headers.get('Content-Security-Policy'));
      const otherTag = await get('/m/home', 'br', { 'If-None-Match': gz.headers.get('ETag')! });
      assert.equal(otherTag.status, 200, "another encoding's ETag is no match");

      // The page's CSP names the other lines for the Host asked for: another Host, another answer.
      const otherHost = await get('/m/home', 'br', { Host: '127.0.0.1:80' });
      assert.notEqual(otherHost.headers.get('Content-Security-Policy'), br.headers.get('Content-Security-Policy'));
    } finally {
      fileCache.ttlMs = 0;
    }
  });
});
