/**
 * /mini-game/ (server/infra/mini-game.ts, docs/mini-game.md) from a temporary dist folder: the script
 * is loadable from any origin, the demo game may be framed by any page but loads only its own files,
 * unknown files are a 404, and no path leaves the folder.
 */
import assert from 'node:assert/strict';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { MINI_GAME_CSP } from '../../server/infra/mini-game.ts';
import { fileCache } from '../../server/infra/file-cache.ts';
import { testApp } from './helpers.ts';

let wps: Awaited<ReturnType<typeof testApp>>;
let dist: string;
const SCRIPT = '(()=>{customElements.define("wps-mini-game",class extends HTMLElement{})})();';
const GAME = '<!doctype html><title>Quick 3</title>';
const INDEX = '<!doctype html><title>wps</title>';
const SECRET = 'TOP-SECRET-CONTENT';

function put(path: string, text: string | Uint8Array) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

before(async () => {
  fileCache.ttlMs = 0; // one test moves the build away
  wps = await testApp();
  dist = join(wps.dir, 'dist');
  put(join(dist, 'mini-game/minigame.js'), SCRIPT);
  put(join(dist, 'mini-game/minigame.js.br'), 'BROTLI-BYTES');
  put(join(dist, 'mini-game/game.html'), GAME);
  put(join(dist, 'mini-game/game.css'), 'body{margin:0}');
  put(join(dist, 'mini-game/game.js'), 'void 0;');
  put(join(dist, 'm/index.html'), INDEX);
  put(join(dist, 'secret.txt'), SECRET);
  put(join(dist, 'mini-game/.env'), SECRET);
  put(join(wps.dir, 'secret.txt'), SECRET);
});
after(async () => {
  fileCache.ttlMs = 1000;
  await wps.close();
});

const get = (path: string, headers: Record<string, string> = {}) => wps.app.request(path, { headers });

describe('/mini-game/minigame.js', () => {
  test('any page may load it: CORP cross-origin, ACAO *, nosniff, revalidated with an ETag', async () => {
    const res = await get('/mini-game/minigame.js', { Origin: 'https://merchant.example' });
    assert.equal(res.status, 200);
    assert.equal(await res.text(), SCRIPT);
    assert.match(res.headers.get('Content-Type') ?? '', /^text\/javascript; charset=utf-8/);
    assert.equal(res.headers.get('Cross-Origin-Resource-Policy'), 'cross-origin');
    assert.equal(res.headers.get('Access-Control-Allow-Origin'), '*');
    assert.equal(res.headers.get('X-Content-Type-Options'), 'nosniff');
    assert.equal(res.headers.get('Cache-Control'), 'no-cache');
    const etag = res.headers.get('ETag');
    assert.ok(etag);
    const again = await get('/mini-game/minigame.js', { 'If-None-Match': etag });
    assert.equal(again.status, 304);
    assert.equal(again.headers.get('Cross-Origin-Resource-Policy'), 'cross-origin');
  });

  test('its precompressed sibling is sent when the browser takes it, never asked for by name', async () => {
    const res = await get('/mini-game/minigame.js', { 'Accept-Encoding': 'gzip, br' });
    assert.equal(res.headers.get('Content-Encoding'), 'br');
    assert.match(res.headers.get('Content-Type') ?? '', /javascript/);
    assert.equal((await get('/mini-game/minigame.js.br')).status, 404);
  });

  test('HEAD answers the headers without the body', async () => {
    const res = await wps.app.request('/mini-game/minigame.js', { method: 'HEAD' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('Cross-Origin-Resource-Policy'), 'cross-origin');
    assert.equal(await res.text(), '');
  });
});

describe('/mini-game/game.html', () => {
  test('may be framed by any page, and loads nothing but its own script, style and images', async () => {
    const res = await get('/mini-game/game.html');
    assert.equal(res.status, 200);
    assert.equal(await res.text(), GAME);
    assert.match(res.headers.get('Content-Type') ?? '', /^text\/html/);
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    assert.equal(csp, MINI_GAME_CSP);
    for (const directive of [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      'frame-ancestors *',
    ])
      assert.ok(csp.split('; ').includes(directive), directive);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.equal(res.headers.get('X-Frame-Options'), null);
    assert.equal(res.headers.get('Cache-Control'), 'no-cache');
    assert.equal(res.headers.get('Referrer-Policy'), 'no-referrer');
  });

  test('its stylesheet and script are served beside it', async () => {
    const css = await get('/mini-game/game.css');
    assert.equal(css.status, 200);
    assert.match(css.headers.get('Content-Type') ?? '', /^text\/css/);
    const js = await get('/mini-game/game.js');
    assert.equal(js.status, 200);
    assert.match(js.headers.get('Content-Type') ?? '', /javascript/);
  });
});

describe('what /mini-game/ does not serve', () => {
  test('an unknown file, the folder itself and hidden files are a 404 (with the same headers)', async () => {
    for (const path of ['/mini-game/nope.js', '/mini-game/', '/mini-game', '/mini-game/.env', '/mini-game/%2eenv']) {
      const res = await get(path);
      assert.equal(res.status, 404, path);
      assert.ok(!(await res.text()).includes(SECRET), path);
    }
    const res = await get('/mini-game/nope.js');
    assert.equal(res.headers.get('X-Content-Type-Options'), 'nosniff');
  });

  test('no path leaves the folder, encoded or not', async () => {
    const attempts = [
      '/mini-game/..%2fsecret.txt',
      '/mini-game/..%2F..%2Fsecret.txt',
      '/mini-game/%2e%2e%2fsecret.txt',
      '/mini-game/%2e%2e%2fm%2findex.html',
      '/mini-game/..%2fm%2findex.html',
      '/mini-game/..%5cm%5cindex.html',
      '/mini-game/..%252fm%252findex.html',
      '/mini-game/game.html%00.js',
      '/mini-game/%E0%A4%A',
    ];
    for (const path of attempts) {
      const res = await get(path);
      const text = await res.text();
      assert.equal(res.status, 404, path);
      assert.ok(!text.includes(SECRET) && !text.includes(INDEX), `${path} leaked a file`);
    }
  });

  test('a literal /mini-game/../m/index.html is /m/index.html, under /m’s own headers: not framable, not cross-origin', async () => {
    // The URL parser removes the dot segments (so does the browser): the request never reaches this mount.
    for (const path of ['/mini-game/../m/index.html', '/mini-game/%2e%2e/m/index.html']) {
      const res = await get(path);
      assert.equal(res.status, 200, path);
      assert.equal(await res.text(), INDEX);
      assert.equal(res.headers.get('Cross-Origin-Resource-Policy'), null, path);
      assert.match(res.headers.get('Content-Security-Policy') ?? '', /frame-ancestors 'self'/, path);
    }
  });

  test('without a build: 503 "run npm run build"', async () => {
    renameSync(join(dist, 'mini-game'), join(dist, 'mini-game.off'));
    try {
      const res = await get('/mini-game/minigame.js');
      assert.equal(res.status, 503);
      assert.match(await res.text(), /run npm run build/);
    } finally {
      renameSync(join(dist, 'mini-game.off'), join(dist, 'mini-game'));
    }
  });
});
