/**
 * The merchant demo page (/demo/) in Chromium as a Pixel 7. Opened on localhost, it embeds the
 * elements from the operator on 127.0.0.1 (another origin, as on a merchant's site) under its strict
 * CSP; the theme switch reaches into the elements' shadow roots; an overlay's button adds its element;
 * the home engagement elements show a visitor's and, after the page's login, a member's side;
 * axe-core finds nothing in the default and the dark theme.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import { devices, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { freePort, startHarness, type Harness } from './harness.ts';
import { DEFAULT_MERCHANTS_FILE } from '../../server/infra/config.ts';

const { defaultBrowserType: _, ...PIXEL_7 } = devices['Pixel 7']!;

let h: Harness;
let merchantsDir = '';
let pageOrigin = '';
let operator = '';
let context: BrowserContext | undefined;

before(async () => {
  // The page's origin must be known before the server starts: the demo merchant allows it.
  const port = await freePort();
  pageOrigin = `http://localhost:${port}`;
  operator = `http://127.0.0.1:${port}`;
  const merchants = JSON.parse(await readFile(DEFAULT_MERCHANTS_FILE, 'utf8'));
  merchants.merchants.demo.allowedOrigins.push(pageOrigin);
  merchantsDir = await mkdtemp(join(tmpdir(), 'wps-merchants-'));
  const merchantsFile = join(merchantsDir, 'merchants.json');
  await writeFile(merchantsFile, JSON.stringify(merchants));
  h = await startHarness({ port, merchantsFile });
});
after(async () => {
  await h?.close();
  if (merchantsDir) await rm(merchantsDir, { recursive: true, force: true });
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

interface Demo {
  page: Page;
  /** /wps calls with their Merchant header. */
  calls: { url: string; merchant?: string }[];
  /** CSP violations the page reported so far. */
  violations(): Promise<string[]>;
  /** Console errors and uncaught exceptions of the demo page so far. */
  errors: string[];
}

async function openDemo(): Promise<Demo> {
  context = await h.newContext({ ...PIXEL_7, locale: 'en-US' });
  await context.addInitScript(() => {
    const seen: string[] = ((window as unknown as { cspViolations: string[] }).cspViolations = []);
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  const errors: string[] = [];
  // The demo page's own (not those of a page it leads to, such as the chat page's missing favicon).
  const onDemo = () => page.url().startsWith(`${pageOrigin}/demo/`);
  page.on('console', (m) => m.type() === 'error' && onDemo() && errors.push(`console: ${m.text()} (${m.location().url})`));
  page.on('pageerror', (e) => onDemo() && errors.push(`page: ${e.message}`));
  const calls: Demo['calls'] = [];
  page.on('request', (r) => r.url().includes('/wps/') && calls.push({ url: r.url(), merchant: r.headers().merchant }));
  await page.goto(`${pageOrigin}/demo/`);
  await page.locator('wps-download-bar').getByRole('complementary', { name: 'Download the app' }).waitFor();
  return {
    page,
    calls,
    errors,
    violations: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  };
}

/** A computed style of a node inside an element's shadow root. */
function shadowStyle(host: Locator, selector: string, property: string): Promise<string> {
  return host.evaluate(
    (el, [sel, prop]) => getComputedStyle(el.shadowRoot!.querySelector(sel!)!).getPropertyValue(prop!),
    [selector, property],
  );
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source); // evaluated by the browser's debugger, which the page's CSP does not govern
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  });
}

describe('the merchant demo page', () => {
  it('embeds the elements from the operator on another origin, under its strict CSP', async () => {
    const { page, calls, violations } = await openDemo();
    const bar = page.locator('wps-download-bar');
    assert.equal(await bar.locator('[part="name"]').textContent(), 'WPS Lottery');
    assert.ok(calls.length > 0);
    for (const call of calls) {
      assert.ok(call.url.startsWith(`${operator}/wps/`), call.url);
      assert.equal(call.merchant, 'demo');
    }
    assert.match((await page.locator('#embed-code').textContent()) ?? '', new RegExp(`${operator}/elements/wps-elements\\.js`));
    assert.match(
      (await page.locator('#origin-note').textContent()) ?? '',
      /calls the operator at http:\/\/127\.0\.0\.1:\d+: another origin/,
    );
    // The live elements rendered (the captcha through the stand-in script from the operator).
    await page.locator('wps-login-form').getByRole('button', { name: 'Log in' }).waitFor();
    await page.locator('wps-captcha').getByRole('button', { name: 'Click to verify' }).waitFor();
    assert.deepEqual(await violations(), []);
  });

  it('switches the theme by --wps-* tokens, inside the elements too', async () => {
    const { page } = await openDemo();
    const bar = page.locator('wps-download-bar');
    const login = page.locator('wps-login-form');
    assert.equal(await shadowStyle(bar, '[part="download"]', 'background-color'), 'rgb(214, 47, 58)');

    await page.getByRole('radio', { name: 'Emerald (merchant brand)' }).check();
    assert.equal(await shadowStyle(bar, '[part="download"]', 'background-color'), 'rgb(11, 122, 85)');
    assert.match((await page.locator('#theme-css').textContent()) ?? '', /--wps-color-primary: #0b7a55;/);
    assert.equal(await page.evaluate(() => document.documentElement.style.getPropertyValue('--wps-color-primary')), '#0b7a55');

    // Dark: the forms' inputs follow the surface and text tokens (typed text stays readable).
    await page.getByRole('radio', { name: 'Night' }).check();
    assert.equal(await shadowStyle(login, 'input', 'background-color'), 'rgb(22, 23, 27)');
    assert.equal(await shadowStyle(login, 'input', 'color'), 'rgb(241, 241, 244)');
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).color), 'rgb(241, 241, 244)');
  });

  it('adds an overlay element by its button; it renders and reports to the event log', async () => {
    const { page, violations } = await openDemo();
    const notice = page.locator('wps-notice:not([queue])');
    assert.equal(await notice.count(), 0, 'not on the page before the button');

    await page.getByRole('button', { name: 'Open a notice' }).click();
    const dialog = notice.getByRole('alertdialog', { name: 'Weekend bonus' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Later' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.locator('#log-last').textContent(), 'wps-close from <wps-notice>');
    await page.getByRole('button', { name: /^Show all/ }).click();
    const log = page.getByRole('list', { name: 'Events' });
    await log.getByText('wps-cancel from <wps-notice>').waitFor();
    await log.getByText('{"reason":"cancel"}').waitFor();

    // A status screen covers the page; the page behind goes inert until the preview ends.
    await page.getByRole('button', { name: 'Preview maintenance' }).click();
    await page.locator('wps-maintenance').getByRole('heading', { name: 'System Maintenance' }).waitFor();
    assert.equal(await page.locator('body > main').evaluate((m) => (m as HTMLElement).inert), true);
    await page.getByRole('button', { name: 'End preview' }).click();
    assert.equal(await page.locator('wps-maintenance').count(), 0);
    assert.equal(await page.locator('body > main').evaluate((m) => (m as HTMLElement).inert), false);
    assert.deepEqual(await violations(), []);
  });

  it("shows the home engagement elements: a visitor's side, then a member's after the page's login", async () => {
    const { page, violations, errors } = await openDemo();
    const last = page.locator('#log-last');

    // On the page from the start: customer service (its opening kept on the page) and the chat button
    // (CBS3 is on for the demo merchant), above the event log.
    await page.locator('wps-customer-service').getByRole('button', { name: 'Customer service' }).click();
    assert.equal(await last.textContent(), 'wps-contact from <wps-customer-service> (kept on this page)');
    const chat = page.locator('wps-chat-button').getByRole('button', { name: 'Live chat' });
    await chat.waitFor();
    const chatBox = (await chat.boundingBox())!;
    const logBox = (await page.locator('.log').boundingBox())!;
    assert.ok(chatBox.y + chatBox.height <= logBox.y, `the chat button (${JSON.stringify(chatBox)}) clears the log`);
    assert.equal(
      await page.locator('wps-vip-badge').evaluate((el) => el.shadowRoot?.querySelector('[part="vip"]') ?? null),
      null,
    );

    // The announcement popups join the page by their buttons: a visitor's announcements.
    const announcement = page.locator('wps-announcement');
    assert.equal(await announcement.count(), 0, 'not on the page before the button');
    await page.getByRole('button', { name: 'Show the announcement' }).click();
    await page.locator('#open-announcement-status').getByText('It shows in about 1.5 seconds.').waitFor();
    const welcome = announcement.getByRole('dialog', { name: 'Welcome to our lottery!' });
    await welcome.waitFor();
    assert.equal(await page.locator('#open-announcement-status').textContent(), '');
    await welcome.getByRole('button', { name: 'I know' }).click();
    await announcement.waitFor({ state: 'detached' }); // closed, it leaves the page
    assert.equal(await last.textContent(), 'wps-close from <wps-announcement>');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'open-announcement', 'focus back on the button');
    // The button forgets the close: the popup comes back.
    await page.getByRole('button', { name: 'Show the announcement' }).click();
    await welcome.waitFor();
    await welcome.getByRole('button', { name: 'Close' }).click();
    await announcement.waitFor({ state: 'detached' });

    const older = page.locator('wps-notice-popup');
    await page.getByRole('button', { name: 'Show the older popup' }).click();
    const olderDialog = older.getByRole('dialog', { name: 'Welcome to our lottery!' });
    await olderDialog.waitFor();
    await olderDialog.getByLabel('Never show again').check();
    await olderDialog.getByRole('button', { name: 'I know' }).click();
    await older.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Show all/ }).click();
    const log = page.getByRole('list', { name: 'Events' });
    await log.getByText('{"reason":"close","hidden":"never"}').waitFor();
    await log.getByText('wps-announcement-shown from <wps-notice-popup>').waitFor();
    await page.getByRole('button', { name: 'Hide' }).click();

    // The page's login: the badge and the chat button show the member.
    const form = page.locator('wps-login-form');
    await form.getByLabel('Username', { exact: true }).fill('demo');
    await form.getByLabel('Password', { exact: true }).fill('Demo1234');
    await form.getByRole('button', { name: 'Log in' }).click();
    const progress = page.locator('wps-vip-badge').getByRole('progressbar', { name: 'Progress to the next VIP level' });
    await progress.waitFor();
    assert.equal(await progress.getAttribute('aria-valuenow'), '60');
    await page.locator('wps-vip-badge').getByText('VIP2').waitFor();
    await page.locator('wps-chat-button').getByRole('button', { name: 'Live chat, 2 unread messages' }).waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await page.locator('wps-vip-badge').getByRole('button', { name: 'VIP benefits' }).click();
    assert.equal(await last.textContent(), 'wps-vip-benefits from <wps-vip-badge> (kept on this page)');

    // The member's chat opens the demo server's chat page, whose Back link returns here, still signed in.
    await page
      .locator('wps-chat-button')
      .getByRole('button', { name: /^Live chat/ })
      .click();
    await page.waitForURL(`${operator}/chat/**`);
    await page.getByRole('link', { name: /Back/ }).click();
    await page.waitForURL(`${pageOrigin}/demo/`);
    await progress.waitFor();

    // A member's announcements; the way to the promotion is kept on the page, the popup stays.
    await page.getByRole('button', { name: 'Show the announcement' }).click();
    const member = announcement.getByRole('dialog', { name: 'First deposit bonus 100%' });
    await member.waitFor();
    await member.getByRole('button', { name: 'Go to the promotion' }).click();
    assert.equal(await last.textContent(), 'wps-announcement-activity from <wps-announcement> (kept on this page)');
    assert.ok(page.url().startsWith(`${pageOrigin}/demo/`), page.url());
    await member.waitFor();

    assert.deepEqual(await violations(), []);
    assert.deepEqual(errors, []);
  });

  it('passes axe-core in the default and the dark theme', async () => {
    const { page } = await openDemo();
    await page.locator('wps-captcha').getByRole('button', { name: 'Click to verify' }).waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await page.getByRole('radio', { name: 'Night' }).check();
    assert.deepEqual(await axeViolations(page), []);
  });
});
