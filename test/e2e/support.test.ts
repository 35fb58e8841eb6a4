/**
 * Customer service that answers (issue 32): the demo merchant's customer-service entries open the
 * server's own demo support chat (/support/), so "Contact us" on the maintenance screen and home's
 * customer-service button lead to a page that works offline; the player gets an agent's greeting,
 * picks a topic or types, gets an answer, and Close closes the tab customer service opened.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { devices, type BrowserContext, type Page } from 'playwright-core';
import { startHarness, type Harness } from './harness.ts';

const { defaultBrowserType: _p, ...PIXEL_7 } = devices['Pixel 7']!;
const { defaultBrowserType: _i, ...IPHONE_13 } = devices['iPhone 13']!;

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
  await dev('/dev/reset', {});
});

async function dev(path: string, body: unknown) {
  const res = await fetch(h.server.url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200, `${path}: ${await res.clone().text()}`);
}

/** A phone, English unless `language`, the install offer and the image popups already answered this session. */
async function openPage(path: string, device = PIXEL_7, language = 'EN'): Promise<Page> {
  context = await h.newContext({ ...device, locale: language === 'UR' ? 'ur-PK' : 'en-US' });
  await context.addInitScript(`
    localStorage.setItem('wps:language', '"${language}"');
    sessionStorage.setItem('wps:installSkipped', 'true');
    sessionStorage.setItem('wps:imagePopupSaved', 'true');
  `);
  const page = await context.newPage();
  await page.goto(h.server.url + path);
  return page;
}

/** Every button and link of the page is at least 44 x 44 CSS px. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('a, button, textarea')]
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ el, box }) => `${el.textContent?.trim()} ${box.width}x${box.height}`),
  );
}

describe('customer service', () => {
  it('"Contact us" on the maintenance screen opens the support chat, which answers; Close closes its tab', async () => {
    await dev('/dev/maintenance', { on: true });
    const page = await openPage('/m/home');
    const screen = page.locator('wps-maintenance');
    await screen.getByRole('heading', { name: 'System Maintenance' }).waitFor();

    const opened = context!.waitForEvent('page');
    await screen.getByRole('button', { name: 'Contact us' }).click();
    const support = await opened;
    await support.waitForLoadState();
    assert.equal(support.url(), `${h.server.url}/support/?merchant=demo`);
    await support.getByRole('heading', { name: 'Customer service' }).waitFor();
    await support.getByText("Hi, I'm Mia from WPS Lottery support. How can I help you today?").waitFor();
    assert.deepEqual(await smallTargets(support), []);

    // A quick topic, then a typed question: each gets its answer, the conversation stays.
    await support.getByRole('button', { name: 'Site unavailable' }).click();
    await support.getByText(/^During maintenance the site shows the time it is back/).waitFor();
    await support.getByLabel('Your message').fill('When will my withdrawal arrive?');
    await support.getByRole('button', { name: 'Send' }).click();
    await support.getByText('When will my withdrawal arrive?').waitFor();
    await support.getByText(/^A withdrawal is requested from Me after you log in/).waitFor();
    await support.getByText(/^During maintenance/).waitFor();
    // The newest answer is in view, above the form.
    const answer = (await support.getByText(/^A withdrawal is requested/).boundingBox())!;
    const form = (await support.locator('form').boundingBox())!;
    assert.ok(answer.y + answer.height <= form.y + 1, `answer ${JSON.stringify(answer)} above the form ${JSON.stringify(form)}`);

    // Close: the tab customer service opened closes; the maintenance screen is still there.
    const closed = support.waitForEvent('close');
    await support.getByRole('link', { name: 'Close' }).click();
    await closed;
    await screen.getByRole('heading', { name: 'System Maintenance' }).waitFor();
  });

  it("home's customer-service button opens it for a visitor, in Urdu right to left on an iPhone 13", async () => {
    const page = await openPage('/m/home', IPHONE_13, 'UR');
    const button = page.locator('wps-customer-service').getByRole('button');
    await button.waitFor();
    // The visitor's announcement may come first: answered, it leaves the button free.
    const announcement = page.locator('wps-announcement').getByRole('dialog');
    await announcement.waitFor({ timeout: 4000 }).then(
      () => announcement.getByRole('button').last().click(),
      () => undefined,
    );
    await announcement.waitFor({ state: 'detached' });
    const opened = context!.waitForEvent('page');
    await button.click();
    const support = await opened;
    await support.waitForLoadState();
    assert.equal(support.url(), `${h.server.url}/support/?merchant=demo`);
    await support.getByRole('heading', { name: 'کسٹمر سروس' }).waitFor();
    assert.equal(await support.evaluate(() => document.documentElement.dir), 'rtl');
    await support.getByRole('button', { name: 'پاس ورڈ بھول گئے' }).click();
    await support.getByText(/^کوئی مسئلہ نہیں۔/).waitFor();
    assert.deepEqual(await smallTargets(support), []);
  });
});
