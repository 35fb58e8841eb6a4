/**
 * Tap targets end to end (issue 32; docs/product.md, "Tap targets"): on Pixel 7 and iPhone 13, every
 * interactive element of /m/home, /m/login and /m/member/home (signed in as demo), and inside the
 * announcement popup and the customer-service sheet on home, is at least 44 x 44 CSS px, or has a hit
 * area that large: the points of a 44 px square centred on it (centre, edges, corners, 21 px out) all
 * hit it or something inside it (`elementFromPoint` of its own root, through shadow roots). Both phones
 * in English, Pixel 7 in Urdu. DEBUG_TAP=1 also lists how many were checked and which pass by hit area.
 *
 * Interactive: a[href], button, input (a checkbox, radio or file input with a label is tapped through
 * its label, which is checked instead), select, textarea, summary, [role=button], [role=tab], and a
 * label of a checkbox or radio. Hidden ones (no box, visibility hidden, inert, aria-hidden, a slide
 * off screen) are left out.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { devices, type BrowserContext, type Locator, type Page } from 'playwright-core';
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
});

type Device = 'Pixel 7' | 'iPhone 13';
/** Both phones in English, and Pixel 7 in Urdu (right to left, longer words). */
const RUNS: [Device, 'EN' | 'UR'][] = [
  ['Pixel 7', 'EN'],
  ['iPhone 13', 'EN'],
  ['Pixel 7', 'UR'],
];

async function newPage(device: Device, language: string): Promise<Page> {
  const { defaultBrowserType: _, ...descriptor } = devices[device];
  context = await h.newContext({ ...descriptor, locale: 'en-US' });
  // The install offers and the image popups have their own tests (install, engagement): answered here.
  // __name: tsx names the functions this test runs in the page with a helper the page lacks.
  await context.addInitScript(`
    globalThis.__name = globalThis.__name || function (f) { return f; };
    localStorage.setItem('wps:language', '"${language}"');
    sessionStorage.setItem('wps:installSkipped', 'true');
    sessionStorage.setItem('wps:imagePopupSaved', 'true');
  `);
  return context.newPage();
}

/**
 * The interactive elements under `scope` (a selector; through every shadow root) that are smaller than
 * 44 x 44 and whose 44 px square around the centre hits something else somewhere. Runs in the page.
 */
async function smallTargets(page: Page, scope = 'body'): Promise<string[]> {
  // Laid out and settled (fonts, lazy chunks, the carousel's first slide).
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  return page.evaluate(
    async ([scopeSelector, DEBUG]) => {
      const MIN = 44;
      const REACH = MIN / 2 - 1;
      const SELECTOR = [
        'a[href]',
        'button',
        'input:not([type="hidden"])',
        'select',
        'textarea',
        'summary',
        '[role="button"]',
        '[role="tab"]',
        'label',
      ].join(',');

      const found: Element[] = [];
      const walk = (root: Document | ShadowRoot | Element) => {
        for (const el of Array.from(root.querySelectorAll('*'))) {
          if (el.matches(SELECTOR)) found.push(el);
          if (el.shadowRoot) walk(el.shadowRoot);
        }
      };
      const scope = document.querySelector(scopeSelector);
      if (!scope) return [`no ${scopeSelector}`];
      walk(scope.shadowRoot ?? scope);
      if (scope.shadowRoot) for (const el of Array.from(scope.querySelectorAll('*'))) if (el.matches(SELECTOR)) found.push(el);

      /** Up the tree, through shadow hosts. */
      const ancestors = function* (el: Element) {
        for (let n: Node | null = el; n; n = n instanceof ShadowRoot ? n.host : n.parentNode) if (n instanceof Element) yield n;
      };
      const hidden = (el: Element) => {
        for (const a of ancestors(el)) if (a.hasAttribute('inert') || a.getAttribute('aria-hidden') === 'true') return true;
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return style.visibility === 'hidden' || box.width === 0 || box.height === 0;
      };
      const toggles = (el: Element) => el instanceof HTMLInputElement && ['checkbox', 'radio', 'file'].includes(el.type);
      const targets = found.filter((el) => {
        if (el instanceof HTMLLabelElement) return el.control !== null && toggles(el.control);
        // A checkbox, radio or file input with a label is tapped through the label (checked instead).
        if (toggles(el) && (el as HTMLInputElement).labels!.length > 0) return false;
        return true;
      });

      const describe = (el: Element) => {
        const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
        const host = (el.getRootNode() as ShadowRoot).host?.tagName.toLowerCase();
        return `${host ? `${host} ` : ''}${el.tagName.toLowerCase()}${cls} "${text}"`;
      };

      const problems: string[] = DEBUG ? [`${targets.length} targets`] : [];
      for (const el of targets) {
        if (hidden(el)) continue;
        let box = el.getBoundingClientRect();
        if (box.width >= MIN - 0.5 && box.height >= MIN - 0.5) continue;
        el.scrollIntoView({ block: 'center', inline: 'nearest' });
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        box = el.getBoundingClientRect();
        // A slide of a carousel that is not the current one: off screen sideways.
        if (box.right <= 0 || box.left >= innerWidth) continue;
        const root = el.getRootNode() as Document | ShadowRoot;
        const cx = box.left + box.width / 2;
        const cy = box.top + box.height / 2;
        const misses: string[] = [];
        for (const dx of [-REACH, 0, REACH]) {
          for (const dy of [-REACH, 0, REACH]) {
            const hit = root.elementFromPoint(cx + dx, cy + dy);
            if (!hit || !(hit === el || el.contains(hit))) misses.push(`${dx},${dy}→${hit ? describe(hit) : 'nothing'}`);
          }
        }
        if (!misses.length && DEBUG)
          problems.push(`(passes by hit area) ${describe(el)} ${Math.round(box.width)}x${Math.round(box.height)}`);
        if (misses.length) {
          problems.push(`${describe(el)} ${Math.round(box.width)}x${Math.round(box.height)}: ${misses.slice(0, 3).join('; ')}`);
        }
      }
      return problems;
    },
    [scope, !!process.env.DEBUG_TAP] as const,
  );
}

/** By the fields' autocomplete and the submit button: the same in every language. */
async function logIn(page: Page) {
  await page.goto(`${h.server.url}/m/login`);
  const form = page.locator('wps-login-form');
  await form.locator('input[autocomplete="username"]').fill('demo');
  await form.locator('input[autocomplete="current-password"]').fill('Demo1234');
  await form.locator('button[type="submit"]').click();
  await page.waitForURL(/\/m\/home$/);
}

/** The announcement popup, once it shows; closed again after `inside` (it would cover the page). */
async function withAnnouncement(page: Page, inside: (dialog: Locator) => Promise<void>) {
  const dialog = page.locator('wps-announcement').getByRole('dialog');
  await dialog.waitFor({ timeout: 15000 });
  await inside(dialog);
  await page.locator('wps-announcement [part="close"]').click();
  await dialog.waitFor({ state: 'detached' });
}

for (const [device, language] of RUNS) {
  describe(`tap targets, ${device}, ${language}`, () => {
    it('/m/home for a visitor, with the announcement popup and the customer-service sheet', async () => {
      const page = await newPage(device, language);
      // The demo merchant has one home entry, which opens at once: a second one makes the sheet.
      await page.route(/\/wps\/system\/status\b/, async (route) => {
        const res = await route.fetch();
        const body = await res.json();
        const entries = body.value?.info?.customerService;
        if (Array.isArray(entries) && entries.length > 0) entries.push({ ...entries[0], title: 'Support by e-mail' });
        await route.fulfill({ response: res, json: body });
      });
      await page.goto(`${h.server.url}/m/home`);
      await withAnnouncement(page, async () => {
        assert.deepEqual(await smallTargets(page, 'wps-announcement'), [], 'the announcement popup');
      });
      await page.locator('wps-customer-service').getByRole('button').first().waitFor();
      assert.deepEqual(await smallTargets(page), [], '/m/home');

      // More than one customer-service entry: they are listed in a sheet.
      await page.locator('wps-customer-service').getByRole('button').first().click();
      const sheet = page.locator('wps-customer-service').getByRole('dialog');
      await sheet.waitFor();
      assert.deepEqual(await smallTargets(page, 'wps-customer-service'), [], 'the customer-service sheet');
    });

    it('/m/login', async () => {
      const page = await newPage(device, language);
      await page.goto(`${h.server.url}/m/login`);
      await page.locator('wps-login-form input[autocomplete="username"]').waitFor();
      assert.deepEqual(await smallTargets(page), [], '/m/login');
    });

    it('/m/member/home, signed in as demo', async () => {
      const page = await newPage(device, language);
      await logIn(page);
      await page.goto(`${h.server.url}/m/member/home`);
      await page.locator('.mc-who').waitFor();
      assert.deepEqual(await smallTargets(page), [], '/m/member/home');
    });
  });
}
