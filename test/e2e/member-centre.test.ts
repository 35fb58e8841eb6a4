/**
 * The member centre end to end (issue 13; docs/member-centre.md) against the real reference server
 * and its demo data: the member walks from the bottom navigation into the member centre, claims a
 * reward (and a claim sent twice at once credits once), signs in for the day (a second sign-in the
 * same day is refused), claims the rescue, sends feedback, and gets an invite link; a visitor is
 * sent home from /m/feedback and sees the invite rules with a way to log in.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { clearAnnouncements, startHarness, type Harness } from './harness.ts';

let h: Harness;
let context: BrowserContext | undefined;

before(async () => {
  h = await startHarness();
  await clearAnnouncements(h);
});
after(async () => {
  await h?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function newPage(): Promise<Page> {
  context = await h.newContext();
  await context.addInitScript(`
    localStorage.setItem('wps:language', '"EN"');
    sessionStorage.setItem('wps:installSkipped', 'true');
    sessionStorage.setItem('wps:imagePopupSaved', 'true');
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

/** A /wps/mc call from the page, with its session: what a second tab or a resent request would send. */
function mcCall(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = JSON.parse(sessionStorage.getItem('wps:session') ?? '{}') as { token?: string };
      const res = await fetch(path, {
        method,
        headers: { Authorization: session.token ?? '', Merchant: 'demo', 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { success: boolean; errorCode?: string; value?: any } };
    },
    { method, path, body },
  );
}

describe('member centre', () => {
  it('a member opens the member centre from the bottom navigation and claims a reward; sent twice, a claim credits once', async () => {
    const page = await newPage();
    await logIn(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Me', exact: true }).click();
    await page.waitForURL(/\/m\/member\/home$/);
    await page.getByRole('heading', { name: 'Hi, demo' }).waitFor();
    const before = (await mcCall(page, 'GET', '/wps/mc/overview')).body.value;
    assert.ok(before.rewards >= 1, 'the demo member has a reward to claim');

    await page.getByRole('link', { name: /Reward centre/ }).click();
    await page.waitForURL(/\/m\/rewardCenter$/);
    const claim = page.getByRole('button', { name: 'Claim' }).first();
    await claim.click();
    await page.getByRole('status').filter({ hasText: 'added to your balance' }).waitFor();
    const after1 = (await mcCall(page, 'GET', '/wps/mc/overview')).body.value;
    assert.equal(after1.rewards, before.rewards - 1);
    assert.ok(after1.balance > before.balance);

    // Another available reward, claimed twice at once (a double tap on two phones): one credit.
    const rewards = (await mcCall(page, 'GET', '/wps/mc/rewards')).body.value as { id: string; state: string; amount: number }[];
    const next = rewards.find((r) => r.state === 'available');
    if (next) {
      const [a, b] = await Promise.all([
        mcCall(page, 'POST', '/wps/mc/rewards/claim', { id: next.id }),
        mcCall(page, 'POST', '/wps/mc/rewards/claim', { id: next.id }),
      ]);
      assert.equal(a.status, 200);
      assert.equal(b.status, 200);
      assert.deepEqual([a.body.value.credited, b.body.value.credited].sort(), [false, true]);
      const after2 = (await mcCall(page, 'GET', '/wps/mc/overview')).body.value;
      assert.equal(Math.round((after2.balance - after1.balance) * 100), Math.round(next.amount * 100));
    }
  });

  it('the daily sign-in: once a day; a second sign-in the same day is refused', async () => {
    const page = await newPage();
    await logIn(page);
    await page.goto(`${h.server.url}/m/activity/signIn`);
    await page.getByRole('button', { name: /^Sign in for / }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Day 1: .* added to your balance\.$/ })
      .waitFor();
    await page.getByRole('button', { name: 'Signed in today' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Signed in today' }).isDisabled(), true);

    const again = await mcCall(page, 'POST', '/wps/mc/signIn', { timeZone: 'Pacific/Kiritimati' });
    assert.equal(again.status, 409);
    assert.equal(again.body.errorCode, 'signin.already.today');
    await page.reload();
    await page.waitForURL(/\/m\/home$/); // the reload rule: elsewhere than home, a refresh goes home
    await page.goto(`${h.server.url}/m/activity/signIn`);
    await page.getByText('Days in a row: 1').waitFor();
    await page.getByRole('button', { name: 'Signed in today' }).waitFor();
  });

  it('the rescue is claimed once; feedback is sent and listed; the invite link carries the code', async () => {
    const page = await newPage();
    await logIn(page);
    await page.goto(`${h.server.url}/m/activity/rescue`);
    await page.getByRole('button', { name: 'Claim' }).click();
    await page.getByText('You have claimed this rescue. See you tomorrow.').waitFor();

    await page.goto(`${h.server.url}/m/feedback`);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('alert').filter({ hasText: 'at least 10 characters' }).waitFor();
    await page.getByLabel('Your message').fill('The deposit page could show the fees before I pay.');
    await page.getByRole('radio', { name: 'Deposits and withdrawals' }).check();
    await page.getByRole('button', { name: 'Send' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Thank you! Your feedback number is \d+\.$/ })
      .waitFor();
    await page.getByText('The deposit page could show the fees before I pay.').waitFor();

    await page.goto(`${h.server.url}/m/inviteFriends`);
    const link = await page.getByRole('textbox', { name: 'Your invite link' }).inputValue();
    assert.match(link, /\/m\/register\?referralCode=[A-Z2-9]{8}$/);
    await page.getByRole('img', { name: 'QR code of your invite link' }).waitFor();
  });

  it('a visitor: /m/feedback goes home, /m/inviteFriends shows the rules and the way to log in', async () => {
    const page = await newPage();
    await page.goto(`${h.server.url}/m/feedback`);
    await page.waitForURL(/\/m\/home$/);
    await page.goto(`${h.server.url}/m/inviteFriends`);
    await page.getByText('How it works').waitFor();
    await page.getByText('Log in to get your own invite link and code.').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL(/\/m\/login$/);
  });
});
