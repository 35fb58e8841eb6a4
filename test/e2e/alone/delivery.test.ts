/**
 * Delivery of /m as a first-time player on a phone gets it (docs/performance.md): what crosses the
 * wire before the page is idle, requests made in parallel by the inline snippet rather than after main.js
 * runs, the inline preload snippet allowed by the CSP, and the service worker's shell precache with
 * run-time caching (first page controlled, offline from the first reload).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { devices, type Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness.ts';

/**
 * What the page asks for as it opens, in parallel from its inline snippet: main.js, the language, and home's
 * entries, navigation and the code they share with the after-paint wave, which a prerendered home
 * needs to hydrate in one pass (docs/performance.md, "Prerendered shells"). The first paint waits
 * for none of it.
 */
const WIRE_BUDGET = 115 * 1024;
/**
 * Everything before the network is idle: the first load, then the home page's entries, overlays and
 * the visitor's announcement popup with its sanitiser (docs/performance.md).
 */
const IDLE_BUDGET = 130 * 1024;

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(async () => {
  await h?.close();
});

/** Every script the page fetched: URL, bytes on the wire (encoded body), when it was asked for and arrived. */
async function scripts(page: Page) {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => /\.js(\?|$)/.test(e.name))
      .map((e) => ({ url: new URL(e.name).pathname, wire: e.encodedBodySize, start: e.startTime, end: e.responseEnd })),
  );
}

/** main.js answers 600 ms late: anything requested only after main.js ran starts after that. */
async function slowMain(page: Page) {
  await page.route(/\/m\/assets\/main-[\w-]{8}\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
}

function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

describe('/m/home for a first-time visitor', () => {
  it(`paints before main.js arrives, asks for at most ${WIRE_BUDGET / 1024} KB of JavaScript with the page and ${IDLE_BUDGET / 1024} KB before idle, its language included, compressed`, async () => {
    const context = await h.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const encodings = new Map<string, string>();
    page.on('response', (r) => encodings.set(new URL(r.url()).pathname, r.headers()['content-encoding'] ?? 'none'));
    const errors = watchConsole(page);
    await slowMain(page);
    await page.goto(`${h.server.url}/m/home`);
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await page.waitForLoadState('networkidle');

    const js = await scripts(page);
    const paint = await page.evaluate(
      () => performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime ?? NaN,
    );
    assert.ok(Number.isFinite(paint), 'the page painted');
    const sum = (list: typeof js) => list.reduce((n, s) => n + s.wire, 0);
    // The prerendered shell paints without it: main.js answers 600 ms late here.
    const main = js.find((s) => /\/main-[\w-]{8}\.js$/.test(s.url))!;
    assert.ok(paint < main.end, `the first paint at ${paint} ms waited for main.js (${main.end} ms)`);
    // What the page asks for as it opens: the scripts asked for before main.js arrived (by the inline snippet).
    const first = sum(js.filter((s) => s.start < main.end));
    const total = sum(js);
    const language = js.find((s) => /\/assets\/EN-[\w-]{8}\.js$/.test(s.url));
    assert.ok(language && language.start < main.end, 'the English catalogue was asked for with main.js (locale en-US)');
    assert.ok(first <= WIRE_BUDGET, `JS asked for with the page ${(first / 1024).toFixed(1)} KB: ${JSON.stringify(js)}`);
    assert.ok(first > 50 * 1024, 'measured the real bundle');
    assert.ok(total <= IDLE_BUDGET, `JS on the wire before idle ${(total / 1024).toFixed(1)} KB: ${JSON.stringify(js)}`);
    // The sanitiser comes with the announcement popup, never with the page.
    const purify = js.find((s) => /\/purify\.es-[\w-]{8}\.js$/.test(s.url));
    assert.ok(!purify || purify.start > main.end, `DOMPurify asked for with the page: ${JSON.stringify(purify)}`);
    for (const s of js) assert.notEqual(encodings.get(s.url), 'none', `${s.url} travelled uncompressed`);
    console.log(
      `/m/home JS over the wire: ${(first / 1024).toFixed(1)} KB asked for with the page, ${(total / 1024).toFixed(1)} KB before idle in ${js.length} files (${[...new Set(js.map((s) => encodings.get(s.url)))].join(', ')})`,
    );
    assert.deepEqual(errors, [], 'no console error (a CSP refusal of the inline script would show here)');
    await context.close();
  });

  it('fetches its code after main.js in at most two waves: no script asked for by one that was itself asked for by a script after main.js', async () => {
    // A first visit on a phone (docs/performance.md, "Waves after the paint"): cache off, no service worker.
    const context = await h.newContext({ ...devices['Pixel 7'], locale: 'en-US', serviceWorkers: 'block' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // Which script asked for each script: the request's initiator (a static import names the file, code a stack).
    const askedBy = new Map<string, string | undefined>();
    cdp.on('Network.requestWillBeSent', (e) => {
      const url = new URL(e.request.url).pathname;
      if (!url.endsWith('.js') || askedBy.has(url)) return;
      const frames = [e.initiator.stack, e.initiator.stack?.parent].flatMap((s) => s?.callFrames ?? []);
      const from = e.initiator.url ?? frames.find((f) => f.url.endsWith('.js'))?.url;
      askedBy.set(url, from ? new URL(from).pathname : undefined);
    });
    await page.goto(`${h.server.url}/m/home`);
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await page.waitForLoadState('networkidle');
    // Tracking and push come at load + 3 s, when the page is idle (host/Overlays.tsx).
    await page.waitForTimeout(4500);
    const waveOf = (url: string, seen: string[] = []): number => {
      const from = askedBy.get(url);
      if (/\/main-[\w-]{8}\.js$/.test(url) || !from?.endsWith('.js') || seen.includes(url)) return 0;
      return waveOf(from, [...seen, url]) + 1;
    };
    const waves = [...askedBy.keys()].map((url) => ({ url, wave: waveOf(url), from: askedBy.get(url) }));
    // main.js, the language and home's parts are asked for by the inline snippet (wave 0, in parallel); the
    // rest by the code after the paint when it is wanted: the elements the page shows, then DOMPurify,
    // the install family, and at idle tracking and push (wave 1); nothing asks for more from there.
    assert.ok(
      waves.some((w) => /\/after-paint-/.test(w.url) && w.wave <= 1),
      `the code after the paint: ${JSON.stringify(waves)}`,
    );
    assert.ok(
      waves.some((w) => /\/home-elements-/.test(w.url) && w.wave === 1),
      `home's elements after the paint: ${JSON.stringify(waves)}`,
    );
    const deep = waves.filter((w) => w.wave > 2);
    assert.deepEqual(deep, [], `chains deeper than two after main.js: ${JSON.stringify(waves)}`);
    console.log(
      `/m/home scripts by wave after main.js: ${[1, 2].map((n) => `${n}: ${waves.filter((w) => w.wave === n).length}`).join(', ')} (${waves.length} in all)`,
    );
    await context.close();
  });

  it('asks for the site status and the banners from index.html, every other call only once its first frame is on screen, and mounts no notice while it has nothing to tell', async () => {
    const context = await h.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    // A mid-range phone's CPU: the frame reaches the screen later after it is produced.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await slowMain(page);
    await page.goto(`${h.server.url}/m/home`);
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await page.waitForLoadState('networkidle');
    const { paint, calls } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      calls: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => new URL(e.name).pathname.startsWith('/wps/'))
        .map((e) => ({ url: new URL(e.name).pathname, start: e.startTime })),
    }));
    assert.ok(calls.length >= 3, `the site status, the banners and the promotions were fetched: ${JSON.stringify(calls)}`);
    // The two calls the inline snippet starts (host/earlyCalls.ts), each once: the app takes their answers.
    const early = ['/wps/system/status', '/wps/relay/MCSFE_getBanners'];
    for (const path of early) assert.equal(calls.filter((c) => c.url === path).length, 1, `${path} asked for once`);
    const main = await page.evaluate(
      () =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
          /\/assets\/main-[\w-]{8}\.js$/.test(e.name),
        )!.responseEnd,
    );
    for (const c of calls.filter((c) => early.includes(c.url)))
      assert.ok(c.start < main, `${c.url} asked for at ${c.start} ms, before main.js arrived at ${main} ms`);
    for (const c of calls.filter((c) => !early.includes(c.url)))
      assert.ok(c.start >= paint, `${c.url} at ${c.start} ms, before the first paint at ${paint} ms`);
    // The overlays' models run (the line was pinged) but no element is mounted, and the update
    // notice's and domain modal's code is not even loaded.
    assert.ok(calls.some((c) => c.url.endsWith('/ping')));
    assert.equal(await page.locator('#wps-overlays').count(), 1);
    assert.equal(await page.locator('wps-domain-error, wps-update-notice, wps-network-notice, wps-notice').count(), 0);
    assert.deepEqual(
      await page.evaluate(() => ['wps-update-notice', 'wps-domain-error'].filter((t) => customElements.get(t))),
      [],
    );
    await context.close();
  });

  it('asks for its language with main.js, in parallel, not after main.js has run', async () => {
    const context = await h.newContext({ serviceWorkers: 'block', locale: 'th-TH' });
    const page = await context.newPage();
    await slowMain(page);
    await page.goto(`${h.server.url}/m/home`);
    await page.getByRole('heading', { name: 'ยินดีต้อนรับ' }).waitFor();
    await page.waitForSelector('html[data-app]', { state: 'attached' });
    const js = await scripts(page);
    const main = js.find((s) => /\/main-/.test(s.url))!;
    const thai = js.find((s) => /\/assets\/TH-[\w-]{8}\.js$/.test(s.url));
    assert.ok(
      thai && thai.start < main.end - 400,
      `the Thai catalogue was asked for while main.js was still on its way: ${JSON.stringify({ main, thai })}`,
    );
    assert.equal(js.filter((s) => /\/assets\/[A-Z]{2}(-BR)?-[\w-]{8}\.js$/.test(s.url)).length, 1, 'no other language');
    await context.close();
  });

  it('/m/login: the page and its forms are requested together with main.js', async () => {
    const context = await h.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await slowMain(page);
    await page.goto(`${h.server.url}/m/login`);
    await page.getByRole('heading', { name: 'Log in to your account' }).waitFor();
    await page.waitForSelector('html[data-app]', { state: 'attached' });
    const js = await scripts(page);
    const main = js.find((s) => /\/main-/.test(s.url))!;
    const pageChunks = js.filter((s) => /\/assets\/(LoginPage|forms)-[\w-]{8}\.js$/.test(s.url));
    assert.equal(pageChunks.length, 2, JSON.stringify(js));
    for (const c of pageChunks)
      assert.ok(c.start < main.end - 400, `${c.url} asked for with main.js: ${JSON.stringify({ main, c })}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('an overlay whose code cannot load yet', () => {
  // The overlays' elements come in the chunk after the paint (host/afterPaint.ts), one file with the API client.
  it('is loaded again when the connection comes back', async () => {
    const context = await h.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const pattern = /\/m\/assets\/after-paint-[\w-]{8}\.js$/;
    await page.route(pattern, (route) => route.abort('internetdisconnected'));
    await page.goto(`${h.server.url}/m/home`);
    // Home's own chunk needs that file too: the prerendered shell shows, and the app may put its
    // "could not be loaded" card (with Retry) in its place before the test looks. Either is a page.
    await page.getByRole('heading', { name: /^(Welcome|This page could not be loaded)$/ }).waitFor();
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => !!customElements.get('wps-network-notice')), false);
    await page.unroute(pattern);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForFunction(() => customElements.get('wps-network-notice'));
    await context.close();
  });
});

describe('service worker', () => {
  it('controls the first page, caches what it used at run time, and opens offline from the first reload', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await page.goto(`${h.server.url}/m/home`);
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    // clientsClaim: no reload needed before the worker answers this page's requests.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15_000 });

    const cached = async () =>
      page.evaluate(async () => {
        const out: Record<string, string[]> = {};
        for (const name of await caches.keys())
          out[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
        return out;
      });
    // The shell only: no language, no lazy page in the precache.
    await page.waitForFunction(async () => (await caches.keys()).some((n) => n.includes('precache')));
    const precache = Object.entries(await cached()).find(([name]) => name.includes('precache'))![1];
    assert.ok(precache.includes('/m/index.html'));
    assert.ok(precache.some((p) => /\/m\/assets\/main-/.test(p)));
    assert.ok(!precache.some((p) => /\/(LoginPage|EN|CN|TH)-/.test(p)), `precache: ${precache.join(' ')}`);
    // The language the page fetched before the worker took over reaches the run-time cache.
    await page.waitForFunction(
      async () => {
        const c = await caches.open('wps-assets');
        return (await c.keys()).some((r) => /\/EN-[\w-]{8}\.js$/.test(r.url));
      },
      null,
      { timeout: 15_000 },
    );

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    // An offline start is its own reaction (docs/product.md §8): the no-connection notice and the
    // short offline message, never a bare 'Error' modal or the unstable-line banner.
    const network = page.locator('wps-network-notice');
    await network.getByRole('alert').getByText('No network connection').waitFor();
    await network.getByRole('status').getByText('You are offline').waitFor();
    await page.waitForTimeout(1000); // what a failed status call would raise has had its time
    assert.equal(await page.getByRole('alertdialog').count(), 0, 'no modal over an offline start');
    assert.equal(await page.getByText('The current line is unstable').count(), 0);
    assert.equal(await page.getByText('Error', { exact: true }).count(), 0);

    // A page never opened online has no code here: a clear message, not a blank screen.
    await page.goto(`${h.server.url}/m/register`);
    const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
    await alert.waitFor();
    assert.equal(await alert.getByRole('button', { name: 'Retry' }).count(), 1);

    // Once opened online, it opens offline too (cached at run time when first used).
    await context.setOffline(false);
    await page.goto(`${h.server.url}/m/login`);
    await page.getByRole('heading', { name: 'Log in to your account' }).waitFor();
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await page.goto(`${h.server.url}/m/home`);
    await page.goto(`${h.server.url}/m/login`);
    await page.getByRole('heading', { name: 'Log in to your account' }).waitFor();
    await network.getByRole('alert').getByText('No network connection').waitFor();
    assert.equal(await page.getByRole('alertdialog').count(), 0, 'no modal over an offline /m/login');
    await context.close();
  });
});
