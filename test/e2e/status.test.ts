/**
 * Site status and resilience, end to end: each screen reached by switching the real server's state
 * through its dev controls (docs/product.md §2, §4, §8, §9).
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
  await dev('/dev/reset', {});
});

async function dev(path: string, body: unknown) {
  const res = await fetch(h.server.url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200, `${path}: ${await res.clone().text()}`);
  return res.json();
}

async function open(path: string, options: Parameters<Harness['newContext']>[0] = {}): Promise<Page> {
  context = await h.newContext(options);
  const page = await context.newPage();
  await page.goto(h.server.url + path);
  return page;
}

/** Fake time that only moves when the test says so (Playwright's clock otherwise keeps flowing). */
async function pauseClock(page: Page) {
  const start = Date.UTC(2030, 0, 1);
  await page.clock.install({ time: start });
  // Nothing is loaded yet, so jumping ahead fires nothing; a margin keeps pauseAt in the future.
  await page.clock.pauseAt(start + 60_000);
}

/**
 * Runs the paused clock over the page's first frames until the page has started its background work
 * (site data, the overlays' models in host/Overlays.tsx), which waits for the first paint to be
 * presented, and waits until the network notice's code is in.
 */
async function settle(page: Page) {
  const started = () => page.evaluate(() => !!document.getElementById('wps-overlays'));
  for (let i = 0; i < 100 && !(await started()); i++) {
    await page.clock.runFor(50);
    await page.waitForTimeout(20);
  }
  await page.waitForFunction(() => customElements.get('wps-network-notice'));
}

async function logIn(page: Page) {
  await page.goto(`${h.server.url}/m/login`);
  await page.getByLabel('Username', { exact: true }).fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: /^Welcome( back)?, demo$/ }).waitFor();
}

describe('status screens', () => {
  it('shows Access Denied with the visitor IP to a restricted region, in place of every page', async () => {
    await dev('/dev/region-restriction', { on: true });
    const page = await open('/m/login');
    const screen = page.locator('wps-access-denied');
    await screen.getByRole('heading', { name: 'Access Denied' }).waitFor();
    assert.match((await screen.locator('[part="ip"]').textContent()) ?? '', /127\.0\.0\.1/);
    assert.equal(await page.getByLabel('Username', { exact: true }).count(), 0, 'the login form is not reachable');

    // Customer service opens the demo support chat of this server in a new tab (test/e2e/support.test.ts).
    const opened = context!.waitForEvent('page');
    await screen.getByRole('button', { name: 'Contact us' }).click();
    const support = await opened;
    await support.waitForLoadState();
    assert.equal(support.url(), `${h.server.url}/support/?merchant=demo`);
    await support.getByRole('heading', { name: 'Customer service' }).waitFor();
  });

  it('shows the maintenance page with its end time in the player time zone, with the English text beside Chinese', async () => {
    const end = Date.UTC(2030, 0, 2, 3, 30);
    await dev('/dev/maintenance', { on: true, end });
    const page = await open('/m/home', { locale: 'zh-CN', timezoneId: 'Asia/Manila' });
    const screen = page.locator('wps-maintenance');
    await screen.getByRole('heading', { name: '系统维护' }).waitFor();
    const endText = (await screen.locator('[part="end"]').textContent()) ?? '';
    assert.match(endText, /11:30/, `end time in Manila (UTC+8): ${endText}`);
    await screen.getByRole('heading', { name: 'System Maintenance' }).waitFor(); // English beside it
  });

  it("uses the operator's own maintenance texts and hides the English copy in English", async () => {
    await dev('/dev/maintenance', {
      on: true,
      end: null,
      texts: { EN: { title: 'Planned upgrade', description: 'Back at noon.' } },
    });
    const page = await open('/m/home', { locale: 'en-US' });
    const screen = page.locator('wps-maintenance');
    await screen.getByRole('heading', { name: 'Planned upgrade' }).waitFor();
    await screen.getByText('Back at noon.').waitFor();
    assert.equal(await screen.locator('[part="end"]').count(), 0);
    assert.equal(await screen.locator('[part="english"]').count(), 0);
  });

  it('shows the domain modal for domain_not_available, and Retry recovers once the domain is back', async () => {
    await dev('/dev/domain-unavailable', { on: true });
    const page = await open('/m/home');
    const modal = page.locator('wps-domain-error').getByRole('alertdialog');
    await modal.getByText('This domain is not available').waitFor();
    await modal.getByRole('button', { name: 'Customer service' }).waitFor();
    // Every element of the page asks for the status once as it mounts; one mounting after the domain
    // is back would recover the page before Retry does. Wait until they all have.
    await page.waitForLoadState('networkidle');
    await dev('/dev/domain-unavailable', { on: false });
    await modal.getByRole('button', { name: 'Retry' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
  });
});

describe('update notice', () => {
  it('shows Refresh once when a new release is published, on the hourly check and when the page is shown again', async () => {
    context = await h.newContext();
    const page = await context.newPage();
    await pauseClock(page);
    let manifestFetches = 0;
    let manifestAnswers = 0;
    page.on('request', (r) => r.url().includes('asset-manifest.json') && manifestFetches++);
    page.on('requestfinished', (r) => r.url().includes('asset-manifest.json') && manifestAnswers++);
    await page.goto(`${h.server.url}/m/home`);
    await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
    await settle(page);
    // The first load's hashes (both manifests) are in before the release is published.
    while (manifestAnswers < 2) await page.waitForTimeout(20);
    await page.waitForTimeout(100);
    const notice = page.locator('wps-update-notice').getByRole('alertdialog');

    await dev('/dev/asset-manifest/publish', {});
    await page.clock.runFor(3_599_000);
    assert.equal(await notice.count(), 0, 'not before the hour');
    await page.clock.runFor(1_000);
    await notice.getByText('A new version is available').waitFor();

    // Once only: another release and another hour show nothing new.
    await notice.getByRole('button', { name: 'Refresh' }).waitFor();
    await page.keyboard.press('Escape');
    await notice.waitFor({ state: 'detached' });
    await dev('/dev/asset-manifest/publish', {});
    await page.clock.runFor(3_600_000);
    await page.waitForTimeout(300);
    assert.equal(await notice.count(), 0);

    // The page becoming visible again checks too (debounced 300 ms). Headless Chromium here never
    // hides a page, so the test switches the document's visibility state itself.
    const before = manifestFetches;
    await page.evaluate(`for (const state of ['hidden', 'visible', 'visible']) {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }`);
    await page.clock.runFor(299);
    assert.equal(manifestFetches, before, 'debounced');
    await page.clock.runFor(10);
    await page.waitForFunction(() => true);
    await page.waitForTimeout(300);
    assert.equal(manifestFetches, before + 2, 'one check = both manifests once');
  });

  it('Refresh reloads the page onto the new release', async () => {
    context = await h.newContext();
    const page = await context.newPage();
    await pauseClock(page);
    await page.goto(`${h.server.url}/m/home`);
    await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
    await settle(page);
    await page.waitForTimeout(300); // first-load hash stored
    await dev('/dev/asset-manifest/publish', {});
    await page.clock.runFor(3_600_000);
    const notice = page.locator('wps-update-notice').getByRole('alertdialog');
    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: 'Refresh' }).click();
    await reloaded;
    // The paused clock holds the page's start (the inline snippet waits for a frame, host/preload.ts): run it.
    await settle(page);
    await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
  });
});

describe('network and line health', () => {
  it('shows no connection while offline and clears it when back online', async () => {
    const page = await open('/m/home');
    await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
    // Its code arrives just after the first frame (a drop before that is retried when back online).
    await page.waitForFunction(() => customElements.get('wps-network-notice'));
    const notices = page.locator('wps-network-notice');
    const wentOffline = Date.now();
    await context!.setOffline(true);
    await notices.getByRole('alert').getByText('No network connection').waitFor();
    await notices.getByRole('status').getByText('You are offline').waitFor();
    await notices.getByRole('status').waitFor({ state: 'detached', timeout: 5000 });
    // The message stays 1.5 s (the unit test pins it to the millisecond on a fake clock).
    const shown = Date.now() - wentOffline;
    assert.ok(shown >= 1450 && shown < 2500, `the offline message went after ${shown} ms`);
    assert.equal(await notices.getByRole('alert').count(), 1, 'the banner stays while offline');
    await context!.setOffline(false);
    await notices.getByRole('alert').waitFor({ state: 'detached' });
  });

  it('shows the unstable-line notice when a ping never answers, and Retry clears it once the line answers', async () => {
    await dev('/dev/ping', { mode: 'hang' });
    context = await h.newContext();
    // The download-image popup (its timers run with the clock below) is not what this test is about:
    // seen this session, it would take the tap meant for the notice's Retry.
    await context.addInitScript(() => sessionStorage.setItem('wps:imagePopupSaved', 'true'));
    const page = await context.newPage();
    // Nor is the visitor's announcement, which opens by itself within these 5 s and took the tap in a
    // clean-clone run: this page gets an empty list.
    await page.route(/MCSFE_getListAnnouncements/, (route) => route.fulfill({ json: { success: true, value: [] } }));
    await pauseClock(page);
    const pinged = page.waitForRequest(/\/wps\/system\/test\/ping/);
    await page.goto(`${h.server.url}/m/home`);
    await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
    await settle(page);
    // The element renders as a transition: its ping (and its 5 s abort) starts a moment after it is defined.
    await pinged;
    const banner = page.locator('wps-network-notice').getByRole('alert');
    await page.clock.runFor(4_900);
    assert.equal(await banner.count(), 0, 'not before the 5 s abort');
    await page.clock.runFor(200);
    await banner.getByText('The current line is unstable').waitFor();

    await dev('/dev/ping', { mode: 'ok' });
    await banner.getByRole('button', { name: 'Retry' }).click();
    await banner.waitFor({ state: 'detached' });
  });
});

describe('session expiry in the middle of a session', () => {
  it('logs out, clears the session and asks to log in when the next call is refused', async () => {
    context = await h.newContext();
    const page = await context.newPage();
    await logIn(page);
    await dev('/dev/members/demo/expire-session', {});
    await page.getByRole('combobox', { name: 'Language' }).selectOption('EN'); // syncs the language: refused
    const notice = page.getByRole('alertdialog');
    await notice.getByText('Your session has ended').waitFor();
    assert.equal(await page.evaluate(() => sessionStorage.getItem('wps:session')), null);
    await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
    await notice.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/m\/login$/);
  });

  it('sends an old iOS home-screen app whose restored session is gone to /m/home, quietly', async () => {
    const iosHomeScreen = {
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 12_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    };
    context = await h.newContext(iosHomeScreen);
    // Safari's navigator.standalone, true in a home-screen app (a string: tsx would name the arrow).
    await context.addInitScript('Object.defineProperty(Navigator.prototype, "standalone", { get: () => true })');
    const page = await context.newPage();
    await logIn(page);
    assert.ok(await page.evaluate(() => localStorage.getItem('wps:session')), 'session kept in local storage there');
    await page.goto(`${h.server.url}/m/changePsw`);
    await page.getByRole('heading', { name: 'Change password', level: 2 }).waitFor();
    // Remembered once the page shows (an effect of the app), not when the URL changes.
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('wps:lastPath') ?? 'null') === '/m/changePsw');

    // Reopened at its start page with the session alive: back where the player was.
    await page.goto(`${h.server.url}/m/home`);
    await page.waitForURL(/\/m\/changePsw$/);
    await page.getByRole('heading', { name: 'Change password', level: 2 }).waitFor();

    await dev('/dev/members/demo/expire-session', {});
    await page.goto(`${h.server.url}/m/home`); // the app is reopened at its start URL
    await page.waitForFunction(() => localStorage.getItem('wps:session') === null);
    await page.waitForURL(/\/m\/home$/);
    // The stale page is forgotten (home may be remembered again as the page now shown).
    assert.notEqual(await page.evaluate(() => localStorage.getItem('wps:lastPath')), '"/m/changePsw"');
    await page.waitForTimeout(300);
    assert.equal(await page.getByRole('alertdialog').count(), 0, 'no please-login notice');
  });
});
