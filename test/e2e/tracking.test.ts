/**
 * Tracking end to end (issue 15; docs/tracking.md) against the real reference server: a player who
 * lands with an affiliate's click id and logs in has viewContent and login posted to the tracking
 * post (a beacon when the page is hidden), with the session's customer (verified: the post carried
 * the session) and the attribution; no pixel
 * is configured, so no pixel script is requested and the CSP names no pixel host; a merchant pixel
 * set on /dev/ turns Facebook's host on in the CSP and its script is requested.
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
  await setPixels({ fbPixelId: null });
});

async function newPage(): Promise<Page> {
  context = await h.newContext();
  await context.addInitScript(`
    localStorage.setItem('wps:language', '"EN"');
    sessionStorage.setItem('wps:installSkipped', 'true');
    sessionStorage.setItem('wps:imagePopupSaved', 'true');
  `);
  return context.newPage();
}

async function setPixels(ids: Record<string, string | null>) {
  const res = await fetch(`${h.server.url}/dev/pixels`, {
    method: 'POST',
    headers: { Merchant: 'demo', 'Content-Type': 'application/json' },
    body: JSON.stringify(ids),
  });
  assert.equal(res.status, 200);
}

interface StoredEvent {
  name: string;
  customerName?: string;
  page?: string;
  attribution?: Record<string, string>;
  verified?: boolean;
}
async function events(): Promise<StoredEvent[]> {
  const res = await fetch(`${h.server.url}/dev/tracking`, { headers: { Merchant: 'demo' } });
  return ((await res.json()) as { value: StoredEvent[] }).value;
}

describe('tracking end to end', () => {
  it('a landing with a click id, then a login: viewContent and login reach the tracking post; no pixel, no pixel script', async () => {
    const page = await newPage();
    const pixelRequests: string[] = [];
    page.on('request', (r) => {
      if (/facebook|tiktok|googletagmanager|kwai|imotech/.test(r.url())) pixelRequests.push(r.url());
    });
    const res = await page.goto(`${h.server.url}/m/login?fbclid=fb.click-1`);
    assert.doesNotMatch(res!.headers()['content-security-policy'] ?? '', /facebook|tiktok|googletagmanager/);
    const form = page.locator('wps-login-form');
    await form.getByLabel('Username', { exact: true }).fill('demo');
    await form.getByLabel('Password', { exact: true }).fill('Demo1234');
    await form.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: /^Welcome( back)?, demo$/ }).waitFor();
    // The page hidden: what waits goes as a beacon.
    await page.evaluate(`
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    `);
    const login = await until('the login event', async () =>
      (await events()).find((e) => e.name === 'login' && e.customerName === 'demo'),
    );
    assert.equal(login.attribution?.ad_fbclid, 'fb.click-1');
    // Posted with the session (own origin): the server knows the customer is the sender.
    assert.equal(login.verified, true, 'the login event is verified');
    const views = (await events()).filter((e) => e.name === 'viewContent').map((e) => e.page);
    assert.ok(views.includes('/m/login') && views.includes('/m/home'), views.join(', '));
    assert.deepEqual(pixelRequests, []);
    const stored = await page.evaluate(() => document.cookie);
    assert.match(stored, /wps_attr=/);
  });

  it('a merchant pixel: the CSP allows its host and its script is requested after the page is up', async () => {
    await setPixels({ fbPixelId: '123456789012345' });
    const page = await newPage();
    const pixelRequest = page.waitForRequest((r) => r.url().startsWith('https://connect.facebook.net/'), { timeout: 15000 });
    const res = await page.goto(`${h.server.url}/m/home`);
    assert.match(res!.headers()['content-security-policy'] ?? '', /script-src[^;]*https:\/\/connect\.facebook\.net/);
    await pixelRequest;
  });
});
