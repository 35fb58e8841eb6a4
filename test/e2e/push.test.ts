/**
 * Push end to end (issue 15; docs/push.md) against the real reference server, its push relay and its
 * push-service stand-in. Chromium's own push service is Google's and this machine is offline, so the
 * browser's PushManager is the one boundary faked (a subscription with real-looking keys); the
 * permission is Chromium's, granted by the browser context.
 *
 * - permission granted: a login registers with the stand-in and binds the token to the member with
 *   its topics; a logout unsubscribes it (relay and stand-in) and deletes the cached registration;
 * - permission undecided: not on the first page view the push code counts; on the second the soft prompt asks, and "Turn on"
 *   brings the browser's permission, then the token is bound (the first-page rule and the back-off
 *   are timed with a fake clock in test/elements/push-prompt.test.tsx and test/features/push.test.ts).
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { clearAnnouncements, startHarness, until, type Harness } from './harness.ts';

let h: Harness;
let context: BrowserContext | undefined;

before(async () => {
  // The push prompt asks only in the full browser (harness.ts, fullChromium).
  h = await startHarness({}, { fullChromium: true });
  await clearAnnouncements(h);
});
after(async () => {
  await h?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** A browser whose PushManager answers without Google's push service. */
async function newPage(grant: boolean): Promise<Page> {
  context = await h.newContext();
  if (grant) await context.grantPermissions(['notifications'], { origin: h.server.url });
  await context.addInitScript(`
    localStorage.setItem('wps:language', '"EN"');
    sessionStorage.setItem('wps:installSkipped', 'true');
    sessionStorage.setItem('wps:imagePopupSaved', 'true');
    (() => {
      // Like the browser's, the subscription outlives the page (kept in local storage here).
      const KEY = '__fakePushEndpoint';
      const bytes = (n, seed) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + seed) & 255).buffer;
      const make = (endpoint) => ({
        endpoint,
        options: { applicationServerKey: null, userVisibleOnly: true },
        expirationTime: null,
        getKey: (name) => (name === 'auth' ? bytes(16, 3) : bytes(65, 4)),
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          localStorage.setItem('__unsubscribed', String(Number(localStorage.getItem('__unsubscribed') || 0) + 1));
          return true;
        },
      });
      PushManager.prototype.getSubscription = async function () {
        const endpoint = localStorage.getItem(KEY);
        return endpoint ? make(endpoint) : null;
      };
      PushManager.prototype.subscribe = async function () {
        const endpoint = 'https://push.example.test/send/' + Math.random().toString(36).slice(2);
        localStorage.setItem(KEY, endpoint);
        return make(endpoint);
      };
    })();
  `);
  return context.newPage();
}

async function logIn(page: Page) {
  await page.goto(`${h.server.url}/m/login`);
  const form = page.locator('wps-login-form');
  await form.getByLabel('Username', { exact: true }).fill('demo');
  await form.getByLabel('Password', { exact: true }).fill('Demo1234');
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: /^Welcome( back)?, demo$/ }).waitFor();
}

interface PushListing {
  project: string | null;
  tokens: { username: string; topics: string[]; token: string }[];
  registrations: unknown[];
}

async function devPush(): Promise<PushListing> {
  const res = await fetch(`${h.server.url}/dev/push`, { headers: { Merchant: 'demo' } });
  assert.equal(res.status, 200);
  return ((await res.json()) as { value: PushListing }).value;
}

const registration = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('wps:pushRegistration') ?? 'null') as Record<string, unknown> | null);

describe('push end to end', () => {
  it('permission granted: a login binds the token with its topics; a logout unsubscribes it everywhere', async () => {
    const before = (await devPush()).tokens.filter((t) => t.username === 'demo').length;
    const page = await newPage(true);
    const calls: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (/CSP_fcm|push-service/.test(u.pathname))
        calls.push(`${r.method()} ${u.pathname.replace(/registrations\/.+$/, 'registrations/TOKEN')}`);
    });
    await logIn(page);

    const bound = await until('the token bound to demo', async () => {
      const l = await devPush();
      const mine = l.tokens.filter((t) => t.username === 'demo');
      return mine.length > before && mine[0]!.topics.length === 2 ? { l, mine } : undefined;
    });
    assert.ok(bound.l.project, 'the demo merchant has a push project');
    assert.ok(bound.l.registrations.length >= 1, 'the stand-in holds the registration');
    const reg = await registration(page);
    for (const f of ['createTime', 'token', 'auth', 'p256dh', 'endpoint', 'swScope', 'vapidKey'])
      assert.ok(reg?.[f], `cached ${f}`);
    assert.equal(reg!.swScope, '/firebase-cloud-messaging-push-scope');
    assert.ok(calls.includes('POST /push-service/v1/projects/' + bound.l.project + '/registrations'), calls.join(', '));
    assert.ok(calls.includes('POST /wps/relay/CSP_fcmBind'));
    assert.equal(calls.filter((c) => c === 'POST /wps/relay/CSP_fcmSubscribe').length, 2);
    // The push worker is registered at the root with its own scope.
    const scopes = await page.evaluate(async () =>
      (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname),
    );
    assert.ok(scopes.includes('/firebase-cloud-messaging-push-scope'), scopes.join(', '));

    // Log out from the member centre.
    await page.goto(`${h.server.url}/m/member/home`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await until('the token unbound', async () => {
      const mine = (await devPush()).tokens.filter((t) => t.username === 'demo');
      return mine.length === before ? true : undefined;
    });
    await until('the cached registration deleted', async () => ((await registration(page)) === null ? true : undefined));
    assert.ok(calls.includes('POST /wps/relay/CSP_fcmUnsubscribe'), calls.join(', '));
    assert.ok(calls.includes(`DELETE /push-service/v1/projects/${bound.l.project}/registrations/TOKEN`), calls.join(', '));
    assert.equal(await page.evaluate(() => localStorage.getItem('__unsubscribed')), '1', 'the browser subscription dropped');
    assert.equal((await devPush()).registrations.length, bound.l.registrations.length - 1, 'the stand-in forgot the token');
  });

  it('permission undecided: the soft prompt on the second page view; Turn on asks the browser and binds', async () => {
    const page = await newPage(false);
    await logIn(page);
    // The push code comes once the page has settled; the page it starts on is the first it counts.
    await page.waitForFunction(() => sessionStorage.getItem('wps:pageViews') === '1', undefined, { timeout: 15000 });
    const dialog = page.getByRole('dialog', { name: 'Turn on notifications?' });
    await page.waitForTimeout(2500);
    assert.equal(await dialog.count(), 0, 'not on the first page view');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Games' }).click(); // the second page view
    assert.equal(await page.evaluate(() => sessionStorage.getItem('wps:pageViews')), '2');
    await dialog.waitFor({ timeout: 10000 });
    // The browser's dialog answers "Allow": Chromium grants it for this origin.
    await context!.grantPermissions(['notifications'], { origin: h.server.url });
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('dialog', { name: 'Notifications are on' }).waitFor();
    await until('the token bound', async () => {
      const mine = (await devPush()).tokens.filter((t) => t.username === 'demo');
      return mine.length > 0 ? true : undefined;
    });
    await page.getByRole('button', { name: 'OK' }).click();
    assert.equal(await page.getByRole('dialog').count(), 0);
  });
});
