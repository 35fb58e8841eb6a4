/**
 * /mobile/mc/redirect.html?url=… end to end (docs/architecture.md, "The redirect page"), on the real
 * server and build: a path of this site and another of the demo merchant's lines (localhost vs
 * 127.0.0.1, same port: `domains` of server/merchants/merchants.json) are opened with
 * location.replace; javascript:, data:, a foreign host, //host, a backslash trick, credentials and a
 * missing url give the refused page (the address as text, never a link; Go to home), and nothing is
 * navigated to; a domain list that fails or does not answer gives the error with Retry; the call
 * carries the Merchant header and no token; the refused page passes axe-core, in English and in Urdu
 * (right to left). Run `npm run build` first.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import axe from 'axe-core';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
let context: BrowserContext | undefined;
let port: string;

before(async () => {
  h = await startHarness();
  port = new URL(h.server.url).port;
});
after(async () => h?.close());
afterEach(async () => {
  await context?.close();
  context = undefined;
});

const redirectPath = (url?: string) => `/mobile/mc/redirect.html${url === undefined ? '' : `?url=${encodeURIComponent(url)}`}`;

interface Opened {
  page: Page;
  problems: string[];
  /** Every main-frame navigation after the first load. */
  navigations: string[];
  /** Requests that left for another host than the server's. */
  foreign: string[];
  domainCalls: Request[];
}

/** Opens redirect.html on 127.0.0.1 with a signed-in-looking page state (a token in storage). */
async function open(
  url: string | undefined,
  { locale = 'en-US', routes }: { locale?: string; routes?: (page: Page) => Promise<unknown> } = {},
): Promise<Opened> {
  context = await h.newContext({ locale });
  const page = await context.newPage();
  const problems: string[] = [];
  const navigations: string[] = [];
  const foreign: string[] = [];
  const domainCalls: Request[] = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${m.text()} ${m.location().url}`);
  });
  page.on('request', (r) => {
    if (r.url().includes('/wps/system/domainRoute')) domainCalls.push(r);
    const { hostname } = new URL(r.url());
    if (!['127.0.0.1', 'localhost'].includes(hostname) && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  // Anything the page might send to a foreign host is answered here, never by the network.
  await page.route(
    (u) => u.hostname.endsWith('evil.example'),
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: 'EVIL' }),
  );
  await routes?.(page);
  let loaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && loaded) navigations.push(frame.url());
  });
  await page.goto(h.server.url + redirectPath(url));
  loaded = true;
  return { page, problems, navigations, foreign, domainCalls };
}

async function expectRefused(o: Opened, address: string | undefined): Promise<void> {
  const { page } = o;
  await page.getByRole('heading', { name: 'This link was not opened' }).waitFor();
  const home = page.getByRole('link', { name: 'Go to home' });
  assert.equal(await home.getAttribute('href'), '/m/home');
  if (address === undefined) {
    await page.getByText('The link did not say which page to open.').waitFor();
    assert.equal(await page.locator('.address').count(), 0);
  } else {
    await page.getByText("For your safety, only this site's own addresses are opened.", { exact: false }).waitFor();
    assert.equal(await page.locator('.address').textContent(), address);
    // The address is text: the only link on the page is the way home.
    assert.deepEqual(await page.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href'))), ['/m/home']);
  }
  await page.waitForTimeout(300); // a navigation the page would start lands within this
  assert.match(page.url(), /\/mobile\/mc\/redirect\.html/);
  assert.deepEqual(o.navigations, []);
  assert.deepEqual(o.foreign, []);
  assert.deepEqual(o.problems, []);
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source); // evaluated by the browser's debugger, which the page's CSP does not govern
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  });
}

describe('/mobile/mc/redirect.html', () => {
  it('a path of this site: replaced at once, without asking for the domain list', async () => {
    const o = await open('/m/home?from=mail#top');
    await o.page.waitForURL(`${h.server.url}/m/home?from=mail#top`);
    assert.equal(o.domainCalls.length, 0);
    // replace, not assign: Back does not return to the redirect page.
    await o.page.goBack();
    assert.doesNotMatch(o.page.url(), /redirect\.html/);
  });

  it('another line of the merchant (localhost for a page on 127.0.0.1): replaced after the domain list', async () => {
    const target = `http://localhost:${port}/m/home?via=line`;
    const o = await open(target);
    await o.page.waitForURL(target);
    assert.equal(o.domainCalls.length, 1);
    const headers = await o.domainCalls[0]!.allHeaders();
    assert.equal(headers['merchant'], 'demo');
    assert.equal(headers['authorization'], undefined);
    assert.equal(headers['cookie'], undefined);
    assert.equal(headers['referer'], undefined);
    assert.deepEqual(o.foreign, []);
  });

  for (const [name, url] of [
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['a foreign host', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash trick', '/\\evil.example'],
    ['credentials in the URL', `http://user@localhost:${port}/m/home`],
    ['a foreign host over http', 'http://evil.example/'],
  ] as const) {
    it(`${name}: the refused page, nothing opened`, async () => {
      const o = await open(url);
      await expectRefused(o, url);
    });
  }

  it('an address over 2048 characters: refused, shown cut short', async () => {
    const url = `/m/home?q=${'a'.repeat(2100)}`;
    const o = await open(url);
    await o.page.getByRole('heading', { name: 'This link was not opened' }).waitFor();
    assert.equal(await o.page.locator('.address').textContent(), `${url.slice(0, 300)}…`);
    assert.match(o.page.url(), /redirect\.html/);
  });

  it('no url at all: the refused page says no address was given', async () => {
    const o = await open(undefined);
    await expectRefused(o, undefined);
  });

  it('a domain list that fails: the error with Retry, which then opens the line', async () => {
    let fail = true;
    const target = `http://localhost:${port}/m/home`;
    const o = await open(target, {
      routes: (page) =>
        page.route('**/wps/system/domainRoute', (route) => (fail ? route.abort('internetdisconnected') : route.continue())),
    });
    await o.page.getByRole('heading', { name: 'The link could not be checked' }).waitFor();
    await o.page.getByText('Check your connection, then try again.').waitFor();
    assert.equal(await o.page.getByRole('link', { name: 'Go to home' }).getAttribute('href'), '/m/home');
    assert.deepEqual(o.navigations, []);
    fail = false;
    await o.page.getByRole('button', { name: 'Retry' }).click();
    await o.page.waitForURL(target);
  });

  it('a domain list that does not answer: the error after 5 s', async () => {
    const o = await open(`http://localhost:${port}/m/home`, {
      routes: (page) => page.route('**/wps/system/domainRoute', () => undefined), // never answered
    });
    await o.page.getByText('Opening…').waitFor();
    const shownAt = Date.now();
    await o.page.getByRole('heading', { name: 'The link could not be checked' }).waitFor({ timeout: 8000 });
    assert.ok(Date.now() - shownAt >= 4000, 'the error came before the 5 s timeout');
    assert.deepEqual(o.navigations, []);
  });

  it('a host the domain list does not name: refused after the check', async () => {
    const url = `http://127.0.0.2:${port}/m/home`;
    const o = await open(url);
    await expectRefused(o, url);
    assert.equal(o.domainCalls.length, 1);
  });

  it('the refused page passes axe-core, its tap targets are 44 px or more', async () => {
    const o = await open('https://evil.example/');
    await expectRefused(o, 'https://evil.example/');
    assert.equal(await o.page.locator('html').getAttribute('lang'), 'en');
    assert.deepEqual(await axeViolations(o.page), []);
    const box = await o.page.getByRole('link', { name: 'Go to home' }).boundingBox();
    assert.ok(box && box.height >= 44 && box.width >= 44, `Go to home is ${JSON.stringify(box)}`);
  });

  it('in Urdu (the browser language): right to left, translated, axe-clean', async () => {
    const o = await open('https://evil.example/', { locale: 'ur-PK' });
    await o.page.getByRole('heading', { name: 'یہ لنک نہیں کھولا گیا' }).waitFor();
    assert.equal(await o.page.locator('html').getAttribute('dir'), 'rtl');
    assert.equal(await o.page.locator('html').getAttribute('lang'), 'ur');
    assert.equal(await o.page.locator('.address').getAttribute('dir'), 'ltr');
    assert.equal(await o.page.getByRole('link', { name: 'ہوم پر جائیں' }).count(), 1);
    assert.deepEqual(await axeViolations(o.page), []);
  });

  it("the app's stored language wins over the browser's; CN when neither is known", async () => {
    context = await h.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${h.server.url}/mobile/mc/redirect.html`);
    await page.evaluate(() => localStorage.setItem('wps:language', JSON.stringify('VI')));
    await page.reload();
    await page.getByRole('heading', { name: 'Liên kết này không được mở' }).waitFor();
    await context.close();
    context = await h.newContext({ locale: 'xx' });
    const cn = await context.newPage();
    await cn.goto(`${h.server.url}/mobile/mc/redirect.html`);
    await cn.getByRole('heading', { name: '未打开此链接' }).waitFor();
    assert.equal(await cn.locator('html').getAttribute('lang'), 'zh-CN');
  });
});
