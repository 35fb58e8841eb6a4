/**
 * The merchant demo page under /demo/: the repository's demo/ files in a temporary dist, the page's
 * CSP, every file it links, and nothing outside dist/demo.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { createApp } from '../../server/app.ts';
import { DEFAULT_MERCHANTS_FILE } from '../../server/infra/config.ts';
import { CSP, demoCsp } from '../../server/infra/csp.ts';
import { startServer } from '../../server/start.ts';
import { tempDir, testApp } from './helpers.ts';

const DEMO_DIR = fileURLToPath(new URL('../../demo', import.meta.url));
const SECRET = 'TOP-SECRET-CONTENT';
const ELEMENTS_JS = 'window.WpsElements = {};';

let wps: Awaited<ReturnType<typeof testApp>>;
let html: string;

function put(path: string, text: string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

before(async () => {
  wps = await testApp();
  const dist = join(wps.dir, 'dist');
  cpSync(DEMO_DIR, join(dist, 'demo'), { recursive: true }); // what `npm run build` does
  put(join(dist, 'elements/wps-elements.js'), ELEMENTS_JS);
  put(join(dist, 'demo/.env'), SECRET);
  put(join(dist, 'secret.txt'), SECRET);
  put(join(wps.dir, 'secret.txt'), SECRET);
  html = readFileSync(join(DEMO_DIR, 'index.html'), 'utf8');
});
after(() => wps.close());

const get = (path: string, headers: Record<string, string> = {}) => wps.app.request(path, { headers });

describe('/demo/', () => {
  test('/demo redirects to /demo/ (the page links relatively), keeping the query', async () => {
    const res = await get('/demo?theme=night');
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('Location'), '/demo/?theme=night');
  });

  test('/demo/ is the page, revalidated, under the strict CSP that also lets in the other loopback line', async () => {
    const res = await get('/demo/', { Host: 'localhost:8080' });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('Content-Type') ?? '', /^text\/html/);
    assert.equal(await res.text(), html);
    assert.equal(res.headers.get('Cache-Control'), 'no-cache');
    assert.equal(res.headers.get('X-Content-Type-Options'), 'nosniff');
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    assert.equal(csp, demoCsp(['127.0.0.1:8080']));
    // The page on localhost calls, loads the captcha script and the app icon from 127.0.0.1.
    assert.match(csp, /script-src 'self' 127\.0\.0\.1:8080;/);
    assert.match(csp, /img-src 'self' data: https: 127\.0\.0\.1:8080;/);
    assert.match(csp, /connect-src 'self' 127\.0\.0\.1:8080;/);
    assert.match(csp, /style-src 'self';/);
    // The mini game's frame (game.html next to its script, on the operator).
    assert.match(csp, /frame-src 'self' 127\.0\.0\.1:8080(;|$)/);
    assert.doesNotMatch(csp, /unsafe/);
  });

  test('demoCsp adds the lines to scripts, images, calls and frames only', () => {
    assert.equal(demoCsp([]), CSP);
    const csp = demoCsp(['a.example:1', 'b.example:2']);
    assert.equal(csp.match(/a\.example:1 b\.example:2/g)?.length, 4);
    assert.match(csp, /default-src 'self';/);
  });

  test('the page has no inline script, event handler or style attribute', () => {
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.ok(scripts.length >= 2);
    for (const [, attributes = '', body = ''] of scripts) {
      assert.match(attributes, /\bsrc="[^"]+"/);
      assert.equal(body.trim(), '');
    }
    assert.doesNotMatch(html, /\son[a-z]+\s*=/i);
    assert.doesNotMatch(html, /\sstyle\s*=/i);
    // The element script by a relative URL: the page works wherever the operator serves it.
    assert.match(html, /<script src="\.\.\/elements\/wps-elements\.js"><\/script>/);
  });

  test('every file the page links resolves', async () => {
    const links = [...html.matchAll(/\s(?:href|src)="([^"#][^"]*)"/g)].map((m) => m[1]!);
    assert.ok(links.includes('demo.css') && links.includes('demo.js'));
    for (const link of links) {
      const path = new URL(link, 'http://localhost/demo/').pathname;
      const res = await get(path);
      assert.equal(res.status, 200, `${link} (${path})`);
      await res.body?.cancel();
    }
    const css = await get('/demo/demo.css');
    assert.match(css.headers.get('Content-Type') ?? '', /^text\/css/);
    const js = await get('/demo/demo.js');
    assert.match(js.headers.get('Content-Type') ?? '', /javascript/);
    assert.equal(await (await get('/elements/wps-elements.js')).text(), ELEMENTS_JS);
  });

  test('a missing file is a 404 (no fallback to the page)', async () => {
    for (const path of ['/demo/missing', '/demo/missing.css', '/demo/sub/']) {
      const res = await get(path);
      assert.equal(res.status, 404, path);
      assert.ok(res.headers.get('Content-Security-Policy'), `${path}: CSP on errors too`);
    }
  });

  test('nothing outside dist/demo is reachable', async () => {
    const attempts = [
      '/demo/..%2fsecret.txt',
      '/demo/..%2F..%2Fsecret.txt',
      '/demo/%2e%2e%2fsecret.txt',
      '/demo/%2e%2e/secret.txt',
      '/demo/..%5csecret.txt',
      '/demo/..%252fsecret.txt',
      '/demo/..%2felements%2fwps-elements.js',
      '/demo/.env',
      '/demo/%2eenv',
      '/demo/demo.css%00.js',
      '/demo/%E0%A4%A',
    ];
    for (const path of attempts) {
      const res = await get(path);
      const text = await res.text();
      assert.equal(res.status, 404, path);
      assert.ok(!text.includes(SECRET) && !text.includes(ELEMENTS_JS), `${path} leaked a file`);
    }
  });
});

describe('the origins the demo is opened from', () => {
  const ORIGINS = ['http://localhost:8080', 'http://127.0.0.1:8080'];

  test('are allowed for the demo merchant in server/merchants/merchants.json', () => {
    const merchants = JSON.parse(readFileSync(DEFAULT_MERCHANTS_FILE, 'utf8'));
    for (const origin of ORIGINS) assert.ok(merchants.merchants.demo.allowedOrigins.includes(origin), origin);
  });

  test('get the CORS answer of /wps', async () => {
    for (const origin of ORIGINS) {
      const res = await wps.app.request('/wps/system/status', {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'merchant' },
      });
      assert.equal(res.headers.get('Access-Control-Allow-Origin'), origin);
    }
  });
});

describe('the demo started on any port (issue 32: the demo was dead on any port but 8080)', () => {
  /** A preflight and a call of /wps/system/status from `origin`; the CORS origin each answer allows. */
  async function corsOf(base: string, origin: string, fetcher: (url: string, init: RequestInit) => Response | Promise<Response>) {
    const preflight = await fetcher(`${base}/wps/system/status`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'merchant' },
    });
    const get = await fetcher(`${base}/wps/system/status`, { headers: { Origin: origin, Merchant: 'demo' } });
    await get.body?.cancel();
    return {
      preflight: preflight.headers.get('Access-Control-Allow-Origin'),
      preflightHeaders: preflight.headers.get('Access-Control-Allow-Headers'),
      get: get.headers.get('Access-Control-Allow-Origin'),
      credentials: get.headers.get('Access-Control-Allow-Credentials'),
      status: get.status,
    };
  }

  test("in demo mode a server on a free port (not 8080) allows its own origins, with the repository's merchants.json", async () => {
    const tmp = tempDir();
    const server = await startServer({
      port: 0,
      dataDir: ':memory:',
      distDir: join(tmp.dir, 'dist'),
      merchantsFile: DEFAULT_MERCHANTS_FILE,
      allowedHosts: ['lotto.test:9000'],
    });
    try {
      assert.notEqual(server.port, 8080);
      const base = `http://127.0.0.1:${server.port}`;
      // /demo/ on localhost calls the operator on 127.0.0.1 (and the other way round): both allowed.
      for (const origin of [
        `http://localhost:${server.port}`,
        `http://127.0.0.1:${server.port}`,
        `http://[::1]:${server.port}`,
      ]) {
        const cors = await corsOf(base, origin, fetch);
        assert.deepEqual(
          [cors.preflight, cors.get, cors.credentials, cors.status],
          [origin, origin, 'true', 200],
          `${origin}: ${JSON.stringify(cors)}`,
        );
        assert.match(cors.preflightHeaders ?? '', /Merchant/);
      }
      // A name of ALLOWED_HOSTS (the port there is ignored, as for the host check) on this port.
      const named = await corsOf(base, `http://lotto.test:${server.port}`, (url, init) =>
        fetch(url, { ...init, headers: { ...init.headers, Host: `lotto.test:${server.port}` } }),
      );
      assert.equal(named.get, `http://lotto.test:${server.port}`);
      // Foreign: another host name, or a loopback page of another server (another port).
      for (const origin of ['http://evil.example', `http://evil.example:${server.port}`, 'http://localhost:3000', 'null']) {
        const cors = await corsOf(base, origin, fetch);
        assert.deepEqual([cors.preflight, cors.get, cors.credentials], [null, null, null], origin);
      }
      // The explicit list still holds (8080 is listed in merchants.json).
      assert.equal((await corsOf(base, 'http://localhost:8080', fetch)).get, 'http://localhost:8080');
    } finally {
      await server.close();
      tmp.remove();
    }
  });

  test('in production only the explicit allowedOrigins list counts', async () => {
    const tmp = tempDir();
    const prod = await createApp({
      production: true,
      dataDir: ':memory:',
      distDir: join(tmp.dir, 'dist'),
      merchantsFile: DEFAULT_MERCHANTS_FILE,
    });
    const request = (url: string, init: RequestInit) =>
      prod.app.request(url, { ...init, headers: { ...init.headers, Host: '127.0.0.1:8123' } });
    try {
      for (const origin of ['http://localhost:8123', 'http://127.0.0.1:8123']) {
        const cors = await corsOf('http://127.0.0.1:8123', origin, request);
        assert.deepEqual([cors.preflight, cors.get], [null, null], origin);
      }
      const listed = await corsOf('http://127.0.0.1:8123', 'http://localhost:8080', request);
      assert.deepEqual([listed.preflight, listed.get], ['http://localhost:8080', 'http://localhost:8080']);
    } finally {
      await prod.close();
      tmp.remove();
    }
  });
});
