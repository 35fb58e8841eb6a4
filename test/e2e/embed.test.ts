/**
 * A merchant's own page on another origin adds the script-tag loader and shows <wps-download-bar>
 * against the operator's API base; closing hides it for the session. The loader fetches only the
 * lite build of the elements on the page, an element added later loads when it arrives, and
 * data-build="react" switches to the React build. An origin the merchant did not allow gets one console
 * error and no modal; the sign-in forms stay on the merchant page or hand the session to the operator's
 * /m (the token only to its origin). Also: the installable shell's manifest.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { startHarness, type Harness } from './harness.ts';
import { DEFAULT_MERCHANTS_FILE } from '../../server/infra/config.ts';

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

  pageHtml = merchantPage('');
});

function merchantPage(scriptAttributes: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Merchant</title>
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <script src="${h.server.url}/elements/wps-elements.js"${scriptAttributes}></script></head>
    <body><wps-download-bar merchant="demo" api-base="${h.server.url}"></wps-download-bar>
    <main><h1>Merchant news</h1></main></body></html>`;
}

/** The operator's scripts the merchant page fetched, with their bytes on the wire. */
async function operatorScripts(page: import('playwright-core').Page) {
  return page.evaluate(
    (origin) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.name.startsWith(origin) && /\.js$/.test(e.name))
        .map((e) => ({ path: new URL(e.name).pathname, wire: e.encodedBodySize })),
    h.server.url,
  );
}

after(async () => {
  await h?.close();
  await new Promise((resolve) => merchantSite?.close(resolve));
  if (merchantsDir) await rm(merchantsDir, { recursive: true, force: true });
});

describe('embedding on a merchant page', () => {
  it('shows the download bar from another origin and hides it for the session once closed', async () => {
    const context = await h.newContext({
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Mobile Safari/537.36',
    });
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
    const detail = await page.evaluate(
      () =>
        new Promise<{ url: string }>((resolve) => {
          document.addEventListener(
            'wps-download',
            (e) => {
              e.preventDefault();
              resolve((e as CustomEvent<{ url: string }>).detail);
            },
            { once: true },
          );
          document.querySelector('wps-download-bar')!.shadowRoot!.querySelector<HTMLButtonElement>('[part="download"]')!.click();
        }),
    );
    assert.equal(detail.url, `${h.server.url}/downloads/demo/app.apk`);
    const apk = await fetch(detail.url);
    assert.equal(apk.status, 200);
    assert.equal(apk.headers.get('content-type'), 'application/vnd.android.package-archive');

    const closed = page.evaluate(
      () => new Promise<boolean>((resolve) => document.addEventListener('wps-close', () => resolve(true), { once: true })),
    );
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

  it('the loader fetches only the lite build of what is on the page, within 23 KB; a later element loads on arrival', async () => {
    pageHtml = merchantPage('');
    const context = await h.newContext();
    const page = await context.newPage();
    await page.goto(`${merchantOrigin}/`);
    await page.locator('wps-download-bar').getByRole('complementary', { name: 'Download the app' }).waitFor();
    await page.waitForLoadState('networkidle');
    const first = await operatorScripts(page);
    assert.equal(first[0]?.path, '/elements/wps-elements.js');
    assert.ok(
      first.slice(1).every((s) => s.path.startsWith('/elements/lite/')),
      JSON.stringify(first),
    );
    assert.ok(!first.some((s) => /wps-notice|wps-login-form|crypto|sdk/.test(s.path)), 'nothing that is not on the page');
    // The bar's own strings, not the core catalogue (issue 29: a merchant page with only the bar).
    const manifest = JSON.parse(await readFile('dist/meta/loader-manifest.json', 'utf8'));
    const paths = first.map((s) => s.path.replace('/elements/lite/', ''));
    assert.ok(paths.includes(manifest.strings['wps-download-bar'].EN), JSON.stringify(paths));
    assert.ok(!paths.includes(manifest.languages.EN), 'not the whole catalogue');
    const total = first.reduce((n, s) => n + s.wire, 0);
    assert.ok(total > 10 * 1024, 'sizes are visible to the page (Timing-Allow-Origin)');
    // Issue 29: at most 23 KB, half of the peer's 46.1 KB (npm run size counts gzip and its largest language).
    assert.ok(total <= 23 * 1024, `${(total / 1024).toFixed(1)} KB of JavaScript for the download bar: ${JSON.stringify(first)}`);
    console.log(`merchant page with <wps-download-bar>: ${(total / 1024).toFixed(1)} KB of JavaScript in ${first.length} files`);

    // A notice the merchant adds later, its message set as a property before its code exists.
    const confirmed = page.evaluate(() => {
      const notice = document.createElement('wps-notice') as HTMLElement & { message?: string };
      notice.message = 'Your ticket is booked';
      notice.setAttribute('open', '');
      const done = new Promise<string>((resolve) =>
        notice.addEventListener('wps-confirm', () => resolve('confirmed'), { once: true }),
      );
      document.body.append(notice);
      return done;
    });
    const dialog = page.locator('wps-notice').getByRole('alertdialog');
    await dialog.waitFor();
    assert.equal(await dialog.getByText('Your ticket is booked').count(), 1);
    await dialog.getByRole('button', { name: 'OK' }).click();
    assert.equal(await confirmed, 'confirmed');
    const later = (await operatorScripts(page)).slice(first.length);
    assert.ok(
      later.some((s) => /\/lite\/chunks\/wps-notice-[\w-]{8}\.js$/.test(s.path)),
      JSON.stringify(later),
    );
    // The first element after the bar brings the elements' runtime and the core catalogue (the bar has neither).
    const added = later.reduce((n, s) => n + s.wire, 0);
    assert.ok(added > 0 && added <= (19 + 6) * 1024, `the notice added ${(added / 1024).toFixed(1)} KB`);
    await context.close();
  });

  it('data-build="react" gives the React build of the same elements', async () => {
    pageHtml = merchantPage(' data-build="react"');
    const context = await h.newContext();
    const page = await context.newPage();
    await page.goto(`${merchantOrigin}/`);
    await page.locator('wps-download-bar').getByRole('complementary', { name: 'Download the app' }).waitFor();
    const loaded = await operatorScripts(page);
    assert.ok(
      loaded.some((s) => s.path === '/elements/esm/wps-download-bar.js'),
      JSON.stringify(loaded),
    );
    assert.ok(!loaded.some((s) => s.path.startsWith('/elements/lite/')));
    assert.equal(await page.evaluate(() => (window as { WpsElements?: { build: string } }).WpsElements?.build), 'react');
    await context.close();
    pageHtml = merchantPage('');
  });

  it('is refused by the API for an origin the merchant did not allow', async () => {
    const res = await fetch(`${h.server.url}/wps/system/status`, { headers: { Origin: 'https://evil.example' } });
    assert.equal(res.headers.get('access-control-allow-origin'), null);
  });

  it('on an origin the merchant did not allow: no modal for the visitors, one console error telling the merchant the fix', async () => {
    // Another merchant page on an origin missing from allowedOrigins (127.0.0.1 on another port).
    const html = merchantPage('').replace(
      '</main>',
      '</main><wps-notice queue></wps-notice><wps-network-notice></wps-network-notice>',
    );
    const refusedSite = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(html);
    });
    await new Promise<void>((resolve) => refusedSite.listen(0, '127.0.0.1', resolve));
    const refusedOrigin = `http://127.0.0.1:${(refusedSite.address() as AddressInfo).port}`;
    const context = await h.newContext();
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && m.text().startsWith('wps-elements:') && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
      await page.goto(`${refusedOrigin}/`);
      await page.getByRole('heading', { name: 'Merchant news' }).waitFor();
      // The status and the promotions both fail; the report waits for the ping check of the first.
      const deadline = Date.now() + 10_000;
      while (errors.length === 0 && Date.now() < deadline) await page.waitForTimeout(100);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);

      assert.equal(errors.length, 1, `one report per page: ${JSON.stringify(errors)}`);
      assert.ok(errors[0]!.includes(`"${refusedOrigin}"`), errors[0]);
      assert.ok(errors[0]!.includes('allowedOrigins of merchant "demo"'), errors[0]);
      assert.ok(errors[0]!.includes('server/merchants/merchants.json'), errors[0]);
      assert.ok(errors[0]!.includes(h.server.url), errors[0]);
      assert.equal(await page.getByRole('alertdialog').count(), 0, 'no notice in front of the visitors');
      assert.equal(await page.getByRole('dialog').count(), 0);
      assert.equal(await page.getByRole('alert').count(), 0, 'no unstable-line or offline banner');
      assert.equal(await page.locator('wps-download-bar').getByRole('complementary').count(), 0, 'the bar stays away');
    } finally {
      await context.close();
      await new Promise((resolve) => refusedSite.close(resolve));
    }
  });
});

describe('sessions on a merchant page (docs/elements.md)', () => {
  function loginPage(attributes: string) {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Merchant</title>
      <script src="${h.server.url}/elements/wps-elements.js"></script></head>
      <body><h1>Merchant news</h1>
      <wps-login-form merchant="demo" api-base="${h.server.url}" no-auto-login ${attributes}></wps-login-form></body></html>`;
  }

  /** Every request of the page: its URL and Authorization header. */
  function recordRequests(page: import('playwright-core').Page) {
    const requests: { url: string; authorization?: string }[] = [];
    page.on('request', (r) => requests.push({ url: r.url(), authorization: r.headers().authorization }));
    return requests;
  }

  async function logIn(page: import('playwright-core').Page) {
    const form = page.locator('wps-login-form');
    await form.getByLabel('Username', { exact: true }).fill('demo');
    await form.getByLabel('Password', { exact: true }).fill('Demo1234');
    // The answer is read on its way to the page: with continue-to-operator the page may have
    // navigated away before a waitForResponse could read the body.
    const url = `${h.server.url}/wps/session/login`;
    let answered: (body: { success: boolean; value: { token: string } }) => void;
    const answer = new Promise<{ success: boolean; value: { token: string } }>((resolve) => (answered = resolve));
    await page.route(url, async (route) => {
      const response = await route.fetch();
      answered(await response.json());
      await route.fulfill({ response });
    });
    await form.getByRole('button', { name: 'Log in' }).click();
    const body = await answer;
    await page.unroute(url);
    assert.equal(body.success, true);
    return body.value.token;
  }

  /** No request to an origin other than the operator's carries the token, in its URL or its headers. */
  function assertTokenOnlyToOperator(requests: { url: string; authorization?: string }[], token: string) {
    for (const r of requests) {
      if (new URL(r.url).origin === h.server.url) continue;
      assert.ok(!r.url.includes(token) && !r.url.includes(encodeURIComponent(token)), `token sent to ${r.url}`);
      assert.ok(!r.authorization, `Authorization sent to ${r.url}`);
    }
  }

  after(() => {
    pageHtml = merchantPage('');
  });

  it('by default the form stays on the merchant page, fires wps-login and the page is signed in', async () => {
    pageHtml = loginPage('');
    const context = await h.newContext();
    try {
      const page = await context.newPage();
      const requests = recordRequests(page);
      await page.goto(`${merchantOrigin}/`);
      await page.locator('wps-login-form').getByLabel('Username', { exact: true }).waitFor();
      const event = page.evaluate(
        () =>
          new Promise<{ next: string; userName: string }>((resolve) =>
            document.addEventListener('wps-login', (e) => resolve((e as CustomEvent).detail), { once: true }),
          ),
      );
      const token = await logIn(page);
      assert.deepEqual(await event, { next: '/m/home', userName: 'demo' });
      await page.waitForTimeout(1000);
      assert.equal(page.url(), `${merchantOrigin}/`, 'still on the merchant page');
      await page.getByRole('heading', { name: 'Merchant news' }).waitFor();
      // The session is the merchant page's: its elements' calls carry it.
      const stored = await page.evaluate(() => sessionStorage.getItem('wps:session'));
      assert.ok(stored?.includes(token), 'the session is stored on the merchant origin');
      assertTokenOnlyToOperator(requests, token);
    } finally {
      await context.close();
    }
  });

  it("with continue-to-operator the player lands on the operator's /m/home signed in; the token goes only there", async () => {
    pageHtml = loginPage('continue-to-operator');
    const context = await h.newContext();
    try {
      const page = await context.newPage();
      const requests = recordRequests(page);
      await page.goto(`${merchantOrigin}/`);
      await page.locator('wps-login-form').getByLabel('Username', { exact: true }).waitFor();
      const token = await logIn(page);
      await page.waitForURL(`${h.server.url}/m/home*`);
      await page.getByRole('heading', { name: /^Welcome( back)?, demo$/ }).waitFor();
      // Once taken, the token leaves the address bar (it travelled in the hand-off request, below).
      assert.equal(new URL(page.url()).searchParams.get('token'), null);
      const stored = await page.evaluate(() => sessionStorage.getItem('wps:session'));
      assert.ok(stored?.includes(token), "the session is the operator's now");
      assertTokenOnlyToOperator(requests, token);
      assert.ok(
        requests.some((r) => r.url.startsWith(`${h.server.url}/m/home?token=`)),
        'the hand-off went to the operator',
      );
    } finally {
      await context.close();
    }
  });

  it('a cancelled wps-login keeps the page where it is, continue-to-operator or not', async () => {
    pageHtml = loginPage('continue-to-operator').replace(
      '</body>',
      "<script>document.addEventListener('wps-login', (e) => e.preventDefault());</script></body>",
    );
    const context = await h.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${merchantOrigin}/`);
      await page.locator('wps-login-form').getByLabel('Username', { exact: true }).waitFor();
      await logIn(page);
      await page.waitForTimeout(1000);
      assert.equal(page.url(), `${merchantOrigin}/`);
    } finally {
      await context.close();
    }
  });
});

describe('the installable shell', () => {
  it('has the web app manifest of docs/product.md §9', async () => {
    const manifest = await (await fetch(`${h.server.url}/m/manifest.webmanifest`)).json();
    assert.equal(manifest.start_url, '/m/home');
    assert.equal(manifest.scope, '/m/');
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.orientation, 'portrait');
    type Icon = { sizes: string; purpose?: string };
    assert.deepEqual(
      manifest.icons.filter((i: Icon) => !i.purpose?.includes('maskable')).map((i: Icon) => i.sizes),
      ['192x192', '256x256', '384x384', '512x512'],
    );
    // And the launchers' safe-zone versions (issue 27).
    assert.deepEqual(
      manifest.icons.filter((i: Icon) => i.purpose === 'maskable').map((i: Icon) => i.sizes),
      ['192x192', '512x512'],
    );
    for (const icon of manifest.icons) assert.equal((await fetch(h.server.url + icon.src)).status, 200);
    const assets = await (await fetch(`${h.server.url}/m/asset-manifest.json`)).json();
    assert.ok(Object.values(assets.files).length >= 2);
  });

  it("index.html links its merchant's manifest and a launch image for each of the ten iPhone screens, of the right size", async () => {
    const html = await (await fetch(`${h.server.url}/m/home`)).text();
    const manifestHref = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1];
    assert.equal(manifestHref, '/m/manifest.webmanifest?merchant=demo');
    assert.equal((await (await fetch(h.server.url + manifestHref)).json()).name, 'WPS Lottery Online');
    const splashes = [...html.matchAll(/<link rel="apple-touch-startup-image" href="([^"]+)" media="([^"]+)"/g)];
    assert.equal(splashes.length, 10);
    for (const [, href, media] of splashes) {
      const [, w, hgt, ratio] =
        /device-width: (\d+)px\) and \(device-height: (\d+)px\) and \(-webkit-device-pixel-ratio: (\d)\)/.exec(media!)!;
      const res = await fetch(h.server.url + href);
      assert.equal(res.status, 200, href);
      assert.equal(res.headers.get('Content-Type'), 'image/png', href);
      const png = Buffer.from(await res.arrayBuffer());
      // The PNG header's width and height are the screen's pixels.
      assert.deepEqual(
        [png.readUInt32BE(16), png.readUInt32BE(20)],
        [Number(w) * Number(ratio), Number(hgt) * Number(ratio)],
        href,
      );
    }
  });
});
