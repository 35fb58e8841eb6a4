/**
 * The first five minutes of a new player (docs/product.md §2, "What opens by itself"), end to end on
 * Pixel 7 and iPhone 13: a visitor who becomes a new registrant sees at most 3 overlays open by
 * themselves on one visit, and going home and back three times brings none of them back. The
 * overlays are answered as a player would (calm.ts, answerOverlays); the page's own timers (the
 * install prompt's 2 s, the popups' delays, the push prompt's wait for a settled page) are run ahead
 * on Playwright's clock rather than waited for: about 65 s of the page's time per phone.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { startHarness, type Harness } from './harness.ts';
import { answerOverlays, calmPage, type Device, type Lang } from './calm.ts';

let h: Harness;
let context: BrowserContext | undefined;

before(async () => {
  // The push prompt asks only in the full browser (harness.ts, fullChromium).
  h = await startHarness({}, { fullChromium: true });
});
after(async () => {
  await h?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
  await fetch(`${h.server.url}/dev/reset`, { method: 'POST' }).then((r) => r.text());
});

async function newPage(device: Device, lang: Lang, options: { prompt?: boolean } = {}): Promise<Page> {
  let page: Page;
  ({ context, page } = await calmPage(h, device, lang, options));
  await page.clock.install();
  return page;
}

interface Logged {
  tag: string;
  self: boolean;
  text: string;
  path: string;
}
const selfLog = async (page: Page) =>
  ((await page.evaluate(() => (window as any).__calm.log())) as Logged[]).filter((l) => l.self);

/** An in-app navigation (the router's own history), then `ms` of answering what opens. */
async function visit(page: Page, path: string, ms: number) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
  await answerOverlays(page, ms, { fast: true });
}

describe('the first five minutes of a new player: the attention budget', () => {
  for (const device of ['Pixel 7', 'iPhone 13'] as const) {
    it(`${device}: a visitor, then a new registrant; at most 3 by themselves per visit, none comes back`, async () => {
      const page = await newPage(device, 'EN', { prompt: device === 'Pixel 7' });
      const perVisit: number[] = [];
      let before = 0;
      const count = async () => {
        const n = (await selfLog(page)).length;
        perVisit.push(n - before);
        before = n;
      };
      await page.goto(`${h.server.url}/m/home`);
      await answerOverlays(page, 14000, { fast: true });
      await count();
      assert.ok(perVisit[0]! >= 2, `the first visit offers something (${perVisit[0]})`);
      for (let i = 0; i < 3; i++) {
        await visit(page, '/m/appDownload', 1500);
        await count();
        await visit(page, '/m/home', 5000);
        await count();
      }

      await page.goto(`${h.server.url}/m/register`);
      await page.getByLabel('Username', { exact: true }).fill(`calm${Date.now() % 1_000_000}`);
      await page.getByLabel('Password', { exact: true }).fill('Secret123');
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
      await page.waitForURL(/\/m\/home/);
      await answerOverlays(page, 8000, { fast: true });
      await count();
      for (let i = 0; i < 3; i++) {
        // The first is the second page view, where the push prompt asks once the page has settled.
        await visit(page, '/m/game', i === 0 ? 6000 : 1500);
        await count();
        await visit(page, '/m/home', 5000);
        await count();
      }

      const log = await selfLog(page);
      for (const [i, n] of perVisit.entries()) assert.ok(n <= 3, `visit ${i}: ${n} opened by themselves (at most 3)`);
      const texts = log.map((l) => `${l.tag} ${l.text}`);
      assert.deepEqual(
        texts.filter((t, i) => texts.indexOf(t) !== i),
        [],
        `nothing comes back; seen: ${texts.join(' / ')}`,
      );
      assert.ok(log.length <= 7, `in all ${log.length}: ${texts.join(' / ')}`);
    });
  }
});
