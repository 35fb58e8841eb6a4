/**
 * The merchant demo page (/demo/) in Chromium as a Pixel 7. Opened on localhost, it embeds the
 * elements from the operator on 127.0.0.1 (another origin, as on a merchant's site) under its strict
 * CSP; the theme switch reaches into the elements' shadow roots; an overlay's button adds its element;
 * the home engagement elements show a visitor's and, after the page's login, a member's side;
 * axe-core finds nothing in the default and the dark theme.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import axe from 'axe-core';
import { devices, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { freePort, startHarness, type Harness } from './harness.ts';
import { DEFAULT_MERCHANTS_FILE } from '../../server/infra/config.ts';

const { defaultBrowserType: _, ...PIXEL_7 } = devices['Pixel 7']!;

let h: Harness;
let pageOrigin = '';
let operator = '';
let context: BrowserContext | undefined;

before(async () => {
  // The repository's merchants.json, whose list names port 8080 only: on this free port the page's
  // origin is allowed because demo mode allows the server's own origins (issue 32).
  const port = await freePort();
  pageOrigin = `http://localhost:${port}`;
  operator = `http://127.0.0.1:${port}`;
  h = await startHarness({ port, merchantsFile: DEFAULT_MERCHANTS_FILE });
});
after(async () => {
  await h?.close();
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

/** A screenshot for a person to look at (not compared): /tmp/shots-demo/e2e-<name>.png. */
async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/shots-demo/e2e-${name}.png` });
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
  it('embeds the elements from the operator on another origin, under its strict CSP, on a port that is not 8080', async () => {
    const { page, calls, violations, errors } = await openDemo();
    assert.notEqual(new URL(operator).port, '8080');
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
    // Every call was answered (no CORS refusal, no "Unknown error").
    assert.deepEqual(errors, []);
    assert.equal(await page.locator('wps-captcha').getByText('Unknown error').count(), 0);
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
    // Customer service opens the operator's support chat in a tab of its own.
    const supportTab = context!.waitForEvent('page');
    await page.locator('wps-customer-service').getByRole('button', { name: 'Customer service' }).click();
    assert.equal(await last.textContent(), 'wps-contact from <wps-customer-service>');
    const support = await supportTab;
    await support.waitForLoadState();
    assert.equal(support.url(), `${operator}/support/?merchant=demo`);
    await support.getByText(/How can I help you today\?/).waitFor();
    await support.close();
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

  it('shows the signed-in member in its header after the embedded login, through a reload, until Log out', async () => {
    const { page, violations, errors } = await openDemo();
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Log in' }).waitFor();
    const form = page.locator('wps-login-form');
    await form.getByLabel('Username', { exact: true }).fill('demo');
    await form.getByLabel('Password', { exact: true }).fill('Demo1234');
    await form.getByRole('button', { name: 'Log in' }).click();

    // Before issue 32 nothing on screen changed here.
    await header.getByText('Signed in as demo').waitFor();
    assert.equal(await header.getByRole('link', { name: 'Log in' }).isVisible(), false);
    await page.getByText('You are signed in as demo.').waitFor();
    assert.equal(await form.isVisible(), false, 'the form gives way to the signed-in note');
    const progress = page.locator('wps-vip-badge').getByRole('progressbar');
    await progress.waitFor();
    await shot(page, 'signed-in');

    // The elements' session lasts through a reload, and so does the header.
    await page.reload();
    await header.getByText('Signed in as demo').waitFor();
    await progress.waitFor();

    const logout = header.getByRole('button', { name: 'Log out' });
    const box = (await logout.boundingBox())!;
    assert.ok(box.width >= 44 && box.height >= 44, `Log out is ${box.width}x${box.height}`);
    await logout.click();
    await header.getByRole('link', { name: 'Log in' }).waitFor();
    await form.getByRole('button', { name: 'Log in' }).waitFor();
    assert.equal(await page.evaluate(() => sessionStorage.getItem('wps:session')), null);
    await page.locator('wps-chat-button').getByRole('button', { name: 'Live chat' }).waitFor();
    assert.equal(await progress.count(), 0, 'the VIP badge is empty again');
    assert.deepEqual(await violations(), []);
    assert.deepEqual(errors, []);
  });

  it('shows the download popup, the image popups and the app upgrade by their buttons', async () => {
    const { page, violations, errors } = await openDemo();
    const last = page.locator('#log-last');

    await page.getByRole('button', { name: 'Open the download popup' }).click();
    const sheet = page.locator('wps-download-popup').getByRole('dialog', { name: 'Get the app' });
    await sheet.waitFor();
    assert.ok((await sheet.locator('[part~="download"]').count()) >= 2);
    await shot(page, 'download-popup');
    await sheet.locator('[part~="download-android"]').click();
    assert.equal(await last.textContent(), 'wps-download from <wps-download-popup> (kept on this page)');
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'detached' });

    // The two download pictures of the demo merchant (m_popup1, m_popup2), one after the other; again on the next press.
    const images = page.locator('wps-image-popup');
    for (let round = 0; round < 2; round++) {
      await page.getByRole('button', { name: 'Show the image popups' }).click();
      for (const picture of ['splash-640x1136.png', 'icon-512.png']) {
        const image = images.getByRole('dialog').locator(`[part="image"][src$="${picture}"]`);
        await image.waitFor();
        if (round === 0 && picture.startsWith('splash')) await shot(page, 'image-popup');
        // Told once the picture is shown, which may come a moment after its element (under load).
        await last.filter({ hasText: /^wps-image-shown from <wps-image-popup>$/ }).waitFor();
        await images
          .getByRole('dialog')
          .getByRole('button', { name: /^Close/ })
          .click();
        await image.waitFor({ state: 'detached' });
      }
      await images.getByRole('dialog').waitFor({ state: 'detached' });
      assert.equal(await last.textContent(), 'wps-close from <wps-image-popup>');
    }

    // The app upgrade: the page reloads as the native app 2.4.10, the demo merchant's app is 2.5.0.
    await page.getByRole('button', { name: 'Show the app upgrade' }).click();
    const upgrade = page.locator('wps-app-upgrade').getByRole('alertdialog', { name: 'Update available' });
    await upgrade.waitFor();
    assert.match(await page.evaluate(() => navigator.userAgent), /WPSApp\/2\.4\.10$/);
    await page.getByText('This page now tells the elements it runs inside the app 2.4.10').waitFor();
    assert.equal(await page.locator('wps-download-bar').getByRole('complementary').count(), 0, 'no download bar inside the app');
    await shot(page, 'app-upgrade');
    await upgrade.getByRole('button', { name: 'Update now' }).click();
    assert.equal(await page.locator('#log-last').textContent(), 'wps-upgrade from <wps-app-upgrade> (kept on this page)');
    await upgrade.getByRole('button', { name: 'Later' }).click();
    await upgrade.waitFor({ state: 'detached' });
    // The preview lasts one load: a reload is a browser again.
    await page.reload();
    await page.locator('wps-download-bar').getByRole('complementary', { name: 'Download the app' }).waitFor();
    assert.equal(await page.locator('wps-app-upgrade').count(), 0);
    assert.doesNotMatch(await page.evaluate(() => navigator.userAgent), /WPSApp/);
    assert.deepEqual(await violations(), []);
    assert.deepEqual(errors, []);
  });

  it('adds the mini game by its button: its script and game come from the operator, under the page CSP', async () => {
    const { page, violations, errors } = await openDemo();
    assert.equal(await page.locator('wps-mini-game').count(), 0, 'not on the page before the button');
    await page.getByRole('button', { name: 'Add the mini game' }).click();
    const ball = page.locator('wps-mini-game').getByRole('button', { name: 'Mini game' });
    await ball.waitFor();
    await page
      .locator('#add-mini-game-status')
      .getByText(/^Added/)
      .waitFor();
    assert.equal(await page.getByRole('button', { name: 'Add the mini game' }).isDisabled(), true);
    await page.locator('.chip[data-tag="wps-mini-game"]').getByText('Loaded').waitFor();
    await ball.click();
    const frame = page.locator('wps-mini-game').locator('iframe');
    await frame.waitFor();
    assert.match((await frame.getAttribute('src')) ?? '', new RegExp(`^${operator}/mini-game/game\\.html`));
    await frame.contentFrame().getByRole('heading', { name: 'Quick 3' }).waitFor();
    await shot(page, 'mini-game');
    await page.locator('wps-mini-game').getByRole('button', { name: 'Close' }).click();
    await page.locator('#log-last').getByText('wps-minigame-close from <wps-mini-game>').waitFor();
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
