/**
 * Instant /m (docs/performance.md, "Prerendered shells"): /m/home, /m/login and /m/register paint
 * from their HTML before any script has run, in the player's language, and the app hydrates that
 * HTML without a mismatch instead of painting it again; a signed-in player never sees the visitor's
 * welcome, a player in another language than the shell's never sees its text; the service worker
 * keeps the player's shell.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { startHarness, clearAnnouncements, type Harness } from './harness.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
  await clearAnnouncements(h);
});
after(async () => {
  await h?.close();
});

const MAIN_JS = /\/m\/assets\/main-[\w-]{8}\.js$/;

/**
 * Watches the page from its first byte: whether the visitor's welcome was ever on screen, and the
 * shell's page element as the HTML had it (the same node after hydration; a fresh render replaces it).
 */
const WATCH = `
  window.__sawVisitor = false;
  const look = () => {
    const title = document.getElementById('visitor-title');
    if (title && title.getBoundingClientRect().height > 0 && getComputedStyle(title).visibility === 'visible' && getComputedStyle(title).color !== 'rgba(0, 0, 0, 0)') window.__sawVisitor = true;
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') window.__shellPage = document.querySelector('#root .page');
  });
`;

async function open(
  context: BrowserContext,
  path: string,
  { blockScripts = false } = {},
): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  if (blockScripts) await page.route(MAIN_JS, (route) => route.abort());
  await page.goto(`${h.server.url}${path}`);
  return { page, errors };
}

const newContext = async (options: Parameters<Harness['newContext']>[0] = {}) => {
  const context = await h.newContext({ serviceWorkers: 'block', ...options });
  await context.addInitScript(WATCH);
  // The download-image popups are not what this file is about.
  await context.addInitScript(() => sessionStorage.setItem('wps:imagePopupSaved', 'true'));
  return context;
};

describe('the first paint is HTML', () => {
  for (const [path, title] of [
    ['/m/home', 'Welcome'],
    ['/m/login', 'Log in to your account'],
    ['/m/register', 'Create an account'],
  ] as const) {
    it(`${path} shows its first card with main.js never arriving`, async () => {
      const context = await newContext();
      const { page } = await open(context, path, { blockScripts: true });
      await page.getByRole('heading', { name: title, exact: true }).waitFor({ timeout: 5000 });
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
      if (path === '/m/home') {
        for (const name of ['Log in', 'Register'])
          assert.ok(await page.getByRole('link', { name, exact: true }).isVisible(), name);
        assert.ok(await page.getByRole('navigation', { name: 'Main' }).isVisible(), 'the bottom navigation');
        assert.ok(await page.getByRole('navigation', { name: 'Shortcuts' }).isVisible(), 'the quick entries');
        // The first banner's picture, from the inline snippet's own call, in the banner box.
        await page.waitForFunction(
          () => /banner-bonus\.svg/.test(getComputedStyle(document.querySelector('.home-banners-loading')!).backgroundImage),
          undefined,
          { timeout: 5000 },
        );
      }
      await context.close();
    });
  }

  for (const path of ['/m/home', '/m/login', '/m/register']) {
    it(`${path} is hydrated, not painted again, without a mismatch, in English and in Urdu`, async () => {
      for (const locale of ['en-US', 'ur-PK']) {
        const context = await newContext({ locale });
        const { page, errors } = await open(context, path);
        await page.waitForLoadState('networkidle');
        await page.waitForFunction(() => !document.documentElement.classList.contains('wps-shell-other'));
        const same = await page.evaluate(() => {
          const w = window as unknown as { __shellPage?: Element };
          return !!w.__shellPage && w.__shellPage === document.querySelector('#root .page');
        });
        assert.ok(same, `${path} (${locale}): the shell's own nodes stay`);
        assert.deepEqual(
          errors.filter((e) => /did not match|hydrat|#418|#419|#423|#425/i.test(e)),
          [],
          `${path} (${locale}): no hydration error`,
        );
        assert.deepEqual(
          await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
          locale === 'en-US' ? ['en', 'ltr'] : ['ur', 'rtl'],
        );
        await context.close();
      }
    });
  }
});

describe('the shell suits every player until the app takes over', () => {
  it('the server sends the language the app will start in: the switch’s cookie first, then the browser’s languages', async () => {
    const thai = await fetch(`${h.server.url}/m/home`, { headers: { 'Accept-Language': 'th-TH,th;q=0.9,en;q=0.8' } });
    assert.match(await thai.text(), /<html lang="th" dir="ltr" data-shell="TH"/);
    assert.match(thai.headers.get('vary') ?? '', /Cookie/);
    assert.match(thai.headers.get('vary') ?? '', /Accept-Language/);
    const chosen = await fetch(`${h.server.url}/m/login`, { headers: { 'Accept-Language': 'th', Cookie: 'wps_lang=UR' } });
    assert.match(await chosen.text(), /<html lang="ur" dir="rtl" data-shell="UR" data-shell-path="\/m\/login"/);
    // Every other page is the app's index.html, as before.
    assert.match(await (await fetch(`${h.server.url}/m/activity`)).text(), /<html lang="zh-CN">\s*<head>/);

    // The language switch sets the cookie for the next load.
    const context = await newContext();
    const { page } = await open(context, '/m/home');
    await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
    // The shell's switch is the app's once the app has taken over (host/main.tsx).
    await page.waitForSelector('html[data-app]', { state: 'attached' });
    await page.getByRole('combobox', { name: 'Language' }).selectOption('VI');
    await page.getByRole('heading', { name: 'Chào mừng' }).waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === 'wps_lang');
    assert.equal(cookie?.value, 'VI');
    assert.equal(cookie?.path, '/m');
    await page.reload();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.shell), 'VI');
    await context.close();
  });

  it('the language switch works before the app has taken over: the choice is kept and the page opens in it', async () => {
    const context = await newContext({ locale: 'en-US' });
    // main.js never arrives: only the shell and its inline snippet.
    const { page } = await open(context, '/m/home', { blockScripts: true });
    await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-app')), false);
    await Promise.all([page.waitForEvent('load'), page.getByRole('combobox', { name: 'Language' }).selectOption('UR')]);
    await page.getByRole('heading', { name: 'خوش آمدید' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.shell), 'UR');
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    assert.equal(await page.evaluate(() => localStorage.getItem('wps:language')), '"UR"');
    assert.equal((await context.cookies()).find((c) => c.name === 'wps_lang')?.value, 'UR');
    // The top bar's Home control leads home before the app, too.
    const login = await open(context, '/m/login', { blockScripts: true });
    await login.page.getByRole('banner').getByRole('button').first().click();
    await login.page.waitForURL(/\/m\/home$/);
    await context.close();
  });

  it('a player whose language is not the shell’s sees its boxes without their text, then the app in their language', async () => {
    // Japanese chosen on this phone before, but the cookie is gone: the server sends the browser's English.
    const context = await newContext();
    await context.addInitScript(() => localStorage.setItem('wps:language', '"JA"'));
    const blocked = await open(context, '/m/home', { blockScripts: true });
    await blocked.page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor({ state: 'attached' });
    assert.equal(await blocked.page.evaluate(() => document.documentElement.dataset.shell), 'EN');
    assert.ok(await blocked.page.evaluate(() => document.documentElement.classList.contains('wps-shell-other')));
    assert.equal(
      await blocked.page.evaluate(() => getComputedStyle(document.getElementById('visitor-title')!).color),
      'rgba(0, 0, 0, 0)',
      'no English text shows',
    );
    await context.clearCookies();
    const { page, errors } = await open(context, '/m/home');
    await page.getByRole('heading', { name: 'ようこそ' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('wps-shell-other')), false);
    assert.deepEqual(
      errors.filter((e) => /did not match|#418/.test(e)),
      [],
    );
    await context.close();
  });

  it('a shell that will be replaced takes no input: its form is defined while it is inert, and the app’s form is the one typed into', async () => {
    const context = await newContext();
    // When the login form's element is defined (its chunk comes before the app renders), is the shell live?
    await context.addInitScript(() => {
      void customElements.whenDefined('wps-login-form').then(() => {
        (window as unknown as { inertAtDefine: boolean }).inertAtDefine = document.getElementById('root')!.inert;
      });
    });
    // A query: the shell does not fit and is replaced by a fresh render (host/main.tsx).
    const replaced = await open(context, '/m/login?fbclid=fb.click-2');
    await replaced.page.getByRole('heading', { name: 'Log in to your account' }).waitFor();
    await replaced.page.waitForFunction(() => 'inertAtDefine' in window);
    assert.equal(await replaced.page.evaluate(() => (window as unknown as { inertAtDefine: boolean }).inertAtDefine), true);
    await replaced.page.waitForFunction(() => !document.getElementById('root')!.inert);
    const form = replaced.page.locator('wps-login-form');
    await form.getByLabel('Username', { exact: true }).fill('demo');
    await form.getByLabel('Password', { exact: true }).fill('Demo1234');
    await form.getByRole('button', { name: 'Log in' }).click();
    await replaced.page.getByRole('heading', { name: /^Welcome( back)?, demo$/ }).waitFor();
    // A shell that fits is hydrated in place: it never goes inert.
    const other = await newContext();
    await other.addInitScript(() => {
      void customElements.whenDefined('wps-login-form').then(() => {
        (window as unknown as { inertAtDefine: boolean }).inertAtDefine = document.getElementById('root')!.inert;
      });
    });
    const hydrated = await open(other, '/m/login');
    await hydrated.page.getByRole('heading', { name: 'Log in to your account' }).waitFor();
    await hydrated.page.waitForFunction(() => 'inertAtDefine' in window);
    assert.equal(await hydrated.page.evaluate(() => (window as unknown as { inertAtDefine: boolean }).inertAtDefine), false);
    await other.close();
    await context.close();
  });

  it('a signed-in player never sees the visitor’s welcome, before or after the app takes over', async () => {
    const context = await newContext();
    const { page } = await open(context, '/m/login');
    const form = page.locator('wps-login-form');
    await form.getByLabel('Username', { exact: true }).fill('demo');
    await form.getByLabel('Password', { exact: true }).fill('Demo1234');
    await form.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: /^Welcome( back)?, demo$/ }).waitFor();

    // The shell alone (main.js never comes): the visitor's card keeps its place, unseen.
    await page.route(MAIN_JS, (route) => route.abort());
    await page.reload();
    await page.locator('#visitor-title').waitFor({ state: 'attached' });
    assert.ok(await page.evaluate(() => document.documentElement.classList.contains('wps-signed-in')));
    assert.equal(await page.evaluate(() => (window as unknown as { __sawVisitor: boolean }).__sawVisitor), false);
    await page.unroute(MAIN_JS);

    await page.reload();
    await page.getByRole('heading', { name: /^Welcome( back)?, demo$/ }).waitFor();
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => (window as unknown as { __sawVisitor: boolean }).__sawVisitor), false);
    assert.equal(await page.locator('#visitor-title').count(), 0);
    await context.close();
  });

  it('the installed app keeps the player’s shell: a controlled page opens from it, offline too', async () => {
    const context = await h.newContext({ serviceWorkers: 'allow', locale: 'ur-PK' });
    const page = await context.newPage();
    await page.goto(`${h.server.url}/m/home`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    // The worker keeps the shell the server gives this player once it is asked for it.
    await page.reload();
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await page.reload();
    assert.match(await page.content(), /data-shell="UR"/);
    await page.getByRole('heading', { name: 'خوش آمدید' }).waitFor();
    await context.setOffline(false);
    await context.close();
  });
});
