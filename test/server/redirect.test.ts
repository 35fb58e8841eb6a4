/**
 * The redirect page (docs/architecture.md, "The redirect page"): the server's headers for
 * /mobile/mc/redirect.html and its assets (server/infra/redirect.ts), from a temporary dist folder;
 * and the page's rule (redirect/rule.ts) as a table, its line match compared with the server's
 * isOwnLine, which checks back links the same way.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { isOwnLine } from '../../server/merchants/domains.ts';
import { REDIRECT_CSP } from '../../server/infra/redirect.ts';
import { fileCache } from '../../server/infra/file-cache.ts';
import { decide, isMerchantLine, linesOf, MAX_URL_LENGTH, shown, type Decision } from '../../redirect/rule.ts';
import { testApp } from './helpers.ts';

let wps: Awaited<ReturnType<typeof testApp>>;
const PAGE = '<!doctype html><title>redirect</title><script src="/mobile/mc/assets/redirect-1a2b3c4d.js" defer></script>';
const SCRIPT = 'void 0;';
const MANIFEST = '{"files":{},"entrypoints":[]}';

function put(path: string, text: string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

before(async () => {
  fileCache.ttlMs = 0;
  wps = await testApp();
  const mc = join(wps.dir, 'dist/mobile/mc');
  put(join(mc, 'redirect.html'), PAGE);
  put(join(mc, 'assets/redirect-1a2b3c4d.js'), SCRIPT);
  put(join(mc, 'assets/redirect-5e6f7a8b.css'), 'body{margin:0}');
  put(join(mc, 'asset-manifest.json'), MANIFEST);
  put(join(wps.dir, 'dist/m/index.html'), '<!doctype html>');
});
after(async () => {
  fileCache.ttlMs = 1000;
  await wps.close();
});

const get = (path: string) => wps.app.request(path);

describe('/mobile/mc/redirect.html', () => {
  test('a strict CSP (nothing inline, one origin), no referrer, nosniff, revalidated', async () => {
    const res = await get('/mobile/mc/redirect.html?url=%2Fm%2Fhome');
    assert.equal(res.status, 200);
    assert.equal(await res.text(), PAGE);
    assert.match(res.headers.get('Content-Type') ?? '', /^text\/html; charset=utf-8/);
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    assert.equal(csp, REDIRECT_CSP);
    for (const directive of [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "connect-src 'self'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ])
      assert.ok(csp.split('; ').includes(directive), directive);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|sha256-|nonce-|\*/);
    assert.equal(res.headers.get('Referrer-Policy'), 'no-referrer');
    assert.equal(res.headers.get('X-Content-Type-Options'), 'nosniff');
    assert.equal(res.headers.get('Cache-Control'), 'no-cache');
    assert.ok(res.headers.get('ETag'));
  });

  test('its hashed script and stylesheet: their types, kept a year, the same headers', async () => {
    const js = await get('/mobile/mc/assets/redirect-1a2b3c4d.js');
    assert.equal(js.status, 200);
    assert.equal(await js.text(), SCRIPT);
    assert.match(js.headers.get('Content-Type') ?? '', /^text\/javascript/);
    assert.equal(js.headers.get('Cache-Control'), 'public, max-age=31536000, immutable');
    assert.equal(js.headers.get('X-Content-Type-Options'), 'nosniff');
    assert.equal(js.headers.get('Referrer-Policy'), 'no-referrer');
    const css = await get('/mobile/mc/assets/redirect-5e6f7a8b.css');
    assert.match(css.headers.get('Content-Type') ?? '', /^text\/css/);
    assert.equal(css.headers.get('Cache-Control'), 'public, max-age=31536000, immutable');
  });

  test('unknown assets and paths out of the folder are a 404; the mc manifest is still its own route', async () => {
    for (const path of [
      '/mobile/mc/assets/nope.js',
      '/mobile/mc/assets/..%2fredirect.html',
      '/mobile/mc/assets/..%2f..%2fm%2findex.html',
    ]) {
      assert.equal((await get(path)).status, 404, path);
    }
    const manifest = await get('/mobile/mc/asset-manifest.json');
    assert.equal(manifest.status, 200);
    assert.equal(manifest.headers.get('Content-Security-Policy'), null);
    assert.deepEqual(await manifest.json(), JSON.parse(MANIFEST));
  });
});

const HERE = { origin: 'https://m.merchant.example', hostname: 'm.merchant.example' };
const LOCAL = { origin: 'http://127.0.0.1:8080', hostname: '127.0.0.1' };
const summary = (d: Decision) =>
  d.kind === 'check' ? `check ${d.url.href}` : d.kind === 'go' ? `go ${d.url}` : `refuse ${d.reason}`;

describe('redirect/rule.ts: decide', () => {
  const table: [string | null, string, typeof HERE?][] = [
    [null, 'refuse missing'],
    ['', 'refuse missing'],
    ['   ', 'refuse missing'],
    ['/m/home', 'go https://m.merchant.example/m/home'],
    ['/m/home?a=1#b', 'go https://m.merchant.example/m/home?a=1#b'],
    ['/m/../mobile/x', 'go https://m.merchant.example/mobile/x'],
    ['https://m.merchant.example/m/home', 'go https://m.merchant.example/m/home'],
    ['HTTPS://M.MERCHANT.EXAMPLE/m', 'go https://m.merchant.example/m'],
    ['https://www.merchant.example/m/home', 'check https://www.merchant.example/m/home'],
    ['https://evil.example/', 'check https://evil.example/'],
    ['http://www.merchant.example/', 'refuse refused'],
    ['http://localhost:8080/m/home', 'check http://localhost:8080/m/home', LOCAL],
    ['http://evil.example/', 'refuse refused', LOCAL],
    ['javascript:alert(1)', 'refuse refused'],
    ['JavaScript:alert(1)', 'refuse refused'],
    ['java\tscript:alert(1)', 'refuse refused'],
    ['data:text/html,<script>alert(1)</script>', 'refuse refused'],
    ['vbscript:x', 'refuse refused'],
    ['blob:https://m.merchant.example/x', 'refuse refused'],
    ['ftp://m.merchant.example/', 'refuse refused'],
    ['//evil.example', 'refuse refused'],
    ['///evil.example', 'refuse refused'],
    ['/\\evil.example', 'refuse refused'],
    ['\\\\evil.example', 'refuse refused'],
    ['https:evil.example', 'refuse refused'],
    ['https://user@m.merchant.example/', 'refuse refused'],
    ['https://user:pw@www.merchant.example/', 'refuse refused'],
    ['https://m.merchant.example@evil.example/', 'refuse refused'],
    ['evil.example/x', 'refuse refused'],
    ['home', 'refuse refused'],
    [' /m/home', 'refuse refused'],
    ['/m/\nhome', 'refuse refused'],
    [`/m/home?q=${'a'.repeat(MAX_URL_LENGTH)}`, 'refuse refused'],
  ];
  for (const [raw, expected, here = HERE] of table) {
    test(`${JSON.stringify(raw)?.slice(0, 60)} → ${expected}`, () => assert.equal(summary(decide(raw, here)), expected));
  }
  test('2048 characters exactly still go', () => {
    const raw = `/m/home?q=${'a'.repeat(MAX_URL_LENGTH - 10)}`;
    assert.equal(raw.length, MAX_URL_LENGTH);
    assert.equal(decide(raw, HERE).kind, 'go');
  });
});

describe('redirect/rule.ts: isMerchantLine matches as the server isOwnLine does', () => {
  const lines = ['m.merchant.example', 'www.merchant.example', 'alt.merchant.example:8443', '127.0.0.1:8080', 'localhost:8080'];
  const req = { host: 'm.merchant.example', hostname: 'm.merchant.example', port: '443', defaultPort: '443' };
  for (const url of [
    'https://www.merchant.example/m',
    'https://WWW.merchant.example:443/m',
    'https://www.merchant.example:444/m',
    'https://alt.merchant.example:8443/',
    'https://alt.merchant.example/',
    'http://localhost:8080/m/home',
    'http://localhost:8081/m/home',
    'https://evil.example/',
    'https://www.merchant.example.evil.example/',
    'https://merchant.example/',
  ]) {
    test(url, () => assert.equal(isMerchantLine(lines, new URL(url)), isOwnLine(lines, req, new URL(url))));
  }
  test('a few answers: yes and no as expected', () => {
    assert.equal(isMerchantLine(lines, new URL('https://www.merchant.example/m')), true);
    assert.equal(isMerchantLine(lines, new URL('https://evil.example/')), false);
  });
});

describe('redirect/rule.ts: linesOf and shown', () => {
  test('reads a domainRoute answer, and nothing else', () => {
    assert.deepEqual(linesOf({ success: true, value: [{ domainName: 'a.example' }, { domainName: '' }, {}, null, 'x'] }), [
      'a.example',
    ]);
    assert.equal(linesOf({ success: false, value: [] }), undefined);
    assert.equal(linesOf({ success: true, value: {} }), undefined);
    assert.equal(linesOf(null), undefined);
  });
  test('cuts a long address after 300 characters', () => {
    assert.equal(shown('x'.repeat(300)), 'x'.repeat(300));
    assert.equal(shown('x'.repeat(301)), `${'x'.repeat(300)}…`);
  });
});
