/**
 * What the calm-screen tests share (docs/product.md §2, "Layers" and "What opens by itself"): the
 * in-page probe that lists and logs dialogs and finds covered buttons, a phone page with it, and a
 * player's way of answering what opens by itself. Used by calm-screen.test.ts and
 * attention-budget.test.ts, which run side by side.
 */
import { devices, type BrowserContext, type Page } from 'playwright-core';
import type { Harness } from './harness.ts';

export const UA = {
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

export type Lang = 'EN' | 'UR';
export type Device = 'Pixel 7' | 'iPhone 13';

/**
 * In the page: the dialogs on screen (through shadow roots), a log of every dialog that appeared
 * (kept in session storage, so it spans the app's navigations), and the covered-button probe.
 * A string: tsx would add its __name helper to a function, which the page does not have.
 */
export const PROBE = `
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

/** A phone (`device`) in `lang`, with the probe; `prompt`: the browser offers install, as Chrome does. */
export async function calmPage(
  h: Harness,
  device: Device,
  lang: Lang,
  options: { userAgent?: string; prompt?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.newContext({ ...devices[device], ...(options.userAgent ? { userAgent: options.userAgent } : {}) });
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
  return { context, page: await context.newPage() };
}

/**
 * Answers whatever opened by itself (Escape, else its close or decline button, as a player would), for
 * `ms` of the page's time. `fast`, on a page whose clock `page.clock.install()` took over: the page's
 * timers are run ahead instead of waited for, each step leaving 40 ms of real time to the network and
 * the rendering, so a 14 s visit costs about 3 s.
 */
export async function answerOverlays(page: Page, ms: number, { fast = false }: { fast?: boolean } = {}) {
  const SELF = /^wps-(install-prompt|ios-guide|inapp-guide|image-popup|announcement|push-prompt|app-upgrade)/;
  const openSelf = async () =>
    (await page.evaluate(() => (window as any).__calm.dialogs() as string[])).find((d) => SELF.test(d));
  const start = Date.now();
  let ran = 0;
  const pass = async (step: number) => {
    if (!fast) return page.waitForTimeout(step);
    await page.clock.runFor(step);
    ran += step;
    await page.waitForTimeout(40);
  };
  while (fast ? ran < ms : Date.now() - start < ms) {
    const open = await openSelf();
    if (open) {
      const tag = open.slice(0, open.indexOf(':'));
      await pass(300);
      await page.keyboard.press('Escape');
      await pass(300);
      if ((await openSelf())?.startsWith(tag)) {
        const close = page.locator(
          `${tag} [part~="close"], ${tag} button:text-matches("Continue in the browser|Not now|Later|Got it")`,
        );
        if (await close.count()) await close.first().click();
      }
    }
    await pass(250);
  }
}
