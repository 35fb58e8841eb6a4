/**
 * One calm screen (docs/product.md §2, "Layers" and "What opens by itself"), end to end against the
 * reference server on Pixel 7 and iPhone 13, in English and Urdu:
 * - every button of every dialog that opens by itself (each path of the install family, the image
 *   popup, the announcement, the app upgrade, the push prompt) and of the two-factor modal is the
 *   topmost element at its centre, and nothing outside the dialog is over its corners (the dialog's
 *   own rounded edge may clip one), with the mini-game ball moved onto each point and the
 *   unstable-line toast up: floating buttons and toasts sit under every dialog;
 * - a blocking status screen hides the overlay on screen; nothing opens by itself over a game.
 *
 * The first minutes of a new player (the attention budget) are attention-budget.test.ts.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { devices, type BrowserContext, type Page } from 'playwright-core';
import { startHarness, type Harness, until, withFullChromium } from './harness.ts';
import { answerOverlays, calmPage, UA, type Device, type Lang } from './calm.ts';

let h: Harness;
/** The tests where the push prompt could ask: it asks only in the full browser (harness.ts). */
let full: Harness | undefined;
let context: BrowserContext | undefined;

before(async () => {
  h = await startHarness();
});
after(async () => {
  await full?.close();
  await h?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
  await fetch(`${h.server.url}/dev/reset`, { method: 'POST' }).then((r) => r.text());
});

/** The mini-game ball on any page (as a merchant page adds it), so every dialog meets it. */
const ADD_BALL = `
  if (!document.querySelector('wps-mini-game')) {
    document.body.append(document.createElement('wps-mini-game'));
  }
  if (!document.querySelector('script[src="/mini-game/minigame.js"]')) {
    const s = document.createElement('script');
    s.src = '/mini-game/minigame.js';
    document.head.append(s);
  }
`;

async function newPage(
  device: Device,
  lang: Lang,
  options: { userAgent?: string; prompt?: boolean; push?: boolean } = {},
): Promise<Page> {
  let page: Page;
  const on = options.push ? (full ??= await withFullChromium(h)) : h;
  ({ context, page } = await calmPage(on, device, lang, options));
  return page;
}

async function dev(path: string, body: unknown) {
  const res = await fetch(`${h.server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200, `${path}: ${await res.text()}`);
}

/** Waits until a dialog of `tag` is on screen, then checks that nothing covers any of its buttons. */
async function assertUncovered(page: Page, tags: string | string[], what: string) {
  const hosts = [tags].flat();
  await until(
    `${what}: <${hosts.join('|')}> on screen`,
    async () =>
      (await page.evaluate(() => (window as any).__calm.dialogs() as string[])).some((d) =>
        hosts.some((t) => d.startsWith(`${t}:`)),
      ) || undefined,
  );
  await page.evaluate(ADD_BALL);
  await page.waitForFunction(() => !!document.querySelector('wps-mini-game')?.shadowRoot?.querySelector('.b'));
  // The dialog's own entrance (250 ms) has ended.
  await page.waitForTimeout(400);
  const { checked, bad } = await page.evaluate(() => (window as any).__calm.covered() as { checked: number; bad: string[] });
  assert.ok(checked >= 5, `${what}: some buttons checked (${checked})`);
  assert.deepEqual(bad, [], `${what}: covered buttons`);
}

async function logIn(page: Page, username: string, password: string) {
  await page.goto(`${h.server.url}/m/login`);
  const form = page.locator('wps-login-form');
  await form.locator('input[autocomplete="username"]').fill(username);
  await form.locator('input[autocomplete="current-password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}

describe('one layering: every button of every dialog is on top (ball moved onto it, toast up)', () => {
  const installPaths: { name: string; device: Device; userAgent?: string; prompt?: boolean; tag: string }[] = [
    { name: 'Android, the browser dialog', device: 'Pixel 7', prompt: true, tag: 'wps-install-prompt' },
    { name: 'Android, the steps', device: 'Pixel 7', tag: 'wps-install-prompt' },
    { name: 'iOS 17.4 Safari, the footer guide', device: 'iPhone 13', userAgent: UA.ios17, tag: 'wps-ios-guide' },
    { name: 'iOS 12 Safari, the guide', device: 'iPhone 13', userAgent: UA.ios12, tag: 'wps-ios-guide' },
    { name: 'Chrome on iOS', device: 'iPhone 13', userAgent: UA.iosChrome, tag: 'wps-ios-guide' },
    { name: 'TikTok on Android', device: 'Pixel 7', userAgent: UA.tiktokAndroid, tag: 'wps-inapp-guide' },
    { name: 'TikTok on iOS', device: 'iPhone 13', userAgent: UA.tiktokIos, tag: 'wps-inapp-guide' },
    { name: 'Kwai on iOS', device: 'iPhone 13', userAgent: UA.kwai, tag: 'wps-inapp-guide' },
  ];
  // Each path in one language, the two alternating, so both devices meet Urdu.
  for (const [i, p] of installPaths.entries()) {
    const lang = i % 2 === 0 ? 'EN' : 'UR';
    it(`install family, ${p.name}, ${lang}`, async () => {
      // The unstable-line toast comes up while the offer is on screen.
      await dev('/dev/ping', { mode: 'fail' });
      const page = await newPage(p.device, lang, p);
      await page.goto(`${h.server.url}/m/home`);
      await assertUncovered(page, p.tag, p.name);
    });
  }

  for (const [device, lang] of [
    ['Pixel 7', 'EN'],
    ['iPhone 13', 'UR'],
  ] as const) {
    it(`image popup and announcement, ${device}, ${lang}`, async () => {
      await dev('/dev/site-settings', { installSupport: false });
      await dev('/dev/ping', { mode: 'fail' });
      const page = await newPage(device, lang);
      await page.goto(`${h.server.url}/m/home`);
      await assertUncovered(page, 'wps-image-popup', 'image popup');
      // Closed twice (two images), then the visitor's announcement has its turn.
      for (let i = 0; i < 2; i++) {
        await page.locator('wps-image-popup button[part="close"]').click();
        await page.waitForTimeout(300);
      }
      await assertUncovered(page, 'wps-announcement', 'announcement');
    });

    it(`app upgrade, ${device}, ${lang}`, async () => {
      const ua = `${devices[device]!.userAgent} WPSApp/2.4.10`;
      const page = await newPage(device, lang, { userAgent: ua });
      await page.goto(`${h.server.url}/m/home`);
      await assertUncovered(page, 'wps-app-upgrade', 'app upgrade');
    });

    it(`two-factor modal, ${device}, ${lang}`, async () => {
      const page = await newPage(device, lang);
      await logIn(page, 'guard', 'Guard1234');
      await assertUncovered(page, ['wps-two-factor', 'wps-login-form'], 'two-factor');
    });
  }

  for (const lang of ['EN', 'UR'] as const) {
    it(`push prompt, Pixel 7, ${lang}`, async () => {
      const page = await newPage('Pixel 7', lang, { push: true });
      // The install offer and the download-image popups are answered this session: a popup open on
      // home would take the tap on the bottom navigation (a player closes it first).
      await context!.addInitScript(`sessionStorage.setItem('wps:installSkipped', 'true');`);
      await context!.addInitScript(`sessionStorage.setItem('wps:imagePopupSaved', 'true');`);
      await logIn(page, 'demo', 'Demo1234');
      await page.waitForURL(/\/m\/home/);
      await page.waitForFunction(() => sessionStorage.getItem('wps:pageViews') === '1', undefined, { timeout: 15000 });
      // The member's announcement opens on home by itself: the player answers it, then goes on.
      await answerOverlays(page, 3500);
      await page.locator('.bottom-nav a[href^="/m/game"]').click(); // the second page view
      await assertUncovered(page, 'wps-push-prompt', 'push prompt');
    });
  }
});

describe('a blocking status screen and a game come first', () => {
  it('the domain error comes first: no image popup opens over it; back from it, the popup comes', async () => {
    await dev('/dev/site-settings', { installSupport: false });
    await dev('/dev/domain-unavailable', { on: true });
    const page = await newPage('Pixel 7', 'EN');
    await page.goto(`${h.server.url}/m/home`);
    const modal = page.locator('wps-domain-error').getByRole('alertdialog');
    await modal.waitFor({ timeout: 10000 });
    const popup = page.getByRole('dialog', { name: 'Announcement image' });
    await page.waitForTimeout(4000); // past the popups' 500 ms load and the 2 s install decision
    assert.equal(await popup.count(), 0, 'the popup waits behind the status screen');
    const { bad } = await page.evaluate(() => (window as any).__calm.covered() as { bad: string[] });
    assert.deepEqual(bad, []);
    await dev('/dev/domain-unavailable', { on: false });
    await modal.getByRole('button', { name: 'Retry' }).click();
    await modal.waitFor({ state: 'hidden' });
    await popup.waitFor({ timeout: 5000 });
  });

  it('nothing opens by itself over a game: a failed launch keeps its error and Retry on top', async () => {
    await dev('/dev/games', { launchMode: 'fail' });
    const page = await newPage('Pixel 7', 'EN', { push: true });
    await context!.addInitScript(`sessionStorage.setItem('wps:installSkipped', 'true');`);
    await context!.addInitScript(`sessionStorage.setItem('wps:imagePopupSaved', 'true');`);
    await logIn(page, 'demo', 'Demo1234');
    await page.waitForURL(/\/m\/home/);
    await page.waitForFunction(() => sessionStorage.getItem('wps:pageViews') === '1', undefined, { timeout: 15000 });
    // The game is the second page view, where the push prompt would ask.
    await page.evaluate(() => {
      history.pushState(null, '', '/m/launchGame?vendor=LOTT&code=LUCKY5D');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.waitFor({ timeout: 10000 });
    await page.waitForTimeout(6000); // past the push prompt's delay on a settled page
    assert.equal(await page.locator('wps-push-prompt').getByRole('dialog').count(), 0, 'no push prompt over the game');
    const box = (await retry.boundingBox())!;
    const top = await page.evaluate(
      ([x, y]) => {
        let el = document.elementFromPoint(x!, y!);
        while (el?.shadowRoot?.elementFromPoint(x!, y!) && el.shadowRoot.elementFromPoint(x!, y!) !== el)
          el = el.shadowRoot.elementFromPoint(x!, y!);
        return el?.textContent?.trim();
      },
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    assert.equal(top, 'Retry');
  });
});
