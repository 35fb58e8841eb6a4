/**
 * A merchant's own page on another origin loads the one-file script-tag bundle and shows
 * <wps-download-bar> against the operator's API base; closing hides it for the session.
 * Also: the installable shell (manifest, service worker, offline navigation).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { startHarness, type Harness } from './harness.ts';
import { DEFAULT_MERCHANTS_FILE } from '../../server/config.ts';

let h: Harness;
let merchantSite: Server;
let merchantOrigin: string;
let pageHtml = '';
let merchantsDir = '';

before(async () => {
  // The merchant's site: another origin (localhost, not 127.0.0.1, and another port).
  merchantSite = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(pageHtml);
  });
  await new Promise<void>((resolve) => merchantSite.listen(0, '127.0.0.1', resolve));
  merchantOrigin = `http://localhost:${(merchantSite.address() as AddressInfo).port}`;

  // The operator allows that origin in the merchant's configuration.
  const merchants = JSON.parse(await readFile(DEFAULT_MERCHANTS_FILE, 'utf8'));
  merchants.merchants.demo.allowedOrigins.push(merchantOrigin);
  merchantsDir = await mkdtemp(join(tmpdir(), 'wps-merchants-'));
  const dir = merchantsDir;
  const merchantsFile = join(dir, 'merchants.json');
  await writeFile(merchantsFile, JSON.stringify(merchants));
  h = await startHarness({ merchantsFile });

  pageHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Merchant</title>
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <script src="${h.server.url}/elements/wps-elements.js"></script></head>
    <body><wps-download-bar merchant="demo" api-base="${h.server.url}"></wps-download-bar>
    <main><h1>Merchant news</h1></main></body></html>`;
});

after(async () => {
  await h?.close();
  await new Promise((resolve) => merchantSite?.close(resolve));
  if (merchantsDir) await rm(merchantsDir, { recursive: true, force: true });
});

describe('embedding on a merchant page', () => {
  it('shows the download bar from another origin and hides it for the session once closed', async () => {
    const context = await h.newContext({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Mobile Safari/537.36' });
    const page = await context.newPage();
    const apiCalls: { url: string; merchant?: string }[] = [];
    page.on('request', (r) => r.url().includes('/wps/') && apiCalls.push({ url: r.url(), merchant: r.headers().merchant }));

    await page.goto(`${merchantOrigin}/`);
    const bar = page.locator('wps-download-bar');
    await bar.getByRole('complementary', { name: 'Download the app' }).waitFor();
    assert.equal(await bar.locator('[part="name"]').textContent(), 'WPS Lottery'); // 18-char name → short name
    assert.equal(await bar.getByText('5.0').count(), 1);
    assert.equal(await bar.getByRole('img', { name: 'Download bonus available' }).count(), 1);
    assert.ok(apiCalls.some((c) => c.url.startsWith(`${h.server.url}/wps/system/status`) && c.merchant === 'demo'));

    // Download is announced to the page (cancelable), with the Android link for this phone.
    const detail = await page.evaluate(() => new Promise<{ url: string }>((resolve) => {
      document.addEventListener('wps-download', (e) => {
        e.preventDefault();
        resolve((e as CustomEvent<{ url: string }>).detail);
      }, { once: true });
      document.querySelector('wps-download-bar')!.shadowRoot!.querySelector<HTMLButtonElement>('[part="download"]')!.click();
    }));
    assert.equal(detail.url, `${h.server.url}/downloads/wps.apk`);

    const closed = page.evaluate(() => new Promise<boolean>((resolve) => document.addEventListener('wps-close', () => resolve(true), { once: true })));
    await bar.getByRole('button', { name: 'Close the download bar' }).click();
    assert.equal(await closed, true);
    await bar.getByRole('complementary').waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('heading', { name: 'Merchant news' }).waitFor();
    await page.waitForTimeout(500);
    assert.equal(await bar.getByRole('complementary').count(), 0, 'still hidden in this session');

    const newTab = await context.newPage();
    await newTab.goto(`${merchantOrigin}/`);
    await newTab.locator('wps-download-bar').getByRole('complementary').waitFor();
    await context.close();
  });

  it('is refused by the API for an origin the merchant did not allow', async () => {
    const res = await fetch(`${h.server.url}/wps/system/status`, { headers: { Origin: 'https://evil.example' } });
    assert.equal(res.headers.get('access-control-allow-origin'), null);
  });
});

describe('the installable shell', () => {
  it('has the web app manifest of SPEC §9', async () => {
    const manifest = await (await fetch(`${h.server.url}/m/manifest.webmanifest`)).json();
    assert.equal(manifest.start_url, '/m/home');
    assert.equal(manifest.scope, '/m/');
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.orientation, 'portrait');
    assert.deepEqual(manifest.icons.map((i: { sizes: string }) => i.sizes), ['192x192', '256x256', '384x384', '512x512']);
    for (const icon of manifest.icons) assert.equal((await fetch(h.server.url + icon.src)).status, 200);
    const assets = await (await fetch(`${h.server.url}/m/asset-manifest.json`)).json();
    assert.ok(Object.values(assets.files).length >= 2);
  });
});
