/**
 * Identity-provider sign-in end to end (docs/product.md §1, §4, §5, §8): Chromium against the real server and
 * the Firebase Auth emulator (`startAuthEmulator()` from ./harness.ts). Phone sign-in sends the
 * code through the emulator (read back from its REST API) and logs in; the bind branches of
 * bind_customer_required (auto-register; confirm + register new with FIREBASECREATEACC3; confirm +
 * log in to an existing account, after which the provider logs straight in); auth/code-expired with
 * no code sent; the Google button loads the SDK only when pressed.
 *
 * "Continue with Google" offline (docs/server.md, "The demo's identity provider"): with the emulator
 * on, the button opens the demo's account chooser instead of Google's popup, and a made-up account
 * signs in through `signInWithCredential` with every request off this machine cut (`offline()`), then
 * through the server's token check and the bind flow like any provider sign-in.
 *
 * The page keeps its strict CSP: the server adds the emulator's origin to connect-src while it is on.
 * `navigator.storage.estimate` is given a normal quota, as playwright's contexts are off the record
 * and the private browsing heuristic would refuse social sign-in in them.
 */
import { existsSync } from 'node:fs';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { devices, type BrowserContext, type Page } from 'playwright-core';
import {
  EMULATOR_PROJECT_ID,
  FIREBASE_BIN,
  startAuthEmulator,
  startHarness,
  type AuthEmulator,
  type Harness,
} from './harness.ts';

/** firebase-tools is a dev dependency: without it there is no emulator, and this file is skipped. */
const skip = existsSync(FIREBASE_BIN) ? false : `skipped: ${FIREBASE_BIN} is missing (run npm install)`;

let h: Harness;
let emu: AuthEmulator;
let context: BrowserContext | undefined;

before(async () => {
  if (skip) return;
  // 150 s: on a busy machine the emulator's start alone has taken over a minute.
  [h, emu] = await Promise.all([startHarness(), startAuthEmulator(150_000)]);
});
after(async () => {
  await Promise.allSettled([h?.close(), emu?.stop()]);
});
beforeEach(async () => {
  if (skip) return;
  await dev('POST', '/dev/site-settings', { firebase: true, authEmulatorUrl: emu.url });
});
afterEach(async () => {
  if (skip) return;
  await context?.close();
  context = undefined;
  await dev('POST', '/dev/reset', {});
  await emu.clear();
});

async function dev(method: string, path: string, body?: unknown) {
  const res = await fetch(h.server.url + path, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text);
}

async function newPage(options?: Parameters<Harness['newContext']>[0]): Promise<Page> {
  context = await h.newContext(options);
  await context.addInitScript(() => {
    const storage = navigator.storage;
    if (storage) storage.estimate = async () => ({ quota: 10 * 1024 ** 3, usage: 0 });
  });
  return context.newPage();
}

const form = (page: Page) => page.locator('wps-login-form');

/** The code the emulator "sent" to a number (its REST API), newest last. */
async function emulatorCode(phoneNumber: string): Promise<string> {
  const res = await fetch(`${emu.url}/emulator/v1/projects/${emu.projectId}/verificationCodes`);
  const { verificationCodes = [] } = (await res.json()) as { verificationCodes?: { phoneNumber: string; code: string }[] };
  const mine = verificationCodes.filter((v) => v.phoneNumber === phoneNumber);
  assert.ok(mine.length > 0, `no emulator code for ${phoneNumber}: ${JSON.stringify(verificationCodes)}`);
  return mine[mine.length - 1]!.code;
}

/** Phone tab: number, Send code (60 s countdown), the emulator's code, Log in. */
async function phoneSignIn(page: Page, mobile: string) {
  await page.goto(`${h.server.url}/m/login`);
  await form(page).getByRole('tab', { name: 'Phone' }).click();
  await form(page).getByLabel('Mobile number').fill(mobile);
  await form(page).getByRole('button', { name: 'Send code' }).click();
  await form(page)
    .getByRole('button', { name: /Resend in (1:00|0:59|0:58)/ })
    .waitFor();
  const dial = await form(page)
    .locator('[part~="field"]')
    .first()
    .evaluate((el) => el.textContent ?? '');
  const e164 = `+${(/\+?(\d{1,4})/.exec(dial) ?? ['', '63'])[1]}${mobile}`;
  await form(page)
    .getByLabel('Verification code')
    .fill(await emulatorCode(e164));
  await form(page).getByRole('button', { name: 'Log in', exact: true }).click();
}

const welcome = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { name: typeof name === 'string' ? new RegExp(`^Welcome( back)?, ${name}$`) : name }).waitFor();

/** The demo chooser's own chunk (src/features/sign-in/identity/DemoAccountChooser.tsx). */
const CHOOSER_CHUNK = /\/DemoAccountChooser-[^/]+\.js$/;

describe('identity-provider sign-in', { skip }, () => {
  it('auto-register on: phone sign-in registers a new member and logs in', async () => {
    await dev('POST', '/dev/site-settings', { autoRegister: true });
    const page = await newPage();
    await phoneSignIn(page, '9170000001');
    await welcome(page, /^Welcome( back)?, /);
    assert.match(page.url(), /\/m\/home/);
    assert.equal(await page.getByRole('dialog').count(), 0, 'no bind question');
  });

  it('auto-register off, FIREBASECREATEACC3 on: the confirm offers Register a new account', async () => {
    await dev('POST', '/dev/whitelabel', { flag: 'FIREBASECREATEACC3', on: true });
    const page = await newPage();
    await phoneSignIn(page, '9170000002');
    const dialog = page.getByRole('dialog', { name: 'Link your account' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Register a new account' }).click();
    await welcome(page, /^Welcome( back)?, /);
    assert.match(page.url(), /\/m\/home/);
  });

  it('auto-register off, FIREBASECREATEACC3 off: log in to the existing account binds it; later the provider logs straight in', async () => {
    const page = await newPage();
    await phoneSignIn(page, '9170000003');
    const dialog = page.getByRole('dialog', { name: 'Link your account' });
    await dialog.waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Register a new account' }).count(), 0);
    await dialog.getByRole('button', { name: 'Log in to an existing account' }).click();
    await form(page).getByLabel('Username', { exact: true }).fill('demo');
    await form(page).getByLabel('Password', { exact: true }).fill('Demo1234');
    await form(page).getByRole('button', { name: 'Log in', exact: true }).click();
    await welcome(page, 'demo');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor(); // the session is gone
    await phoneSignIn(page, '9170000003');
    await welcome(page, 'demo');
    assert.equal(await page.getByRole('dialog').count(), 0);
  });

  it('logging in with a code but none sent: auth/code-expired with Code and Reason lines', async () => {
    const page = await newPage();
    await page.goto(`${h.server.url}/m/login`);
    await form(page).getByRole('tab', { name: 'Phone' }).click();
    await form(page).getByLabel('Verification code').fill('123456');
    await form(page).getByRole('button', { name: 'Log in', exact: true }).click();
    const alert = page.getByRole('alertdialog');
    await alert.waitFor();
    const text = await alert.textContent();
    assert.match(text ?? '', /The verification code has expired/);
    assert.match(text ?? '', /Code: auth\/code-expired/);
    assert.match(text ?? '', /Reason: /);
  });

  it('the Google button loads the SDK and the chooser only when pressed; closing the chooser is silent; no identity buttons when the provider is off', async () => {
    const page = await newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${h.server.url}/m/login`);
    const google = form(page).getByRole('button', { name: 'Continue with Google' });
    await google.waitFor();
    assert.equal(scripts.filter((s) => /\/sdk-[^/]+\.js$/.test(s)).length, 0, `SDK in the first load: ${scripts.join(', ')}`);
    assert.equal(scripts.filter((s) => CHOOSER_CHUNK.test(s)).length, 0, `chooser in the first load: ${scripts.join(', ')}`);
    await google.click();
    const chooser = page.getByRole('dialog', { name: 'Choose an account' });
    await chooser.waitFor();
    assert.equal(scripts.filter((s) => CHOOSER_CHUNK.test(s)).length, 1, `the chooser's chunk: ${scripts.join(', ')}`);
    await chooser.getByRole('button', { name: 'Cancel' }).click();
    await chooser.waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('alertdialog').count(), 0, 'a cancelled chooser is silent');
    assert.equal(await page.evaluate(() => sessionStorage.getItem('wps:session')), null, 'nobody is signed in');
    assert.equal(await google.isEnabled(), true, 'the button is usable again');

    await dev('POST', '/dev/site-settings', { firebase: false });
    const other = await context!.newPage();
    await other.goto(`${h.server.url}/m/login`);
    await form(other).getByRole('tab', { name: 'Password login' }).waitFor();
    assert.equal(await form(other).getByRole('button', { name: 'Continue with Google' }).count(), 0);
    assert.equal(await form(other).getByRole('tab', { name: 'Phone' }).count(), 0);
  });
});

/** This machine: loopback addresses, and what the page makes itself. */
const LOCAL = /^(?:https?:\/\/(?:127\.\d+\.\d+\.\d+|localhost|\[::1\])(?::\d+)?\/|data:|blob:|about:)/;
/** Where Google's own sign-in lives: the popup's scripts and frames, Google's token and key services. */
const GOOGLE_SIGN_IN = /(?:apis\.google\.com|accounts\.google\.com|googleapis\.com|gstatic\.com|firebaseapp\.com)/;

/**
 * Cuts the context off the internet: every request that leaves this machine fails as it would with
 * no connection, and is listed. Console lines are kept too: a script the page's CSP refuses never
 * becomes a request.
 */
async function offline(page: Page): Promise<{ tried: string[]; console: string[] }> {
  const tried: string[] = [];
  const lines: string[] = [];
  await context!.route(
    (url) => !LOCAL.test(url.href),
    (route) => {
      tried.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  page.on('console', (m) => lines.push(m.text()));
  return { tried, console: lines };
}

/** The emulator's accounts (its admin REST API, as the Firebase Admin SDK would ask). */
async function emulatorAccounts(): Promise<{ email?: string; providerUserInfo?: { providerId: string; email?: string }[] }[]> {
  const res = await fetch(`${emu.url}/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT_ID}/accounts:query`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: '{}',
  });
  assert.ok(res.ok, `emulator accounts:query: ${res.status}`);
  return ((await res.json()) as { userInfo?: [] }).userInfo ?? [];
}

/** Continue with Google, then the chooser's account named `name` (a made-up demo account). */
async function chooseGoogleAccount(page: Page, name: string) {
  await form(page).getByRole('button', { name: 'Continue with Google' }).click();
  const chooser = page.getByRole('dialog', { name: 'Choose an account' });
  await chooser.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await chooser.waitFor({ state: 'detached' });
}

describe('Continue with Google offline: the demo account chooser in front of the Auth emulator', { skip }, () => {
  it('a demo account → the bind confirm registers a new member → signed in on /m/home; the same account then logs straight in', async () => {
    await dev('POST', '/dev/whitelabel', { flag: 'FIREBASECREATEACC3', on: true });
    // A phone: on mobile browsers Firebase's popup resolver would load Google's scripts as soon as Auth starts.
    const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7']!;
    const page = await newPage(pixel7);
    const net = await offline(page);
    await page.goto(`${h.server.url}/m/login`);
    await chooseGoogleAccount(page, 'Mei Lin');
    const dialog = page.getByRole('dialog', { name: 'Link your account' });
    await dialog.getByRole('button', { name: 'Register a new account' }).click();
    await welcome(page, /^Welcome( back)?, /);
    assert.match(page.url(), /\/m\/home$/);
    const session = JSON.parse((await page.evaluate(() => sessionStorage.getItem('wps:session'))) ?? 'null');
    assert.ok(session?.token, 'a /wps session');

    // The emulator knows the account by the chooser's email, as a google.com user.
    const accounts = await emulatorAccounts();
    const mei = accounts.find((a) => a.email === 'mei.lin@example.com');
    assert.ok(mei, `emulator accounts: ${JSON.stringify(accounts)}`);
    assert.deepEqual(
      mei.providerUserInfo?.map((p) => p.providerId),
      ['google.com'],
    );

    // Bound now: the same made-up account logs straight in, no question asked.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
    await page.goto(`${h.server.url}/m/login`);
    await chooseGoogleAccount(page, 'Mei Lin');
    await welcome(page, /^Welcome( back)?, /);
    assert.match(page.url(), /\/m\/home$/);
    assert.equal(await page.getByRole('dialog').count(), 0);

    assert.deepEqual(
      net.tried.filter((u) => GOOGLE_SIGN_IN.test(u)),
      [],
      'nothing was asked of Google',
    );
    assert.deepEqual(
      net.console.filter((l) => GOOGLE_SIGN_IN.test(l)),
      [],
      'no Google script was even tried',
    );
  });

  it('"Use another account": the typed email is checked, then logging in to an existing account (demo) binds it; signed in on /m/home', async () => {
    const page = await newPage();
    const net = await offline(page);
    await page.goto(`${h.server.url}/m/login`);
    await form(page).getByRole('button', { name: 'Continue with Google' }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose an account' });
    await chooser.getByRole('button', { name: 'Use another account' }).click();
    const typed = page.getByRole('dialog', { name: 'Use another account' });
    const email = typed.getByLabel('Email address');
    await email.waitFor();
    await typed.getByRole('button', { name: 'Next' }).click();
    await typed.getByText('Enter your email address').waitFor();
    await email.fill('player.one@example');
    await email.press('Enter');
    await typed.getByText('Please enter a valid email address').waitFor();
    assert.equal(await email.getAttribute('aria-invalid'), 'true');
    await email.fill('  Player.One@Example.com ');
    await typed.getByRole('button', { name: 'Next' }).click();

    const dialog = page.getByRole('dialog', { name: 'Link your account' });
    await dialog.getByRole('button', { name: 'Log in to an existing account' }).click();
    await form(page).getByLabel('Username', { exact: true }).fill('demo');
    await form(page).getByLabel('Password', { exact: true }).fill('Demo1234');
    await form(page).getByRole('button', { name: 'Log in', exact: true }).click();
    await welcome(page, 'demo');
    assert.match(page.url(), /\/m\/home$/);

    const accounts = await emulatorAccounts();
    assert.ok(
      accounts.some((a) => a.email === 'player.one@example.com'),
      `the typed email, trimmed and in lower case: ${JSON.stringify(accounts.map((a) => a.email))}`,
    );
    assert.deepEqual(
      net.tried.filter((u) => GOOGLE_SIGN_IN.test(u)),
      [],
    );
  });
});
