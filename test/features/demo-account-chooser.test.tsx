/**
 * The demo's Google account chooser (src/features/sign-in/identity/DemoAccountChooser.tsx) as a player
 * meets it: inside `<wps-login-form>` when the site status names the Auth emulator (docs/server.md,
 * "The demo's identity provider"). Choosing a made-up account signs in with `signInWithCredential`
 * (a stubbed SDK, the `setSdkLoader` boundary) and the /wps login carries the emulator's token; the
 * ×, Escape and the backdrop cancel in silence; a typed email is checked first; tap targets are at
 * least 44 px; axe-core is clean in English and in Urdu (right to left). `window.fetch` is stubbed.
 */
import { expect } from 'chai';
import '../../elements/login-form.tsx';
import EN from '../../src/core/i18n/locales/EN.json';
import UR from '../../src/core/i18n/locales/UR.json';
import { endpoints } from '../../src/contract/endpoints.ts';
import { merchantCode } from '../../src/core/config/config.ts';
import { resetSiteData } from '../../src/core/config/siteStatus.ts';
import { ensureI18n, language, languageReady, setLanguage } from '../../src/core/i18n/i18n.ts';
import { notices } from '../../src/core/notice/notices.ts';
import { setNavigator } from '../../src/core/session/navigation.ts';
import { clearSession } from '../../src/core/session/sessionInfo.ts';
import { loginBusy } from '../../src/features/sign-in/model.ts';
import { setSdkLoader, type Sdk } from '../../src/features/sign-in/identity/firebase.ts';
import { setPrivateModeCheck } from '../../src/features/sign-in/identity/incognito.ts';
import { DEMO_ACCOUNTS } from '../../src/features/sign-in/identity/demoAccounts.ts';
import { deepActiveElement } from '../../src/ui/focus.ts';
import {
  describeNode,
  expectAccessible,
  json,
  mount,
  part,
  parts,
  sleep,
  stubFetch,
  unmountAll,
  waitFor,
  type FetchStub,
} from '../browser-helpers/helpers.ts';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';
import { rsaPair, unsealBody } from '../browser-helpers/sealed.ts';
import { statusFixture } from '../browser-helpers/status.ts';

const en = EN as Record<string, string>;
const ur = UR as Record<string, string>;
const navigations: string[] = [];
setNavigator((path) => navigations.push(path)); // nothing here may navigate the test page away

// ---- a stubbed SDK: what signInWithCredential was handed --------------------------------------------

const credentials: string[] = [];
let sdkLoads = 0;

function fakeSdk(): Sdk {
  const auth = { emulatorConfig: null as unknown, settings: { appVerificationDisabledForTesting: false } };
  const apps: { name: string }[] = [];
  const sdk = {
    getApps: () => apps,
    initializeApp: (_o: unknown, name: string) => {
      const app = { name };
      apps.push(app);
      return app;
    },
    initializeAuth: () => auth,
    getAuth: () => auth,
    inMemoryPersistence: {},
    browserPopupRedirectResolver: {},
    connectAuthEmulator: (_a: unknown, url: string) => (auth.emulatorConfig = { url }),
    GoogleAuthProvider: class {
      static credential(idToken: string) {
        return { providerId: 'google.com', idToken };
      }
    },
    signInWithCredential: async (_a: unknown, credential: { idToken: string }) => {
      credentials.push(credential.idToken);
      return { user: { getIdToken: async () => 'emulator-id-token' } };
    },
    signInWithPopup: async () => {
      throw new Error('no popup in the demo');
    },
    signOut: async () => {},
  };
  return sdk as unknown as Sdk;
}

/** The claims of an unsigned token. */
function claimsOf(token: string): Record<string, unknown> {
  const part = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(part), (c) => c.charCodeAt(0))));
}

// ---- a stand-in /wps --------------------------------------------------------------------------------

const LOGIN = { id: 7, token: 'tok-7', userName: 'meilin', customerType: 0, firstTimeLogin: false, passwordExpired: false };
let stub: FetchStub | undefined;

function backend(emulator = true, appName = 'Lucky') {
  stub = stubFetch((c) => {
    switch (c.url.pathname) {
      case endpoints.rsaKey.path:
        return json({ success: true, value: rsaPair().value });
      case endpoints.systemStatus.path: {
        const s = statusFixture();
        s.info.appName = appName;
        s.info.sms = {
          firebase: true,
          apiKey: 'fake-api-key',
          authDomain: 'demo-test.firebaseapp.com',
          projectId: 'demo-test',
          appId: '1:0:web:demo',
          ...(emulator ? { authEmulatorUrl: 'http://127.0.0.1:9099' } : {}),
        };
        return json({ success: true, value: s });
      }
      case endpoints.login.path:
        return json({ success: true, value: LOGIN });
      case endpoints.memberInfo.path:
        return json({ success: true, value: { type: 0, id: 7, userName: 'meilin', language: 'EN', clubLabel: null } });
    }
    return json({ success: false, errorCode: 'not.found' }, 404);
  });
}

const logins = () => stub!.to(endpoints.login.path).map((c) => unsealBody(c.headers, c.body));

let clock: FakeClock | undefined;

async function reset() {
  unmountAll();
  stub?.restore();
  stub = undefined;
  resetSiteData();
  clearSession();
  notices.value = [];
  navigations.length = 0;
  credentials.length = 0;
  sdkLoads = 0;
  sessionStorage.clear();
  localStorage.clear();
  language.value = 'EN';
  // The tests that sign in do it on a fake clock, so the 500 ms login lock's timer went with it:
  // unlock here instead of waiting for it in real time.
  clock?.uninstall();
  clock = undefined;
  loginBusy.value = false;
}

before(async function () {
  this.timeout(30_000); // RSA key generation in JavaScript
  rsaPair();
  language.value = 'EN';
  await languageReady();
});
beforeEach(async () => {
  await reset();
  backend();
  setPrivateModeCheck(async () => false);
  setSdkLoader(async () => (sdkLoads++, fakeSdk()));
});
afterEach(reset);
after(() => {
  setSdkLoader();
  setPrivateModeCheck();
  merchantCode.value = '';
});

// ---- helpers ----------------------------------------------------------------------------------------

async function open(): Promise<HTMLElement> {
  const el = mount('<wps-login-form merchant="DEMO01" no-auto-login></wps-login-form>');
  await waitFor(() => expect(part(el, 'idp-google')).to.not.equal(null), 4000);
  return el;
}

/**
 * Presses Continue with Google (focused first, as a tap or a key would leave it) and waits for the sheet;
 * `forAxe`: also waits for its slide-in to end.
 */
async function pressGoogle(el: HTMLElement, forAxe = false): Promise<HTMLElement> {
  const google = part<HTMLButtonElement>(el, 'idp-google')!;
  google.focus();
  google.click();
  const sheet = await waitFor(() => {
    const node = part(el, 'sheet');
    expect(node).to.not.equal(null);
    return node!;
  }, 4000);
  if (forAxe) await sleep(300); // the slide-in (250 ms, CSS): axe-core reads colours through its fade
  return sheet;
}

const titleOf = (sheet: HTMLElement) => sheet.querySelector('[part="title"]')?.textContent;
const accounts = (el: HTMLElement) => parts<HTMLButtonElement>(el, 'account');
const emailField = (el: HTMLElement) => el.shadowRoot!.getElementById('demo-chooser-email') as HTMLInputElement | null;
const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
function type(field: HTMLInputElement, value: string) {
  setValue.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
const key = (target: Element, k: string) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
const fieldError = (el: HTMLElement) => part(el, 'field-error')?.textContent;

// ---- tests ------------------------------------------------------------------------------------------

describe('the demo account chooser: choose', () => {
  it('lists the three made-up accounts and "Use another account" under "Choose an account"', async () => {
    const el = await open();
    const sheet = await pressGoogle(el);
    expect(titleOf(sheet)).to.equal('Choose an account');
    expect(sheet.getAttribute('role')).to.equal('dialog');
    expect(part(el, 'chooser-sub')!.textContent).to.equal('to continue to Lucky');
    expect(accounts(el).map((b) => b.textContent)).to.deep.equal([
      'AAlex Riveraalex.rivera@example.com',
      'MMei Linmei.lin@example.com',
      'SSam Okaforsam.okafor@example.com',
      'Use another account',
    ]);
    expect(part(el, 'chooser-note')!.textContent).to.equal(en['identity.chooser.demo_note']);
    expect(sdkLoads, 'the SDK waits for a choice').to.equal(0);
  });

  it("a demo account signs in with its Google ID token; the /wps login carries the emulator's token", async () => {
    const el = await open();
    await pressGoogle(el);
    clock = installClock(Date.now());
    accounts(el)[1]!.click();
    await waitFor(() => expect(logins()).to.have.length(1), 4000);
    expect(part(el, 'sheet'), 'the sheet closed').to.equal(null);
    expect(credentials).to.have.length(1);
    expect(claimsOf(credentials[0]!)).to.include({ email: DEMO_ACCOUNTS[1]!.email, name: 'Mei Lin', email_verified: true });
    expect(logins()[0]).to.include({ type: 'firebase', firebaseChannel: 'google.com', firebaseIdToken: 'emulator-id-token' });
    expect(notices.value).to.deep.equal([]);
  });

  it('without the emulator (production) there is no chooser: the popup runs', async () => {
    stub!.restore();
    backend(false);
    const el = await open();
    part<HTMLButtonElement>(el, 'idp-google')!.click();
    await waitFor(() => expect(notices.value).to.have.length(1), 4000);
    expect(part(el, 'sheet')).to.equal(null);
    expect(credentials).to.deep.equal([]);
  });
});

describe('the demo account chooser: cancel', () => {
  for (const [how, cancel] of [
    ['the × button', (el: HTMLElement) => part<HTMLButtonElement>(el, 'close')!.click()],
    ['Escape', (el: HTMLElement) => key(part(el, 'sheet')!, 'Escape')],
    ['the backdrop', (el: HTMLElement) => part<HTMLElement>(el, 'backdrop')!.click()],
  ] as const) {
    it(`${how}: nothing is sent, nothing is said, focus is back on Continue with Google`, async () => {
      const el = await open();
      await pressGoogle(el);
      cancel(el);
      await waitFor(() => expect(part(el, 'sheet')).to.equal(null));
      await sleep(50);
      expect(logins()).to.deep.equal([]);
      expect(credentials).to.deep.equal([]);
      expect(sdkLoads).to.equal(0);
      expect(notices.value).to.deep.equal([]);
      const google = part<HTMLButtonElement>(el, 'idp-google')!;
      expect(describeNode(deepActiveElement())).to.equal(describeNode(google));
      await waitFor(() => expect(google.disabled).to.equal(false));
    });
  }
});

describe('the demo account chooser: another account', () => {
  it('the typed email is required, then checked; Back returns to the list; a good one signs in as itself', async () => {
    const el = await open();
    await pressGoogle(el);
    accounts(el)[3]!.click();
    await waitFor(() => expect(emailField(el)).to.not.equal(null));
    expect(titleOf(part(el, 'sheet')!)).to.equal('Use another account');
    await waitFor(() => expect(describeNode(deepActiveElement())).to.equal(describeNode(emailField(el))));

    part<HTMLButtonElement>(el, 'next')!.click();
    await waitFor(() => expect(fieldError(el)).to.equal(en['required.email']));
    expect(emailField(el)!.getAttribute('aria-invalid')).to.equal('true');
    expect(emailField(el)!.getAttribute('aria-describedby')).to.equal('demo-chooser-email-error');

    type(emailField(el)!, 'player.one@example');
    await waitFor(() => expect(fieldError(el), 'typing clears the error').to.equal(undefined));
    key(emailField(el)!, 'Enter');
    await waitFor(() => expect(fieldError(el)).to.equal(en['two_factor.error.email']));
    expect(describeNode(deepActiveElement())).to.equal(describeNode(emailField(el)));
    await sleep(30);
    expect(logins(), 'Enter did not submit the login form').to.deep.equal([]);

    part<HTMLButtonElement>(el, 'back')!.click();
    await waitFor(() => expect(accounts(el)).to.have.length(4));
    await waitFor(() => expect(describeNode(deepActiveElement())).to.equal(describeNode(accounts(el)[3])));

    accounts(el)[3]!.click();
    await waitFor(() => expect(emailField(el)).to.not.equal(null));
    type(emailField(el)!, '  Player.One@Example.com ');
    clock = installClock(Date.now());
    key(emailField(el)!, 'Enter');
    await waitFor(() => expect(logins()).to.have.length(1), 4000);
    expect(claimsOf(credentials[0]!)).to.include({ email: 'player.one@example.com', name: 'Player One' });
  });
});

describe('the demo account chooser: tap targets and accessibility', () => {
  const atLeast44 = (nodes: Element[]) => {
    for (const node of nodes) {
      const r = node.getBoundingClientRect();
      expect(
        [Math.round(r.width) >= 44, Math.round(r.height) >= 44],
        `${describeNode(node)} ${r.width}×${r.height}`,
      ).to.deep.equal([true, true]);
    }
  };

  it('every control is at least 44 × 44 px', async () => {
    const el = await open();
    await pressGoogle(el);
    atLeast44([...accounts(el), part(el, 'close')!]);
    accounts(el)[3]!.click();
    await waitFor(() => expect(emailField(el)).to.not.equal(null));
    atLeast44([emailField(el)!, part(el, 'back')!, part(el, 'next')!, part(el, 'close')!]);
  });

  it('EN: axe-core clean (the list; the email step with its error)', async () => {
    const el = await open();
    await pressGoogle(el, true);
    await expectAccessible(el);
    accounts(el)[3]!.click();
    await waitFor(() => expect(emailField(el)).to.not.equal(null));
    part<HTMLButtonElement>(el, 'next')!.click();
    await waitFor(() => expect(fieldError(el)).to.equal(en['required.email']));
    await expectAccessible(el);
  });

  it('UR: right to left, translated, axe-core clean', async () => {
    setLanguage('UR');
    await ensureI18n();
    const el = await open();
    const sheet = await pressGoogle(el, true);
    await waitFor(() => expect(titleOf(sheet)).to.equal(ur['identity.chooser.title']));
    expect(sheet.getAttribute('dir')).to.equal('rtl');
    expect(accounts(el)[3]!.textContent).to.equal(ur['identity.chooser.other']);
    expect(part(el, 'chooser-note')!.textContent).to.equal(ur['identity.chooser.demo_note']);
    // The addresses stay left to right inside the right-to-left sheet.
    expect(accounts(el)[0]!.querySelector('.email')!.getAttribute('dir')).to.equal('ltr');
    await expectAccessible(el);
    accounts(el)[3]!.click();
    await waitFor(() => expect(emailField(el)).to.not.equal(null));
    expect(emailField(el)!.getAttribute('dir')).to.equal('ltr');
    expect(part(el, 'next')!.textContent).to.equal(ur['identity.chooser.next']);
    await expectAccessible(el);
  });
});

describe('the demo account chooser: what tells the accounts apart', () => {
  it('each made-up account has an avatar colour of its own, one of the six of chooser.css', async () => {
    const el = await open();
    await pressGoogle(el);
    const colours = accounts(el)
      .slice(0, 3)
      .map((b) => b.querySelector('.avatar')!.className);
    for (const c of colours) expect(c).to.match(/^avatar c[0-5]$/);
    expect(new Set(colours).size).to.equal(3);
  });

  it('a merchant with an empty app name: the line under the title says Continue with Google', async () => {
    stub!.restore();
    backend(true, '');
    const el = await open();
    await pressGoogle(el);
    expect(part(el, 'chooser-sub')!.textContent).to.equal(en['identity.google']);
  });

  it('in the email step only Enter goes on: another key checks nothing', async () => {
    const el = await open();
    await pressGoogle(el);
    accounts(el)[3]!.click();
    await waitFor(() => expect(emailField(el)).to.not.equal(null));
    key(emailField(el)!, 'a');
    key(emailField(el)!, 'Tab');
    await sleep(50);
    expect(fieldError(el)).to.equal(undefined);
    expect(emailField(el)!.hasAttribute('aria-invalid')).to.equal(false);
  });
});
