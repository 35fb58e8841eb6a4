/**
 * Sign-in paths end to end in Chromium against the real server (SPEC §3, §4, §5, §8): remembered
 * login and auto login, SMS login, each two-factor method, forced password change, registration by
 * username and by mobile number with the captcha, and the captcha's load timeout and retry.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
let context: BrowserContext | undefined;

before(async () => {
  h = await startHarness();
});
after(async () => {
  await h?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
  await dev('POST', '/dev/reset', {});
});

async function dev(method: string, path: string, body?: unknown) {
  const res = await fetch(h.server.url + path, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text);
}

async function newPage(options: Parameters<Harness['newContext']>[0] = {}): Promise<Page> {
  context = await h.newContext(options);
  return context.newPage();
}

const form = (page: Page) => page.locator('wps-login-form');

async function fillPasswordLogin(page: Page, username: string, password: string, remember = false) {
  await page.goto(`${h.server.url}/m/login`);
  await form(page).getByLabel('Username', { exact: true }).fill(username);
  await form(page).getByLabel('Password', { exact: true }).fill(password);
  if (remember) await form(page).getByLabel('Remember me').check();
  await form(page).getByRole('button', { name: 'Log in' }).click();
}

describe('remembered login and auto login', () => {
  it('remembers a login (password never readable) and logs in by itself in a new tab; logout turns it off', async () => {
    const page = await newPage();
    await fillPasswordLogin(page, 'demo', 'Demo1234', true);
    await page.getByRole('heading', { name: 'Welcome back, demo' }).waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('wps:rememberedLogin'));
    assert.ok(stored && !stored.includes('Demo1234') && !stored.includes(Buffer.from('Demo1234').toString('base64')));

    // A new tab has no session: the remembered login logs in on mount.
    const tab = await context!.newPage();
    await tab.goto(`${h.server.url}/m/login`);
    await tab.getByRole('heading', { name: 'Welcome back, demo' }).waitFor();
    await tab.reload();
    await tab.getByRole('heading', { name: 'Welcome back, demo' }).waitFor();

    // redirectUrl disables auto login.
    const withRedirect = await context!.newPage();
    await withRedirect.goto(`${h.server.url}/m/login?redirectUrl=%2Fm%2Fhome`);
    await form(withRedirect).getByLabel('Username', { exact: true }).waitFor();
    await withRedirect.waitForTimeout(800);
    assert.match(withRedirect.url(), /\/m\/login\?redirectUrl=/);

    // Logging out on purpose: no auto login afterwards, the username stays filled in.
    await tab.getByRole('button', { name: 'Log out' }).click();
    await tab.goto(`${h.server.url}/m/login`);
    await form(tab).getByLabel('Username', { exact: true }).waitFor();
    await tab.waitForTimeout(800);
    assert.match(tab.url(), /\/m\/login$/);
    assert.equal(await form(tab).getByLabel('Username', { exact: true }).inputValue(), 'demo');
  });

  it('a wrong password removes the remembered login (login.cred.err)', async () => {
    const page = await newPage();
    await fillPasswordLogin(page, 'demo', 'Demo1234', true);
    await page.getByRole('heading', { name: 'Welcome back, demo' }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await fillPasswordLogin(page, 'demo', 'wrong-password9', true);
    await page.getByRole('alertdialog').waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('wps:rememberedLogin')), null);
  });
});
