/**
 * Field data end to end (issue 31; docs/field-data.md) against the real reference server: /m/home and
 * /m/login are loaded in Chromium (a phone: touch, mobile viewport), the field-data chunk comes once
 * the page has settled (the demo merchant samples every load), a tap, the page hidden: the load's
 * LCP, CLS and INP are in GET /dev/vitals under their routes, with FCP and TTFB; an error thrown on
 * the page is among the top errors, with its route.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { clearAnnouncements, startHarness, until, type Harness } from './harness.ts';

let h: Harness;
let context: BrowserContext | undefined;

before(async () => {
  h = await startHarness();
  await clearAnnouncements(h);
});
after(async () => {
  await h?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

interface Summary {
  vitals: { route: string; name: string; count: number; p75: number; target: string | null }[];
  errors: { message: string; routes: string[]; count: number; kind: string }[];
}
async function summary(): Promise<Summary> {
  const res = await fetch(`${h.server.url}/dev/vitals`, { headers: { Merchant: 'demo' } });
  assert.equal(res.status, 200);
  return ((await res.json()) as { value: Summary }).value;
}

async function newPage(): Promise<Page> {
  context = await h.newContext({ hasTouch: true, isMobile: true, deviceScaleFactor: 2.625 });
  await context.addInitScript(`
    localStorage.setItem('wps:language', '"EN"');
    sessionStorage.setItem('wps:installSkipped', 'true');
    sessionStorage.setItem('wps:imagePopupSaved', 'true');
  `);
  return context.newPage();
}

/**
 * Opens `path` and resolves once the field-data chunk (the script that posts to /wps/field-data) has
 * been loaded and has run.
 */
async function openAndWaitForFieldData(page: Page, path: string): Promise<void> {
  let resolve!: () => void;
  const loaded = new Promise<void>((r) => (resolve = r));
  page.on('response', (r) => {
    if (!/\/m\/assets\/.*\.js$/.test(r.url())) return;
    void r.text().then(
      (text) => {
        if (text.includes('/wps/field-data')) resolve();
      },
      () => {},
    );
  });
  await page.goto(`${h.server.url}${path}`);
  await Promise.race([
    loaded,
    new Promise((_, reject) => setTimeout(() => reject(new Error('the field-data chunk never loaded')), 20_000)),
  ]);
  // Its observers registered (the chunk ran): one more idle moment.
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
}

async function hide(page: Page) {
  await page.evaluate(`
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  `);
}

describe('field data end to end', () => {
  it('home and login: a tap, the page hidden; LCP, CLS and INP (and FCP, TTFB) per route in GET /dev/vitals; a thrown error in the top errors', async () => {
    const page = await newPage();
    await openAndWaitForFieldData(page, '/m/home');
    // A tap on the page (the member card's heading: no page change), then an uncaught error.
    await page.getByRole('heading', { name: 'Welcome' }).tap();
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('field-data e2e: boom');
      });
    });
    await page.waitForTimeout(300);
    await hide(page);

    const login = await newPage();
    await openAndWaitForFieldData(login, '/m/login');
    await login.locator('wps-login-form').getByLabel('Username', { exact: true }).tap();
    await login.keyboard.type('demo');
    await login.waitForTimeout(300);
    await hide(login);

    const s = await until('the vitals of both pages', async () => {
      const value = await summary();
      const has = (route: string, names: string[]) =>
        names.every((n) => value.vitals.some((v) => v.route === route && v.name === n));
      return has('/m/home', ['LCP', 'CLS', 'INP', 'FCP', 'TTFB']) && has('/m/login', ['LCP', 'CLS', 'INP']) && value.errors.length
        ? value
        : undefined;
    });
    for (const v of s.vitals) {
      assert.ok(v.count >= 1 && Number.isFinite(v.p75) && v.p75 >= 0, JSON.stringify(v));
    }
    const inp = s.vitals.find((v) => v.route === '/m/login' && v.name === 'INP')!;
    assert.ok(inp.target, 'the slow interaction has its target (attribution)');
    const boom = s.errors.find((e) => e.message.includes('field-data e2e: boom'));
    assert.ok(boom, JSON.stringify(s.errors));
    assert.deepEqual(boom.routes, ['/m/home']);
    assert.equal(boom.kind, 'error');
  });
  it('a page change in the app starts a new page view: an error after it is reported on the new route', async () => {
    const page = await newPage();
    await openAndWaitForFieldData(page, '/m/home');
    // The visitor card's "Log in": a page change inside the app, no page load.
    await page.locator('a[href="/m/login"]').first().tap();
    await page.waitForFunction(() => location.pathname === '/m/login');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('field-data e2e: after a page change');
      });
    });
    await page.waitForTimeout(300);
    await hide(page);
    const error = await until('the error on the new route', async () =>
      (await summary()).errors.find((e) => e.message.includes('after a page change')),
    );
    assert.deepEqual(error.routes, ['/m/login']);
  });
});
