/**
 * Home engagement end to end (docs/engagement.md; docs/product.md §2, §4, §5, §6, §9) against the
 * real server: an announcement published on /dev/ shows on /m/home, 'do not show again today' keeps
 * it away until the next local midnight of the player's own time zone (Manila, where that midnight
 * is not UTC's), its HTML runs nothing under the page's real CSP; a member sees the A popups, the VIP
 * badge, the unread chat count and reaches the demo chat page and back; /m/activity lists and opens
 * promotions.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { startHarness, trackNetwork, type Harness } from './harness.ts';

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
  await fetch(`${h.server.url}/dev/reset`, { method: 'POST' }).then((r) => r.text());
});

const TIME_ZONE = 'Asia/Manila'; // UTC+8, no daylight saving

/**
 * English, and the install offer already answered this session; unless `images`, the download-image
 * popups (which go before the announcement) already saved this session too.
 */
async function newPage({ images = false } = {}): Promise<Page> {
  context = await h.newContext({ timezoneId: TIME_ZONE });
  await context.addInitScript(`
    localStorage.setItem('wps:language', '"EN"');
    sessionStorage.setItem('wps:installSkipped', 'true');
    ${images ? '' : "sessionStorage.setItem('wps:imagePopupSaved', 'true');"}
  `);
  return context.newPage();
}

async function devPost(path: string, body: unknown) {
  const res = await fetch(`${h.server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200, `${path}: ${await res.text()}`);
}

/** Publishes an announcement through the /dev/ page's form, as a tester would. */
async function publishOnDevPage(page: Page, fields: { title: string; content: string; execution: 'A' | 'B' | 'F' }) {
  await page.goto(`${h.server.url}/dev/`);
  const form = page.locator('#announcements form[action="/dev/announcements"]');
  await form.getByLabel('Title').fill(fields.title);
  await form.getByLabel('Content (HTML)').fill(fields.content);
  await form.getByLabel('Shown to').selectOption(fields.execution);
  await form.getByRole('button', { name: 'Publish' }).click();
  await page.locator('#announcements-table').getByText(fields.title).waitFor();
}

const popup = (page: Page, title: string) => page.locator('wps-announcement').getByRole('dialog', { name: title });

async function logIn(page: Page) {
  await page.goto(`${h.server.url}/m/login`);
  const form = page.locator('wps-login-form');
  await form.getByLabel('Username', { exact: true }).fill('demo');
  await form.getByLabel('Password', { exact: true }).fill('Demo1234');
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: /^Welcome( back)?, demo$/ }).waitFor();
}

describe('the announcement popup', () => {
  it("published on /dev/, shown on /m/home; 'do not show again today' holds over a reload until the player's midnight", async () => {
    await devPost('/dev/announcements/clear', {});
    const page = await newPage();
    const title = 'Lucky draw tonight';
    await publishOnDevPage(page, { title, content: '<p>Draw at <b>21:00</b>.</p>', execution: 'B' });

    // 22:30 in Manila (14:30 UTC).
    await page.clock.setFixedTime(new Date('2026-11-25T22:30:00+08:00'));
    await page.goto(`${h.server.url}/m/home`);
    const dialog = popup(page, title);
    await dialog.waitFor();
    assert.equal(await dialog.locator('b').textContent(), '21:00', 'the HTML is rendered, sanitised');
    await dialog.getByLabel('Do not show again today').check();
    await dialog.getByRole('button', { name: 'I know' }).click();
    await dialog.waitFor({ state: 'detached' });
    const key = await page.evaluate(() => JSON.parse(localStorage.getItem('SHELL_PU_B') ?? 'null'));
    assert.equal(key?.hideTime, Date.parse('2026-11-25T22:30:00+08:00'), 'SHELL_PU_B keeps the hide time');

    // 23:59 the same night: a reload does not show it.
    await page.clock.setFixedTime(new Date('2026-11-25T23:59:00+08:00'));
    const net = trackNetwork(page);
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await net.quiet(700);
    assert.ok(net.to('MCSFE_getListAnnouncements').length > 0, 'the announcements were asked for');
    await page.waitForTimeout(1200); // past the 1000 ms popup delay after the answer
    assert.equal(await popup(page, title).count(), 0, 'not shown before midnight');

    // 00:00:30 in Manila, still 16:00 of the 25th in UTC: shown again.
    await page.clock.setFixedTime(new Date('2026-11-26T00:00:30+08:00'));
    await page.reload();
    await popup(page, title).waitFor();
  });

  it('server HTML runs nothing in the real page, under its CSP: the visitor sees the text, the payloads stay inert', async () => {
    await devPost('/dev/announcements/clear', {});
    const payloads = [
      '<img src=x onerror="window.__xss=1">',
      '<svg><script>window.__xss=2</script></svg>',
      '<a href="javascript:window.__xss=3">tap me</a>',
      '<iframe srcdoc="<script>parent.__xss=4</script>"></iframe>',
      '<form id="__xss"><input name="x"></form>',
      '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=5">',
      '<details open ontoggle="window.__xss=6">',
    ];
    await devPost('/dev/announcements', {
      title: 'Safe news',
      content: `<p>Plain words stay.</p>${payloads.join('')}`,
      execution: 'B',
    });
    const page = await newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${h.server.url}/m/home`);
    const dialog = popup(page, 'Safe news');
    await dialog.waitFor();
    await dialog.getByText('Plain words stay.').waitFor();
    const link = dialog.getByText('tap me');
    if ((await link.count()) > 0) await link.click();
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), undefined, 'no payload ran');
    assert.equal(await dialog.locator('script, iframe, form, svg, math, [onerror], [ontoggle]').count(), 0);
    assert.equal(new URL(page.url()).pathname, '/m/home', 'the javascript: link led nowhere');
    assert.deepEqual(errors, []);
  });
});

describe('a member on /m/home', () => {
  it('sees the image popups, then the A popups with the promotion button, the VIP badge, the unread chat count, and reaches chat and back', async () => {
    await devPost('/dev/announcements/clear', {});
    // Published newest first: the list shows the first-deposit popup first.
    await devPost('/dev/announcements', { title: 'Planned maintenance', content: '<p>Sunday 02:00.</p>', execution: 'B' });
    await devPost('/dev/announcements', { title: 'Weekend draw', content: '<p>Saturday 20:00.</p>', execution: 'A' });
    await devPost('/dev/announcements', {
      title: 'First deposit bonus 100%',
      content: '<p>Deposit now and we <b>match it</b>.</p>',
      execution: 'A',
      promotionType: 'FIRST_DEPOSIT',
      promotionId: 'FIRST_DEPOSIT',
    });
    const page = await newPage({ images: true });
    await logIn(page);
    await page.goto(`${h.server.url}/m/home`);

    // One overlay at a time: the download-image popups (m_popup1, m_popup2) first.
    const image = page.getByRole('dialog', { name: 'Announcement image' });
    for (let i = 0; i < 2; i++) {
      await image.waitFor();
      assert.equal(await page.locator('wps-announcement').getByRole('dialog').count(), 0, 'the announcement waits');
      await image.getByRole('button', { name: /^Close/ }).click();
      await page.waitForTimeout(100);
    }

    // The seeded A items: the first-deposit popup leads to its promotion.
    const dialog = page.locator('wps-announcement').getByRole('dialog');
    await dialog.waitFor();
    assert.equal(
      await page.locator('wps-announcement').getByRole('heading', { name: 'Planned maintenance' }).count(),
      0,
      'no B item for a member',
    );
    const heading = page.locator('wps-announcement').getByRole('heading', { level: 2 });
    assert.equal(await heading.textContent(), 'First deposit bonus 100%');
    await dialog.getByRole('button', { name: 'Next announcement' }).click();
    await page.locator('wps-announcement').getByRole('heading', { name: 'Weekend draw' }).waitFor();
    await dialog.getByRole('button', { name: 'Previous announcement' }).click();
    await page.locator('wps-announcement').getByRole('heading', { name: 'First deposit bonus 100%' }).waitFor();

    // The VIP badge: the seeded label and progress (3 of 5 towards the next label).
    const badge = page.locator('wps-vip-badge');
    await badge.getByText(/VIP2/).waitFor();
    assert.equal(await badge.getByRole('progressbar').getAttribute('aria-valuenow'), '60');

    // The chat button: two unread messages, in its accessible name.
    const chat = page.locator('wps-chat-button').getByRole('button');
    await chat.and(page.getByRole('button', { name: /2/ })).waitFor();

    await dialog.getByRole('button', { name: 'Go to the promotion' }).click();
    await page.waitForURL(/\/m\/activity\?id=/);
    await page.getByRole('heading', { name: 'First deposit bonus 100%' }).first().waitFor();

    await page.goto(`${h.server.url}/m/home`);
    await chat.click();
    await page.waitForURL(/\/dev\/chat|\/chat/);
    const back = page.getByRole('link', { name: /Back/ });
    await back.waitFor();
    await back.click();
    await page.waitForURL(/\/m\/home$/);
    await page.getByRole('heading', { name: /^Welcome( back)?, demo$/ }).waitFor();
  });
});

describe('no dead end from home', () => {
  it('every link of the home page, the navigation and the referral button lead to a built page, never the not-found page', async () => {
    await devPost('/dev/announcements/clear', {});
    const page = await newPage();
    await logIn(page);
    await page.goto(`${h.server.url}/m/home`);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.locator('.quick').waitFor();
    const hrefs = await page.evaluate(() =>
      [...new Set([...document.querySelectorAll('main a[href], nav a[href]')].map((a) => a.getAttribute('href') ?? ''))].filter(
        (href) => href.startsWith('/m'),
      ),
    );
    assert.ok(hrefs.length >= 4, `home's own links: ${hrefs}`);
    const notFound = page.getByRole('heading', { name: 'Page not found' });
    for (const href of hrefs) {
      await page.goto(`${h.server.url}${href}`);
      await page.locator('main').waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await notFound.count(), 0, `${href} is the not-found page`);
    }
    // The referral button leads to a page (or customer service), or is left out while its page is not built.
    await page.goto(`${h.server.url}/m/home`);
    await page.locator('.quick').waitFor();
    const referral = page.locator('.quick button[data-target]');
    if ((await referral.count()) > 0 && (await referral.getAttribute('data-target')) !== 'customerService') {
      await referral.click();
      await page.waitForLoadState('networkidle');
      assert.equal(await notFound.count(), 0, 'the referral button led to the not-found page');
    }
  });
});

describe('/m/activity', () => {
  it('a member sees the list with its type chips, opens one, and an unknown id says so with the way back', async () => {
    const page = await newPage();
    await logIn(page);
    await page.goto(`${h.server.url}/m/activity`);
    const list = page.getByRole('main');
    await list.getByRole('button', { name: /Referral/ }).waitFor();
    assert.equal(await list.getByRole('button', { name: /^All/ }).getAttribute('aria-pressed'), 'true');
    await list.getByRole('link', { name: /Welcome bonus: 20 free credits/ }).click();
    await page.waitForURL(/\/m\/activity\?id=/);
    await page.getByRole('heading', { name: 'Welcome bonus: 20 free credits' }).first().waitFor();

    await page.goto(`${h.server.url}/m/activity?id=999999`);
    await page.getByText(/ended or does not exist/i).waitFor();
  });

  it('a failed load says so with Retry, and Retry brings the list; a chip filters by type', async () => {
    const page = await newPage();
    await logIn(page);
    await page.route('**/wps/relay/MCSFE_getPromotionList*', (route) => route.abort('connectionfailed'));
    await page.goto(`${h.server.url}/m/activity`);
    await page.getByText('The promotions could not be loaded.').waitFor();
    await page.unroute('**/wps/relay/MCSFE_getPromotionList*');
    await page.getByRole('button', { name: 'Retry' }).click();
    const main = page.getByRole('main');
    await main.getByRole('link', { name: /Welcome bonus: 20 free credits/ }).waitFor();
    await main.getByRole('button', { name: /^Referral/ }).click();
    await main.getByRole('link', { name: /Invite friends, earn 50 each/ }).waitFor();
    assert.equal(await main.getByRole('link', { name: /Welcome bonus/ }).count(), 0, 'the other types are filtered out');
  });

  it('a visitor is sent to /m/login (the route needs a session)', async () => {
    const page = await newPage();
    await page.goto(`${h.server.url}/m/activity`);
    await page.waitForURL(/\/m\/login/);
  });
});
