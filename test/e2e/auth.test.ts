/**
 * A visitor registers by username, logs out, logs in again; a reload keeps the session, a new tab
 * does not (session storage). Runs against the real server in Chromium.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startHarness, trackNetwork, type Harness } from './harness.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(async () => {
  await h?.close();
});

/** Collects console errors and page errors: a CSP violation or a crash fails the test. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // A 4xx answer of /wps shows up as a failed resource load; that is the API speaking, not a fault.
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
  });
  return errors;
}

describe('sign-up, logout, login and the session', () => {
  it('registers, logs out, logs in, survives a reload, and is not shared with a new tab', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    const username = `player${Date.now() % 1_000_000}`;

    await page.goto(`${h.server.url}/m/home?fbclid=fb1`);
    await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
    // The app, not the prerendered shell, carries the parameter: the shell's plain link, tapped before
    // the app takes over (a CI run under load did), goes to /m/register without it.
    await page.waitForSelector('html[data-app]', { state: 'attached' });

    await page.getByRole('link', { name: 'Register' }).click();
    await page.waitForURL(/\/m\/register\?fbclid=fb1$/); // carried parameter kept
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Password', { exact: true }).fill('Secret123');
    await page.getByRole('button', { name: 'Register' }).click();

    await page.getByRole('alertdialog').getByText('Registration successful').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/\/m\/home/);
    // A new account is welcomed, not welcomed back (firstTimeLogin).
    await page.getByRole('heading', { name: `Welcome, ${username}`, exact: true }).waitFor();

    const stored = await page.evaluate(() => sessionStorage.getItem('wps:session'));
    assert.ok(stored && JSON.parse(stored).token, 'session kept in session storage');
    assert.equal(await page.evaluate(() => localStorage.getItem('wps:session')), null, 'not in local storage');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
    assert.equal(await page.evaluate(() => sessionStorage.getItem('wps:session')), null);

    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password1');
    await page.getByRole('button', { name: 'Log in' }).click();
    // The server's message, through the error catalogue's notice.
    const failure = page.getByRole('alertdialog');
    await failure.waitFor();
    assert.match((await failure.textContent()) ?? '', /password/i);
    await failure.getByRole('button', { name: 'OK' }).click();

    await page.getByLabel('Password', { exact: true }).fill('Secret123');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/m\/home/);
    await page.getByRole('heading', { name: `Welcome back, ${username}` }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: `Welcome back, ${username}` }).waitFor();

    const otherTab = await context.newPage();
    await otherTab.goto(`${h.server.url}/m/home`);
    await otherTab.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();

    assert.deepEqual(errors, []);
    await context.close();
  });

  it('sends protected pages without a session to /m/login, which comes back to the page after the login', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await page.goto(`${h.server.url}/m/member/home?r=ref9`);
    await page.waitForURL(/\/m\/login\?returnTo=%2Fm%2Fmember%2Fhome&r=ref9$/);
    await page.getByLabel('Username', { exact: true }).fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('Demo1234');
    await page.getByRole('button', { name: 'Log in' }).click();
    // Back on the page that asked for the login (docs/product.md §4), the carried parameter kept.
    await page.waitForURL(/\/m\/member\/home\?r=ref9$/);
    await page.getByRole('heading', { name: 'Hi, demo' }).waitFor();
    await context.close();
  });

  it('after the session expires on the way to a member page, logging in again lands back on that page', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await page.goto(`${h.server.url}/m/login`);
    await page.getByLabel('Username', { exact: true }).fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('Demo1234');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: /^Welcome( back)?, demo$/ }).waitFor();
    const net = trackNetwork(page);
    await page.goto(`${h.server.url}/m/member/home`);
    const rewards = page.getByRole('link', { name: /Reward centre/ });
    await rewards.waitFor();
    // Past the settled page's own calls (tracking, then push, start at load + 3 s + idle, in that
    // order): the push prompt's element defined means both have started; once the network is idle
    // the reward centre's calls are the first to meet the ended session.
    await page.waitForFunction(() => customElements.get('wps-push-prompt') !== undefined, undefined, { timeout: 15000 });
    await page.waitForLoadState('networkidle');
    await net.quiet();

    const expired = await fetch(`${h.server.url}/dev/members/demo/expire-session`, { method: 'POST' });
    assert.equal(expired.status, 200);

    // The player opens the reward centre: its calls meet the ended session.
    await rewards.click();
    const notice = page.getByRole('alertdialog');
    await notice.getByText('Your session has ended').waitFor();
    await notice.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/m\/login\?returnTo=%2Fm%2FrewardCenter$/);
    await page.getByLabel('Username', { exact: true }).fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('Demo1234');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/m\/rewardCenter$/);
    await page.getByRole('button', { name: 'Claim' }).first().waitFor();
    await context.close();
  });

  it('ends an expired session: logout, session storage cleared, please-login notice leading to /m/login', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await page.goto(`${h.server.url}/m/login`);
    await page.getByLabel('Username', { exact: true }).fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('Demo1234');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: /^Welcome( back)?, demo$/ }).waitFor();
    await page.evaluate(() => sessionStorage.setItem('wps:other', '1'));

    const expired = await fetch(`${h.server.url}/dev/members/demo/expire-session`, { method: 'POST' });
    assert.equal(expired.status, 200);

    await page.reload(); // member info now answers 401 CUSTOMER_NOT_LOGIN
    const notice = page.getByRole('alertdialog');
    await notice.getByText('Your session has ended').waitFor();
    assert.equal(await page.evaluate(() => sessionStorage.getItem('wps:session')), null);
    assert.equal(await page.evaluate(() => sessionStorage.getItem('wps:other')), null);
    await page.keyboard.press('Escape'); // forced: Escape does not close it
    await notice.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/m\/login$/);
    await context.close();
  });

  it('takes a session from the token query parameter', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    // Log in through the page once to get a real token, then open a fresh tab with ?token=.
    await page.goto(`${h.server.url}/m/login`);
    await page.getByLabel('Username', { exact: true }).fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('Demo1234');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: /^Welcome( back)?, demo$/ }).waitFor();
    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('wps:session')!).token as string);
    const other = await context.newPage();
    await other.goto(`${h.server.url}/m/home?token=${encodeURIComponent(token)}&from=mail#top`);
    await other.getByRole('heading', { name: /^Welcome( back)?, demo$/ }).waitFor();
    // Once taken, the token leaves the address bar; the rest of the address stays.
    assert.equal(new URL(other.url()).search, '?from=mail');
    assert.equal(new URL(other.url()).hash, '#top');
    await context.close();
  });

  it("a link with another account's token does not replace the session: the player chooses, and no request carries the token", async () => {
    // Another member's token, from a registration in a context of its own (a link someone else sent).
    const theirs = await h.newContext();
    const other = await theirs.newPage();
    const username = `link${Date.now() % 1_000_000}`;
    await other.goto(`${h.server.url}/m/register`);
    await other.getByLabel('Username', { exact: true }).fill(username);
    await other.getByLabel('Password', { exact: true }).fill('Secret123');
    await other.getByRole('button', { name: 'Register' }).click();
    await other.getByRole('alertdialog').getByText('Registration successful').waitFor();
    const linkToken = await other.evaluate(() => JSON.parse(sessionStorage.getItem('wps:session')!).token as string);
    await theirs.close();

    const context = await h.newContext();
    const page = await context.newPage();
    await page.goto(`${h.server.url}/m/login`);
    await page.getByLabel('Username', { exact: true }).fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('Demo1234');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: /^Welcome( back)?, demo$/ }).waitFor();
    const mine = await page.evaluate(() => JSON.parse(sessionStorage.getItem('wps:session')!).token as string);
    const stored = () => page.evaluate(() => JSON.parse(sessionStorage.getItem('wps:session')!).token as string);

    const referers: string[] = [];
    page.on('request', (r) => {
      const referer = r.headers()['referer'];
      if (!r.isNavigationRequest() && referer) referers.push(referer);
    });
    await page.goto(`${h.server.url}/m/home?token=${encodeURIComponent(linkToken)}&from=mail`);
    const ask = page.getByRole('alertdialog').filter({ hasText: 'Switch account?' });
    await ask.getByText('You are signed in as demo. The link you opened belongs to another account.', { exact: false }).waitFor();
    // The token left the address bar before anything was asked for, and no request names it.
    assert.equal(new URL(page.url()).search, '?from=mail');
    assert.ok(referers.length > 0, 'the page asked for its stylesheet and scripts');
    for (const referer of referers) {
      assert.ok(!referer.includes('?') && !referer.includes(encodeURIComponent(linkToken)), `no query in a Referer: ${referer}`);
    }
    assert.ok(referers.includes(`${h.server.url}/`), "the page's own requests name its origin only");
    assert.equal(await stored(), mine, 'nothing switched while the player has not chosen');

    // Keeping is the safe default (the primary button, focused): still demo, and the link's token is forgotten.
    assert.equal(
      await ask
        .getByRole('button', { name: 'Keep my account' })
        .evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement),
      true,
      'the safe choice has the focus',
    );
    await ask.getByRole('button', { name: 'Keep my account' }).click();
    await ask.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: /^Welcome( back)?, demo$/ }).waitFor();
    assert.equal(await stored(), mine);

    // The same link again; this time the player takes the link's account.
    await page.goto(`${h.server.url}/m/home?token=${encodeURIComponent(linkToken)}`);
    await ask.getByRole('button', { name: "Use the link's account" }).click();
    await page.getByRole('heading', { name: new RegExp(`^Welcome( back)?, ${username}$`) }).waitFor();
    assert.equal(await stored(), linkToken);
    // Its own link, opened again: the same session, nothing to ask.
    await page.goto(`${h.server.url}/m/home?token=${encodeURIComponent(linkToken)}`);
    await page.getByRole('heading', { name: new RegExp(`^Welcome( back)?, ${username}$`) }).waitFor();
    assert.equal(await page.getByRole('alertdialog').count(), 0);
    await context.close();
  });

  it('shows an empty field as an error and sends nothing', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    let logins = 0;
    page.on('request', (r) => r.url().includes('/wps/session/login') && logins++);
    await page.goto(`${h.server.url}/m/login`);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Enter your username').waitFor();
    // The field is in the form element's shadow root: the focused element is inside it.
    assert.equal(
      await page.getByLabel('Username', { exact: true }).evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement),
      true,
    );
    assert.equal(logins, 0);
    await context.close();
  });

  it('shows the interface in Chinese by default and in Urdu right to left', async () => {
    const context = await h.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto(`${h.server.url}/m/home`);
    await page.getByRole('link', { name: '登录' }).waitFor();
    await page.getByRole('combobox').selectOption('UR');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await context.close();
  });
});
