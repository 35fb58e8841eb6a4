/**
 * One calm screen (docs/product.md §2, "Layers" and "What opens by itself"), end to end against the
 * reference server on Pixel 7 and iPhone 13, in English and Urdu:
 * - every button of every dialog that opens by itself (each path of the install family, the image
 *   popup, the announcement, the app upgrade, the push prompt) and of the two-factor modal is the
 *   topmost element at its centre, and nothing outside the dialog is over its corners (the dialog's
 *   own rounded edge may clip one), with the mini-game ball moved onto each point and the
 *   unstable-line toast up: floating buttons and toasts sit under every dialog;
 * - a blocking status screen hides the overlay on screen; nothing opens by itself over a game;
 * - the first minutes of a visitor who becomes a new registrant: at most 3 overlays open by themselves
 *   on one visit, and going home and back three times brings none of them back.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { devices, type BrowserContext, type Page } from 'playwright-core';
import { startHarness, type Harness, until } from './harness.ts';

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

const UA = {
  ios12:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 12_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.0 Mobile/15E148 Safari/604.1',
  ios17:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iosChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/122.0.6261.89 Mobile/15E148 Safari/604.1',
  tiktokAndroid:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 trill_320203 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/trill app_version/32.2.3 ByteLocale/en BytedanceWebview/d8a21c6',
  tiktokIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_33.5.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US ByteFullLocale/en WKWebView/1 BytedanceWebview/d8a21c6',
  kwai: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Kwai/11.8.30.1022 ISLP/0 StatusHT/47 KDT/PHONE WebViewType/WK',
};

type Lang = 'EN' | 'UR';
type Device = 'Pixel 7' | 'iPhone 13';

/**
 * In the page: the dialogs on screen (through shadow roots), a log of every dialog that appeared
 * (kept in session storage, so it spans the app's navigations), and the covered-button probe.
 * A string: tsx would add its __name helper to a function, which the page does not have.
 */
const PROBE = `
(() => {
  const SELF = ['WPS-INSTALL-PROMPT', 'WPS-IOS-GUIDE', 'WPS-INAPP-GUIDE', 'WPS-IMAGE-POPUP', 'WPS-ANNOUNCEMENT',
    'WPS-NOTICE-POPUP', 'WPS-PUSH-PROMPT', 'WPS-APP-UPGRADE', 'WPS-DOWNLOAD-POPUP'];
  const dialogs = () => {
    const out = [];
    const walk = (root, host) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.matches('[role=dialog],[role=alertdialog]') || (host && SELF.includes(host.tagName) && el.matches('aside[aria-label]'))) {
          const r = el.getBoundingClientRect();
          if (r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden') out.push({ el, host });
        }
        if (el.shadowRoot) walk(el.shadowRoot, el);
      }
    };
    walk(document, null);
    return out;
  };
  const seen = new WeakSet();
  const LOG = 'e2e:overlays';
  setInterval(() => {
    for (const d of dialogs()) {
      if (seen.has(d.el)) continue;
      seen.add(d.el);
      const tag = d.host ? d.host.tagName : '';
      if (tag === 'WPS-MINI-GAME') continue;
      const images = [...d.el.querySelectorAll('img')].map((i) => i.getAttribute('src')).join(',');
      const log = JSON.parse(sessionStorage.getItem(LOG) || '[]');
      log.push({ tag: tag.toLowerCase(), self: SELF.includes(tag), text: (d.el.innerText || '').slice(0, 120) + '|' + images, path: location.pathname });
      sessionStorage.setItem(LOG, JSON.stringify(log));
    }
  }, 100);
  const deep = (x, y) => {
    let el = document.elementFromPoint(x, y);
    while (el && el.shadowRoot) {
      const inner = el.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === el) break;
      el = inner;
    }
    return el;
  };
  const name = (c) => (c.getAttribute('aria-label') || c.textContent || c.tagName).trim().slice(0, 40);
  window.__calm = {
    dialogs: () => dialogs().map((d) => (d.host ? d.host.tagName.toLowerCase() : '') + ': ' + (d.el.innerText || '').slice(0, 60)),
    /** Each control of each dialog on screen whose centre or a corner is not the topmost element there. */
    covered() {
      const ball = document.querySelector('wps-mini-game');
      const b = ball && ball.shadowRoot && ball.shadowRoot.querySelector('.b');
      const half = b ? b.getBoundingClientRect().width / 2 : 0;
      const bad = [];
      let checked = 0;
      for (const d of dialogs()) {
        if (d.host && d.host.tagName === 'WPS-MINI-GAME') continue;
        for (const c of d.el.querySelectorAll('button, a[href], select, [role=button], [role=tab]')) {
          const r = c.getBoundingClientRect();
          if (r.width < 4 || r.height < 4 || getComputedStyle(c).visibility === 'hidden') continue;
          // Corners inside the rounded shape (hit testing follows border-radius): 0.3 of the radius in.
          const radius = parseFloat(getComputedStyle(c).borderTopLeftRadius) || 0;
          const rad = String(getComputedStyle(c).borderTopLeftRadius).endsWith('%') ? (radius / 100) * Math.min(r.width, r.height) : radius;
          const i = Math.min(Math.min(rad, r.height / 2) * 0.3 + 2, r.width / 4, r.height / 4);
          const points = [
            [r.left + r.width / 2, r.top + r.height / 2],
            [r.left + i, r.top + i],
            [r.right - i, r.top + i],
            [r.left + i, r.bottom - i],
            [r.right - i, r.bottom - i],
          ].filter(([x, y]) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight);
          for (const [k, [x, y]] of points.entries()) {
            // The ball moved right onto the point: it must stay under the dialog.
            if (b) {
              b.style.transition = 'none';
              b.style.transform = 'translate(' + (x - half) + 'px,' + (y - half) + 'px)';
            }
            const hit = deep(x, y);
            checked++;
            if (hit && (hit === c || c.contains(hit))) continue;
            // A corner may fall where the dialog's own rounded edge clips the button; nothing else may be there.
            const own = hit && (d.host ? hit.getRootNode() === d.host.shadowRoot : d.el.contains(hit));
            if (k > 0 && own) continue;
            const where = hit ? (hit.getRootNode().host ? hit.getRootNode().host.tagName + ' ' : '') + hit.tagName + '.' + hit.className : 'nothing';
            bad.push(name(c) + ' at ' + Math.round(x) + ',' + Math.round(y) + ' under ' + where);
          }
        }
      }
      return { checked, bad };
    },
    log: () => JSON.parse(sessionStorage.getItem(LOG) || '[]'),
  };
})();
`;

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

async function newPage(device: Device, lang: Lang, options: { userAgent?: string; prompt?: boolean } = {}): Promise<Page> {
  context = await h.newContext({ ...devices[device], ...(options.userAgent ? { userAgent: options.userAgent } : {}) });
  await context.addInitScript(`localStorage.setItem('wps:language', '"${lang}"');`);
  if (options.prompt) {
    // Chromium fires no beforeinstallprompt for a test server: fire one as the real browser does.
    await context.addInitScript(`
      document.addEventListener('DOMContentLoaded', function () {
        var event = new Event('beforeinstallprompt', { cancelable: true });
        event.prompt = function () { return Promise.resolve(); };
        event.userChoice = Promise.resolve({ outcome: 'dismissed' });
        window.dispatchEvent(event);
      });
    `);
  }
  await context.addInitScript(PROBE);
  return context.newPage();
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
      const page = await newPage('Pixel 7', lang);
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
    const page = await newPage('Pixel 7', 'EN');
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

/** Answers whatever opened by itself (Escape, else its close or decline button, as a player would), for `ms`. */
async function answerOverlays(page: Page, ms: number) {
  const end = Date.now() + ms;
  const SELF = /^wps-(install-prompt|ios-guide|inapp-guide|image-popup|announcement|push-prompt|app-upgrade)/;
  const openSelf = async () =>
    (await page.evaluate(() => (window as any).__calm.dialogs() as string[])).find((d) => SELF.test(d));
  while (Date.now() < end) {
    const open = await openSelf();
    if (open) {
      const tag = open.slice(0, open.indexOf(':'));
      await page.waitForTimeout(300);
      await page.keyboard.press('Escape');
      await page.waitForTimeout(300);
      if ((await openSelf())?.startsWith(tag)) {
        const close = page.locator(
          `${tag} [part~="close"], ${tag} button:text-matches("Continue in the browser|Not now|Later|Got it")`,
        );
        if (await close.count()) await close.first().click();
      }
    }
    await page.waitForTimeout(250);
  }
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
  await answerOverlays(page, ms);
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
      await answerOverlays(page, 14000);
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
      await answerOverlays(page, 8000);
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
