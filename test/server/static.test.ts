/**
 * /m, /elements, /mobile and /favicon.ico from a temporary dist folder: headers, SPA fallback and the
 * 404 of an address outside the route table, caching, traversal.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CSP, cspWith } from '../../server/infra/csp.ts';
import { fileCache } from '../../server/infra/file-cache.ts';
import { cacheControl, isPage, resolveInside } from '../../server/infra/static.ts';
import { testApp } from './helpers.ts';

let wps: Awaited<ReturnType<typeof testApp>>;
let dist: string;
const INDEX = '<!doctype html><title>wps</title>';
const SECRET = 'TOP-SECRET-CONTENT';
/**
 * app.request('/m/...') has the host `localhost` (port 80): the demo merchant's other line
 * `127.0.0.1:$port` is added to connect-src (`localhost:$port` is this very origin).
 */
const PAGE_CSP = cspWith(['127.0.0.1:80']);

function put(path: string, text: string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

before(async () => {
  fileCache.ttlMs = 0; // most tests here rewrite the build in place; one checks the real cache
  wps = await testApp();
  dist = join(wps.dir, 'dist');
  put(join(dist, 'm/index.html'), INDEX);
  put(join(dist, 'm/sw.js'), 'self.x=1');
  put(join(dist, 'm/manifest.webmanifest'), '{}');
  put(join(dist, 'm/asset-manifest.json'), '{}');
  put(join(dist, 'm/assets/main-Ab12cd34.js'), 'console.log(1)');
  put(join(dist, 'm/icons/icon-192.png'), 'png');
  put(join(dist, 'm/.env'), SECRET);
  // The build's route table (host/routes.json), as the build writes it.
  put(join(dist, 'meta/routes.json'), JSON.stringify(Object.keys(JSON.parse(readFileSync('host/routes.json', 'utf8')))));
  writeFileSync(join(dist, 'favicon.ico'), readFileSync('host/icons/favicon.ico'));
  put(join(dist, 'elements/wps-download-bar.js'), 'export {}');
  put(join(dist, 'mobile/mc/redirect.html'), '<p>redirect</p>');
  put(join(dist, 'secret.txt'), SECRET);
  put(join(wps.dir, 'secret.txt'), SECRET);
});
after(() => wps.close());

const get = (path: string, headers: Record<string, string> = {}) => wps.app.request(path, { headers });

describe('/m inline scripts', () => {
  const HASH = "'sha256-ffeRvHxc/YTbqttVxTQBYQnfsh1AxJSPxfagOxu/CI4='";
  test('script-src allows exactly the hashes the build wrote to meta/csp.json, and nothing when it is broken', async () => {
    put(join(dist, 'meta/csp.json'), JSON.stringify({ scriptSrc: [HASH, "'unsafe-inline'", 'https://evil.example'] }));
    try {
      const csp = (await get('/m/home')).headers.get('Content-Security-Policy') ?? '';
      assert.match(csp, new RegExp(`script-src 'self' ${HASH.replace(/[+/]/g, '\\$&')};`));
      assert.doesNotMatch(csp, /unsafe-inline|evil/);
      assert.equal(csp, cspWith(['127.0.0.1:80'], [HASH]));
      // A rebuild that breaks the file: the page keeps its strict policy and is still served.
      // The shells' inline stylesheet: style-src names its hash, and only a hash.
      await new Promise((r) => setTimeout(r, 20));
      put(join(dist, 'meta/csp.json'), JSON.stringify({ scriptSrc: [HASH], styleSrc: [HASH, "'unsafe-inline'"] }));
      const styled = (await get('/m/home')).headers.get('Content-Security-Policy') ?? '';
      assert.match(styled, new RegExp(`style-src 'self' ${HASH.replace(/[+/]/g, '\\$&')};`));
      assert.doesNotMatch(styled, /unsafe-inline/);
      assert.equal(styled, cspWith(['127.0.0.1:80'], [HASH], { style: [HASH] }));
      await new Promise((r) => setTimeout(r, 20));
      put(join(dist, 'meta/csp.json'), '{ not json');
      const res = await get('/m/home');
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('Content-Security-Policy'), PAGE_CSP);
    } finally {
      put(join(dist, 'meta/csp.json'), '{}');
    }
  });
});

describe('/m', () => {
  test('/, /m and /m/ redirect to /m/home, keeping the query', async () => {
    for (const path of ['/', '/m', '/m/']) {
      const res = await get(path);
      assert.equal(res.status, 302, path);
      assert.equal(res.headers.get('Location'), '/m/home');
    }
    assert.equal((await get('/?aff=42')).headers.get('Location'), '/m/home?aff=42');
  });

  test('/m/home is index.html with the strict CSP and security headers, not cached', async () => {
    const res = await get('/m/home');
    assert.equal(res.status, 200);
    assert.equal(await res.text(), INDEX);
    assert.match(res.headers.get('Content-Type') ?? '', /^text\/html/);
    assert.equal(res.headers.get('Content-Security-Policy'), PAGE_CSP);
    assert.match(CSP, /default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:/);
    assert.match(CSP, /object-src 'none'; base-uri 'self'; frame-ancestors 'self'/);
    assert.doesNotMatch(
      res.headers.get('Content-Security-Policy') ?? '',
      /sha256|unsafe-inline/,
      "no inline script without the build's hashes",
    );
    assert.equal(res.headers.get('X-Content-Type-Options'), 'nosniff');
    // strict-origin: no Referer of a page load carries its path or query (issue 26, items 2 and 9).
    assert.equal(res.headers.get('Referrer-Policy'), 'strict-origin');
    assert.equal(res.headers.get('Cache-Control'), 'no-cache');
  });

  test("connect-src adds the merchants' other lines for this Host (line speed test), nothing else", async () => {
    const csp = async (host: string) => (await get('/m/home', { Host: host })).headers.get('Content-Security-Policy');
    assert.equal(await csp('127.0.0.1:8080'), cspWith(['localhost:8080']));
    assert.equal(await csp('localhost:8080'), cspWith(['127.0.0.1:8080']));
    assert.equal(await csp('wps.example:9000'), cspWith(['127.0.0.1:9000', 'localhost:9000']));
    assert.match(cspWith(['a.example:1']), /; connect-src 'self' a\.example:1; font-src 'self';/);
    assert.equal(cspWith([]), CSP);
    // A Host that is not a host name adds nothing (and is never repeated into a header).
    assert.equal(await csp('bad host"x'), CSP);
  });

  test('SPA fallback: every page of the route table is index.html, with or without its trailing slash', async () => {
    for (const path of ['/m/login', '/m/member/home', '/m/index', '/m/register.html', '/m/game/trial/', '/m/activity?id=7']) {
      const res = await get(path);
      assert.equal(res.status, 200, path);
      assert.equal(await res.text(), INDEX, path);
    }
  });

  test('an address outside the route table is index.html with a 404, so the app shows its not-found page', async () => {
    for (const path of ['/m/nope', '/m/member/nowhere?r=ref7', '/m/icons', '/m/home/deeper', '/m/game/trial/x']) {
      const res = await get(path);
      assert.equal(res.status, 404, path);
      assert.equal(await res.text(), INDEX, path);
      assert.match(res.headers.get('Content-Type') ?? '', /^text\/html/);
      assert.equal(res.headers.get('Content-Security-Policy'), PAGE_CSP, 'the same page, the same policy');
      assert.equal(res.headers.get('Cache-Control'), 'no-cache');
      assert.equal(res.headers.get('ETag'), null, 'never answered as a 304 of the page');
    }
    // Revalidating with the page's own tag still gets the 404, not a 304 that would turn it into a 200.
    const etag = (await get('/m/home')).headers.get('ETag')!;
    assert.equal((await get('/m/nope', { 'If-None-Match': etag })).status, 404);
    assert.equal((await wps.app.request('/m/nope', { method: 'HEAD' })).status, 404);
    // With an extension it is a missing file, as a missing asset: a plain 404, never the page's HTML.
    assert.equal(await (await get('/m/index.htm')).text(), 'Not found');
  });

  test("the page rule is the app's: any letter case, one trailing slash", () => {
    const routes = new Set(['/m/home', '/m/register.html']);
    assert.equal(isPage(routes, '/m/home'), true);
    assert.equal(isPage(routes, '/m/home/'), true);
    assert.equal(isPage(routes, '/M/Home'), true);
    assert.equal(isPage(routes, '/m/register.html'), true);
    assert.equal(isPage(routes, '/m/home//'), false);
    assert.equal(isPage(routes, '/m/homes'), false);
    assert.equal(isPage(routes, '/m/registerXhtml'), false);
  });

  test('a build without its route table (or a broken one) opens every path without an extension, as before', async () => {
    const table = join(dist, 'meta/routes.json');
    const kept = readFileSync(table, 'utf8');
    try {
      for (const write of [() => rmSync(table), () => put(table, '{ not json')]) {
        write();
        await new Promise((r) => setTimeout(r, 20));
        const res = await get('/m/nope');
        assert.equal(res.status, 200);
        assert.equal(await res.text(), INDEX);
        assert.equal((await get('/m/assets/missing-Zz99yy88.js')).status, 404);
      }
    } finally {
      put(table, kept);
    }
    assert.equal((await get('/m/nope')).status, 404, 'the table is read again when it comes back');
  });

  test('a missing asset (with an extension) is a 404, not index.html', async () => {
    const res = await get('/m/assets/missing-Zz99yy88.js');
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('Content-Security-Policy'), PAGE_CSP);
  });

  test('hashed files are immutable; sw.js, manifests and index.html are revalidated', async () => {
    const js = await get('/m/assets/main-Ab12cd34.js');
    assert.equal(js.status, 200);
    assert.match(js.headers.get('Content-Type') ?? '', /javascript/);
    assert.equal(js.headers.get('Cache-Control'), 'public, max-age=31536000, immutable');
    for (const path of ['/m/sw.js', '/m/manifest.webmanifest', '/m/asset-manifest.json', '/m/index.html']) {
      const res = await get(path);
      assert.equal(res.status, 200, path);
      assert.equal(res.headers.get('Cache-Control'), 'no-cache', path);
    }
  });

  test('cache rule by name', () => {
    assert.equal(cacheControl('assets/anything.js'), 'public, max-age=31536000, immutable');
    assert.equal(cacheControl('chunks/core.js'), 'public, max-age=31536000, immutable');
    assert.equal(cacheControl('main-3f9a2c1d.js'), 'public, max-age=31536000, immutable');
    assert.equal(cacheControl('style.3f9a2c1d.css'), 'public, max-age=31536000, immutable');
    assert.equal(cacheControl('wps-announcement.js'), 'no-cache');
    assert.equal(cacheControl('install-prompt.js'), 'no-cache');
    assert.equal(cacheControl('assets/index.html'), 'no-cache');
    assert.equal(cacheControl('icons/icon-192.png'), 'no-cache');
    assert.equal(cacheControl('splash/splash-1125x2436.png'), 'no-cache', 'named by its size, not its content');
  });

  test('ETag revalidation answers 304', async () => {
    const first = await get('/m/sw.js');
    const etag = first.headers.get('ETag');
    assert.ok(etag);
    const again = await get('/m/sw.js', { 'If-None-Match': etag });
    assert.equal(again.status, 304);
  });

  test('HEAD gets the headers without the body', async () => {
    const res = await wps.app.request('/m/home', { method: 'HEAD' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('Content-Security-Policy'), PAGE_CSP);
    assert.equal(await res.text(), '');
  });

  test('path traversal and hidden files are refused', async () => {
    const attempts = [
      '/m/..%2fsecret.txt',
      '/m/..%2F..%2Fsecret.txt',
      '/m/%2e%2e%2fsecret.txt',
      '/m/%2e%2e/secret.txt',
      '/m/..%5csecret.txt',
      '/m/assets/..%2f..%2f..%2fsecret.txt',
      '/m/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/m/.env',
      '/m/%2eenv',
      '/m/index.html%00.js',
      '/m/%E0%A4%A',
      '/elements/..%2fsecret.txt',
      '/elements/..%2f..%2fsecret.txt',
      '/mobile/..%2fsecret.txt',
      '/m/..%252fsecret.txt',
    ];
    for (const path of attempts) {
      const res = await get(path);
      const text = await res.text();
      assert.ok(!text.includes(SECRET), `${path} leaked a file`);
      assert.ok(res.status === 404 || (res.status === 200 && text === INDEX), `${path}: ${res.status}`);
    }
  });

  test('resolveInside keeps every path inside its root', () => {
    const root = '/srv/dist/m';
    assert.equal(resolveInside(root, 'a/b.js'), '/srv/dist/m/a/b.js');
    assert.equal(resolveInside(root, ''), root);
    for (const bad of ['..', '../x', 'a/../../x', '%2e%2e/x', 'a%2f..%2f..%2fx', 'a\\..\\x', 'x%00', '%zz', '.git/config']) {
      assert.equal(resolveInside(root, bad), undefined, bad);
    }
  });
});

describe('/elements and /mobile', () => {
  test('/elements files may be loaded by any page (ACAO *)', async () => {
    const res = await get('/elements/wps-download-bar.js', { Origin: 'https://merchant.example' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('Access-Control-Allow-Origin'), '*');
    assert.equal(res.headers.get('Timing-Allow-Origin'), '*', 'merchants can measure what the elements cost them');
    assert.match(res.headers.get('Content-Type') ?? '', /javascript/);
    assert.equal((await get('/elements/nope.js')).status, 404);
  });

  test('/mobile serves its files, with no SPA fallback', async () => {
    const res = await get('/mobile/mc/redirect.html');
    assert.equal(res.status, 200);
    assert.equal(await res.text(), '<p>redirect</p>');
    assert.equal((await get('/mobile/mc/nothing')).status, 404);
  });

  test('/favicon.ico is the app icon, an .ico file', async () => {
    const res = await get('/favicon.ico');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('Content-Type'), 'image/x-icon');
    assert.equal(res.headers.get('X-Content-Type-Options'), 'nosniff');
    assert.equal(res.headers.get('Cache-Control'), 'no-cache');
    assert.ok(res.headers.get('ETag'));
    const ico = Buffer.from(await res.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), then one entry per image: 16, 32 and 48 px, each a PNG.
    assert.deepEqual([...ico.subarray(0, 4)], [0, 0, 1, 0]);
    const count = ico.readUInt16LE(4);
    const sizes = [];
    for (let i = 0; i < count; i++) {
      const entry = 6 + 16 * i;
      sizes.push(ico[entry]);
      const offset = ico.readUInt32LE(entry + 12);
      assert.deepEqual([...ico.subarray(offset, offset + 4)], [0x89, 0x50, 0x4e, 0x47], `image ${i} is a PNG`);
      assert.equal(ico.readUInt32BE(offset + 16), ico[entry], `image ${i}: its PNG is as wide as its entry says`);
    }
    assert.deepEqual(sizes, [16, 32, 48]);
  });

  test('other paths are a plain 404', async () => {
    const res = await get('/etc/passwd');
    assert.equal(res.status, 404);
  });
});

describe('the file cache', () => {
  test('the disk is asked at most once a second per path; a rebuild shows after that, without a restart', async () => {
    fileCache.ttlMs = 1000;
    try {
      const file = join(dist, 'm/assets/cached-Ab12cd34.js');
      writeFileSync(file, 'one();');
      assert.equal(await (await wps.app.request('/m/assets/cached-Ab12cd34.js')).text(), 'one();');
      writeFileSync(file, 'two(); // a rebuild');
      assert.equal(await (await wps.app.request('/m/assets/cached-Ab12cd34.js')).text(), 'one();', 'still the kept copy');
      await new Promise((r) => setTimeout(r, 1050));
      assert.equal(await (await wps.app.request('/m/assets/cached-Ab12cd34.js')).text(), 'two(); // a rebuild');
    } finally {
      fileCache.ttlMs = 0;
    }
  });
});

describe('without a build', () => {
  test('a missing dist answers 503 "run npm run build"', async () => {
    renameSync(dist, dist + '.off');
    try {
      for (const path of ['/m/home', '/elements/wps-download-bar.js', '/mobile/mc/redirect.html']) {
        const res = await get(path);
        assert.equal(res.status, 503, path);
        assert.match(await res.text(), /run npm run build/);
      }
      // /wps keeps working.
      assert.equal((await get('/wps/system/test/ping')).status, 200);
    } finally {
      renameSync(dist + '.off', dist);
    }
  });
});
