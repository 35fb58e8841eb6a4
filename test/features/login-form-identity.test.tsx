/**
 * `<wps-login-form>` with the identity provider on (docs/product.md §2 "Login and registration forms",
 * §4 "Identity-provider binding", §5 captcha and private browsing, §8 "Identity-provider errors",
 * §9 the 60 s phone-code countdown), as a player meets it: the Phone tab and its code, Continue with
 * Google (the production popup), the bind step of bind_customer_required, and the login captcha a
 * provider login needs. The provider is a stand-in SDK behind the module's own boundary
 * (`setSdkLoader`, as test/features/identity.test.tsx), the /wps side a stubbed `window.fetch` that
 * opens the sealed bodies as the server does, `<wps-captcha>` a stand-in whose result and renewals
 * are counted. Product timers run on a fake clock.
 */
import { expect } from 'chai';
import '../../elements/login-form.tsx';
import EN from '../../src/core/i18n/locales/EN.json';
import { endpoints, type SiteInfo } from '../../src/contract/endpoints.ts';
import { merchantCode } from '../../src/core/config/config.ts';
import { resetSiteData } from '../../src/core/config/siteStatus.ts';
import { language, languageReady } from '../../src/core/i18n/i18n.ts';
import { notices } from '../../src/core/notice/notices.ts';
import { setNavigator } from '../../src/core/session/navigation.ts';
import { clearSession, session } from '../../src/core/session/sessionInfo.ts';
import { loginBusy, registerBusy } from '../../src/features/sign-in/model.ts';
import { setSdkLoader, type Sdk } from '../../src/features/sign-in/identity/firebase.ts';
import { setPrivateModeCheck } from '../../src/features/sign-in/identity/incognito.ts';
import { deepActiveElement } from '../../src/ui/focus.ts';
import {
  describeNode,
  json,
  mount,
  part,
  parts,
  recordEvents,
  sleep,
  stubFetch,
  unmountAll,
  waitFor,
  type FetchCall,
  type FetchStub,
} from '../browser-helpers/helpers.ts';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';
import { rsaPair, unsealBody } from '../browser-helpers/sealed.ts';
import { statusFixture } from '../browser-helpers/status.ts';
import { captchas } from '../browser-helpers/captcha-stand-in.ts';

const en = EN as Record<string, string>;
const navigations: string[] = [];
setNavigator((path) => navigations.push(path)); // nothing here may navigate the test page away

// ---- the identity provider: a stand-in SDK ----------------------------------------------------------

interface Provider {
  popups: string[];
  phones: string[];
  confirms: string[];
  /** The next popup's outcome: a thrown SDK error, or a promise the test resolves. */
  popup?: () => unknown;
  popupHeld?: Promise<void>;
}
let idp: Provider;

function fakeSdk(): Sdk {
  const auth = { emulatorConfig: null as unknown, settings: { appVerificationDisabledForTesting: false } };
  const apps: { name: string }[] = [];
  const user = (token: string) => ({ user: { getIdToken: async () => token } });
  class AuthProvider {
    constructor(readonly providerId: string) {}
  }
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
    GoogleAuthProvider: class extends AuthProvider {
      constructor() {
        super('google.com');
      }
    },
    FacebookAuthProvider: AuthProvider,
    OAuthProvider: AuthProvider,
    RecaptchaVerifier: class {
      clear() {}
    },
    signInWithPopup: async (_a: unknown, provider: AuthProvider) => {
      idp.popups.push(provider.providerId);
      await idp.popupHeld;
      if (idp.popup) throw idp.popup();
      return user(`popup-token-${provider.providerId}`);
    },
    signInWithPhoneNumber: async (_a: unknown, phone: string) => {
      idp.phones.push(phone);
      return {
        verificationId: 'v1',
        confirm: async (code: string) => {
          idp.confirms.push(code);
          if (code !== '123456')
            throw { code: 'auth/invalid-verification-code', message: 'Firebase: Error (auth/invalid-verification-code).' };
          return user(`phone-token-${phone}`);
        },
      };
    },
    signOut: async () => {},
  };
  return sdk as unknown as Sdk;
}

// ---- the /wps side ----------------------------------------------------------------------------------

const LOGIN = { id: 7, token: 'tok-7', userName: 'fbuser', customerType: 0, firstTimeLogin: false, passwordExpired: false };
const NEW_MEMBER = { ...LOGIN, id: 8, token: 'tok-8', userName: 'newbie' };
const COUNTRY = {
  countryCode: 'PH',
  countryDialingCode: '+63',
  countries: [{ countryCode: 'PH', countryDialingCode: '+63' }],
  currency: 'PHP',
  currencySymbol: '₱',
};

let stub: FetchStub | undefined;
let info: Partial<SiteInfo> = {};
/** The login answer for a request body (default: a bound member). */
let loginAnswer: (body: Record<string, unknown>) => Response;

const bodyOf = (c: FetchCall) =>
  c.headers.get('Encryption') ? unsealBody(c.headers, c.body) : (JSON.parse(c.body ?? '{}') as Record<string, unknown>);

function backend() {
  stub = stubFetch((c) => {
    switch (c.url.pathname) {
      case endpoints.rsaKey.path:
        return json({ success: true, value: rsaPair().value });
      case endpoints.systemStatus.path: {
        const s = statusFixture();
        const sms = {
          firebase: true,
          apiKey: 'fake-api-key',
          authDomain: 'demo-test.firebaseapp.com',
          projectId: 'demo-test',
          appId: '1:0:web:demo',
          ...info.sms,
        };
        return json({ success: true, value: { ...s, info: { ...s.info, ...info, sms } } });
      }
      case endpoints.systemCountry.path:
        return json({ success: true, value: COUNTRY });
      case endpoints.login.path:
        return loginAnswer(bodyOf(c));
      case endpoints.register.path:
        return json({ success: true, value: NEW_MEMBER });
      case endpoints.memberInfo.path:
        return json({ success: true, value: { type: 0, id: 7, userName: 'fbuser', language: 'EN', clubLabel: null } });
    }
    return json({ success: false, errorCode: 'not.found' }, 404);
  });
}

const logins = () => stub!.to(endpoints.login.path).map(bodyOf);
const registrations = () => stub!.to(endpoints.register.path).map(bodyOf);
const bindRequired = (value: unknown) =>
  json({ success: false, errorCode: 'bind_customer_required', message: 'Bind a member first', value }, 400);

// ---- set-up -----------------------------------------------------------------------------------------

let clock: FakeClock | undefined;

function reset() {
  unmountAll();
  stub?.restore();
  stub = undefined;
  resetSiteData();
  clearSession();
  notices.value = [];
  navigations.length = 0;
  sessionStorage.clear();
  localStorage.clear();
  language.value = 'EN';
  info = {};
  loginAnswer = () => json({ success: true, value: LOGIN });
  Object.assign(captchas, { solved: 0, renewed: 0, refuse: false });
  // The logins of a test run on its fake clock: the 500 ms lock's timer goes with it.
  clock?.uninstall();
  clock = undefined;
  loginBusy.value = false;
  registerBusy.value = false;
}

before(async function () {
  this.timeout(30_000); // RSA key generation in JavaScript
  rsaPair();
  language.value = 'EN';
  await languageReady();
});
beforeEach(() => {
  reset();
  idp = { popups: [], phones: [], confirms: [] };
  backend();
  setPrivateModeCheck(async () => false);
  setSdkLoader(async () => fakeSdk());
  clock = installClock(Date.now());
});
afterEach(reset);
after(() => {
  setSdkLoader();
  setPrivateModeCheck();
  merchantCode.value = '';
});

// ---- helpers ----------------------------------------------------------------------------------------

const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
function type(input: HTMLInputElement, value: string) {
  setValue.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
const field = (el: Element, name: string) => el.shadowRoot!.getElementById(`login-${name}`) as HTMLInputElement;
const form = (el: Element) => part<HTMLFormElement>(el, 'form')!;
const tabLabels = (el: Element) => parts(el, 'tab').map((t) => t.textContent?.trim());
const tabNamed = (el: Element, label: string) =>
  parts<HTMLButtonElement>(el, 'tab').find((t) => t.textContent?.trim() === label)!;
const focused = () => describeNode(deepActiveElement());
const google = (el: Element) => part<HTMLButtonElement>(el, 'idp-google')!;
const sendCode = (el: Element) => part<HTMLButtonElement>(el, 'send-code')!;
/** A button of the bind confirm (part="button confirm", "button register", "button cancel"). */
const dialogButton = (el: Element, name: string) => part<HTMLButtonElement>(el, name)!;
const errorLines = () => notices.value.map((n) => n.message!.split('\n').slice(0, 2));

async function open(attrs = 'no-auto-login'): Promise<HTMLElement> {
  const el = mount(`<wps-login-form merchant="DEMO01" ${attrs}></wps-login-form>`);
  await waitFor(() => expect(part(el, 'idp-google')).to.not.equal(null), 4000);
  return el;
}

async function openPhoneTab(): Promise<HTMLElement> {
  const el = await open();
  tabNamed(el, en['identity.tab_phone']!).click();
  await waitFor(() => expect(field(el, 'phoneCode')).to.not.equal(null));
  return el;
}

/** Phone tab, number typed, code sent and pending. */
async function phoneCodeSent(): Promise<HTMLElement> {
  const el = await openPhoneTab();
  type(field(el, 'mobile'), '0917 123 4567');
  await waitFor(() => expect(field(el, 'mobile').value).to.equal('0917 123 4567'));
  sendCode(el).click();
  await waitFor(() => expect(sendCode(el).disabled).to.equal(true));
  await waitFor(() => expect(idp.phones).to.have.length(1));
  return el;
}

/** Google pressed, answered bind_customer_required with `value`: the bind confirm is open. */
async function bindAsked(value: unknown): Promise<HTMLElement> {
  loginAnswer = () => bindRequired(value);
  const el = await open();
  google(el).click();
  await waitFor(() => expect(part(el, 'title')?.textContent).to.equal(en['identity.bind.title']), 4000);
  return el;
}

// ---- tests ------------------------------------------------------------------------------------------

describe('<wps-login-form> with the identity provider: the form (docs/product.md §2)', () => {
  it('a Phone tab beside Password and SMS login, and "Continue with Google" under the form', async () => {
    const el = await open();
    expect(tabLabels(el)).to.deep.equal(['Password login', 'SMS login', en['identity.tab_phone']]);
    expect(google(el).textContent).to.equal(en['identity.google']);
    expect(part(el, 'idp')!.textContent).to.contain(en['identity.or']);
    expect(google(el).disabled).to.equal(false);
  });

  it('without the provider (sms.firebase off) neither the tab nor the button shows', async () => {
    info = { sms: { firebase: false } as SiteInfo['sms'] };
    const el = mount('<wps-login-form merchant="DEMO01" no-auto-login></wps-login-form>');
    await waitFor(() => expect(stub!.to(endpoints.systemStatus.path).length).to.equal(1));
    await waitFor(() => expect(tabLabels(el)).to.deep.equal(['Password login', 'SMS login']));
    await sleep(50);
    expect(part(el, 'idp')).to.equal(null);
  });

  it('the Phone tab has the mobile number and the code, and no Remember me', async () => {
    const el = await openPhoneTab();
    expect(field(el, 'mobile')).to.not.equal(null);
    expect(sendCode(el).textContent).to.equal('Send code');
    expect(part(el, 'remember')).to.equal(null);
    tabNamed(el, 'SMS login').click();
    await waitFor(() => expect(part(el, 'remember')).to.not.equal(null));
    expect(field(el, 'phoneCode')).to.equal(null);
  });
});

describe('<wps-login-form> the Phone tab (docs/product.md §4, §8, §9)', () => {
  it('Send code needs a mobile number: marked, focused, the provider not asked', async () => {
    const el = await openPhoneTab();
    sendCode(el).click();
    await waitFor(() => expect(field(el, 'mobile').getAttribute('aria-invalid')).to.equal('true'));
    await waitFor(() => expect(focused()).to.equal(describeNode(field(el, 'mobile'))));
    await sleep(50);
    expect(idp.phones).to.deep.equal([]);
  });

  it('sends to the E.164 number, focuses the code, and counts 60 s before another (not 59)', async () => {
    const el = await phoneCodeSent();
    expect(idp.phones).to.deep.equal(['+639171234567']);
    await waitFor(() => expect(sendCode(el).textContent).to.equal('Resend in 1:00'));
    await waitFor(() => expect(focused()).to.equal(describeNode(field(el, 'phoneCode'))));
    await clock!.tickAsync(59_000);
    await waitFor(() => expect(sendCode(el).textContent).to.equal('Resend in 0:01'));
    expect(sendCode(el).disabled, 'still waiting at 59 s').to.equal(true);
    await clock!.tickAsync(1000);
    await waitFor(() => expect(sendCode(el).textContent).to.equal('Send code'));
    expect(sendCode(el).disabled, 'sendable again at 60 s').to.equal(false);
    expect(idp.phones).to.have.length(1);
  });

  it('a login needs the code: marked, focused, nothing confirmed or sent', async () => {
    const el = await phoneCodeSent();
    form(el).requestSubmit();
    await waitFor(() => expect(field(el, 'phoneCode').getAttribute('aria-invalid')).to.equal('true'));
    await waitFor(() => expect(focused()).to.equal(describeNode(field(el, 'phoneCode'))));
    await sleep(50);
    expect(idp.confirms).to.deep.equal([]);
    expect(logins()).to.deep.equal([]);
  });

  it('a wrong code: its translated text with Code and Reason, no login; the right one logs in with channel phone, to /m/home', async () => {
    const el = await phoneCodeSent();
    const events = recordEvents(el, ['wps-login']);
    type(field(el, 'phoneCode'), '000000');
    await waitFor(() => expect(field(el, 'phoneCode').value).to.equal('000000'));
    form(el).requestSubmit();
    await waitFor(() => expect(notices.value).to.have.length(1));
    expect(errorLines()).to.deep.equal([
      [en['identity.error.auth/invalid-verification-code'], 'Code: auth/invalid-verification-code'],
    ]);
    expect(logins()).to.deep.equal([]);
    await waitFor(() => expect(part<HTMLButtonElement>(el, 'submit')!.disabled).to.equal(false));

    notices.value = [];
    type(field(el, 'phoneCode'), ' 123456 ');
    await waitFor(() => expect(field(el, 'phoneCode').value).to.equal(' 123456 '));
    form(el).requestSubmit();
    await waitFor(() => expect(navigations).to.deep.equal(['/m/home']));
    expect(idp.confirms).to.deep.equal(['000000', '123456']);
    expect(logins()).to.have.length(1);
    expect(logins()[0]).to.include({ type: 'firebase', firebaseChannel: 'phone', firebaseIdToken: 'phone-token-+639171234567' });
    expect(logins()[0]).to.not.have.property('username');
    expect(events.events.map((e) => e.detail)).to.deep.equal([{ next: '/m/home', userName: 'fbuser' }]);
    expect(session.value?.token).to.equal('tok-7');
    expect(notices.value).to.deep.equal([]);
  });

  it('a code without a pending confirmation: auth/code-expired, nothing sent', async () => {
    const el = await openPhoneTab();
    type(field(el, 'phoneCode'), '123456');
    await waitFor(() => expect(field(el, 'phoneCode').value).to.equal('123456'));
    form(el).requestSubmit();
    await waitFor(() => expect(notices.value).to.have.length(1));
    expect(errorLines()).to.deep.equal([[en['identity.error.auth/code-expired'], 'Code: auth/code-expired']]);
    expect(logins()).to.deep.equal([]);
  });

  it('never to /m/changePsw, even when the answer says the password expired and PWDEXPFORCECHANGE3 is on', async () => {
    info = { whitelabelVal: { PWDEXPFORCECHANGE3: true } };
    loginAnswer = () => json({ success: true, value: { ...LOGIN, passwordExpired: true } });
    const el = await phoneCodeSent();
    type(field(el, 'phoneCode'), '123456');
    await waitFor(() => expect(field(el, 'phoneCode').value).to.equal('123456'));
    form(el).requestSubmit();
    await waitFor(() => expect(navigations).to.deep.equal(['/m/home']));
  });
});

describe('<wps-login-form> Continue with Google (docs/product.md §4, §5, §8)', () => {
  it('the popup, then the /wps login with its token; wps-login { next: /m/home }, the form goes there', async () => {
    const el = await open();
    const events = recordEvents(el, ['wps-login']);
    google(el).click();
    await waitFor(() => expect(navigations).to.deep.equal(['/m/home']), 4000);
    expect(idp.popups).to.deep.equal(['google.com']);
    expect(logins()).to.have.length(1);
    expect(logins()[0]).to.include({
      type: 'firebase',
      firebaseChannel: 'google.com',
      firebaseIdToken: 'popup-token-google.com',
    });
    expect(events.events.map((e) => e.detail)).to.deep.equal([{ next: '/m/home', userName: 'fbuser' }]);
  });

  it('preventDefault() on wps-login keeps the form where it is; the session is stored', async () => {
    const el = await open();
    el.addEventListener('wps-login', (e) => e.preventDefault());
    google(el).click();
    await waitFor(() => expect(session.value?.token).to.equal('tok-7'), 4000);
    await sleep(50);
    expect(navigations).to.deep.equal([]);
  });

  it('while the popup is open the buttons wait, and a second press opens no second popup', async () => {
    let release!: () => void;
    idp.popupHeld = new Promise<void>((r) => (release = r));
    const el = await open();
    el.addEventListener('wps-login', (e) => e.preventDefault());
    google(el).click();
    await waitFor(() => expect(idp.popups).to.have.length(1), 4000);
    await waitFor(() => expect(google(el).disabled).to.equal(true));
    expect(part<HTMLButtonElement>(el, 'submit')!.disabled).to.equal(true);
    // A press that reaches the handler anyway (the button re-enabled by a stale render) opens nothing.
    google(el).disabled = false;
    google(el).click();
    form(el).requestSubmit();
    await sleep(50);
    expect(idp.popups).to.have.length(1);
    expect(logins()).to.deep.equal([]);
    release();
    await waitFor(() => expect(logins()).to.have.length(1));
    await clock!.tickAsync(500); // the login lock
    await waitFor(() => expect(google(el).disabled).to.equal(false));
  });

  it('a closed popup is silent: no notice, no login, the button is back', async () => {
    idp.popup = () => ({ code: 'auth/popup-closed-by-user', message: 'Firebase: Error (auth/popup-closed-by-user).' });
    const el = await open();
    google(el).click();
    await waitFor(() => expect(idp.popups).to.have.length(1), 4000);
    await waitFor(() => expect(google(el).disabled).to.equal(false));
    await sleep(50);
    expect(notices.value).to.deep.equal([]);
    expect(logins()).to.deep.equal([]);
  });

  it('a blocked popup: its translated text with Code and Reason', async () => {
    idp.popup = () => ({ code: 'auth/popup-blocked', message: 'Firebase: Error (auth/popup-blocked).' });
    const el = await open();
    google(el).click();
    await waitFor(() => expect(notices.value).to.have.length(1), 4000);
    expect(errorLines()).to.deep.equal([[en['identity.error.auth/popup-blocked'], 'Code: auth/popup-blocked']]);
    expect(logins()).to.deep.equal([]);
  });

  it('private browsing outside the app: refused before any popup, with not_support_incognito', async () => {
    setPrivateModeCheck(async () => true);
    const el = await open();
    google(el).click();
    await waitFor(() => expect(notices.value).to.have.length(1), 4000);
    expect(notices.value[0]!.messageKey).to.equal('not_support_incognito');
    expect(idp.popups).to.deep.equal([]);
    expect(logins()).to.deep.equal([]);
  });
});

describe('<wps-login-form> a provider login and the captcha (docs/product.md §5)', () => {
  it('every captcha setting off: no captcha row, the login carries no captcha', async () => {
    const el = await open();
    expect(parts(el, 'captcha')).to.deep.equal([]);
    el.addEventListener('wps-login', (e) => e.preventDefault());
    google(el).click();
    await waitFor(() => expect(logins()).to.have.length(1), 4000);
    expect(logins()[0]).to.not.have.property('geetestValidateV4');
    expect(captchas).to.include({ solved: 0, renewed: 0 });
  });

  it('the sms setting on: the password tab has the login row; the SMS tab its sms row and the provider row a login row', async () => {
    // Any captcha setting makes the login captcha required, except for sms and for firebase with a username.
    info = { sms: { captcha: { enabled: true } } as SiteInfo['sms'] };
    const el = await open();
    await waitFor(() => expect(parts(el, 'captcha').map((c) => c.getAttribute('scene'))).to.deep.equal(['login']));
    expect(part(el, 'idp')!.querySelector('wps-captcha'), 'the password tab shows its own').to.equal(null);
    tabNamed(el, 'SMS login').click();
    await waitFor(() => expect(parts(el, 'captcha').map((c) => c.getAttribute('scene'))).to.deep.equal(['sms', 'login']));
    expect(part(el, 'idp')!.querySelector('wps-captcha')!.getAttribute('scene')).to.equal('login');
  });

  it("the login setting on, password tab: one row (the tab's), solved for Google, sent with the login, then renewed", async () => {
    info = { login: { captcha: { enabled: true } } as SiteInfo['login'] };
    const el = await open();
    await waitFor(() => expect(parts(el, 'captcha')).to.have.length(1));
    expect(part(el, 'idp')!.querySelector('wps-captcha'), 'the password tab shows its own').to.equal(null);
    el.addEventListener('wps-login', (e) => e.preventDefault());
    google(el).click();
    await waitFor(() => expect(logins()).to.have.length(1), 4000);
    expect(logins()[0]).to.include({ firebaseChannel: 'google.com', geetestValidateV4: 'v4-pass' });
    await waitFor(() => expect(captchas).to.include({ solved: 1, renewed: 1 }));
  });

  it('the login setting on, SMS tab: a closed challenge sends no login and says nothing more', async () => {
    info = { login: { captcha: { enabled: true } } as SiteInfo['login'] };
    captchas.refuse = true;
    const el = await open();
    tabNamed(el, 'SMS login').click();
    await waitFor(() => expect(part(el, 'idp')!.querySelector('wps-captcha')).to.not.equal(null));
    google(el).click();
    await waitFor(() => expect(captchas.solved).to.equal(1), 4000);
    await waitFor(() => expect(google(el).disabled).to.equal(false));
    await sleep(50);
    expect(idp.popups).to.deep.equal(['google.com']);
    expect(logins()).to.deep.equal([]);
    expect(notices.value).to.deep.equal([]);
  });

  it('the login setting on, Phone tab: the provider row has the login row; its result goes with the phone login', async () => {
    info = { login: { captcha: { enabled: true } } as SiteInfo['login'] };
    const el = await phoneCodeSent();
    await waitFor(() => expect(parts(el, 'captcha')).to.have.length(1));
    expect(part(el, 'idp')!.querySelector('wps-captcha')!.getAttribute('scene')).to.equal('login');
    el.addEventListener('wps-login', (e) => e.preventDefault());
    type(field(el, 'phoneCode'), '123456');
    await waitFor(() => expect(field(el, 'phoneCode').value).to.equal('123456'));
    form(el).requestSubmit();
    await waitFor(() => expect(logins()).to.have.length(1));
    expect(logins()[0]).to.include({ firebaseChannel: 'phone', geetestValidateV4: 'v4-pass' });
    await waitFor(() => expect(captchas).to.include({ solved: 1, renewed: 1 }));
  });
});

describe('<wps-login-form> bind_customer_required (docs/product.md §4)', () => {
  it('autoRegister off, FIREBASECREATEACC3 on: the confirm offers an existing account or a new one, and Cancel', async () => {
    const el = await bindAsked({ autoRegister: false, canCreate: true });
    expect(part(el, 'message')!.textContent).to.equal(en['identity.bind.text']);
    expect(parts(el, 'button').map((b) => b.textContent)).to.deep.equal([
      en['identity.bind.existing'],
      en['identity.bind.create'],
      en['two_factor.cancel'],
    ]);
    expect(registrations()).to.deep.equal([]);
    expect(notices.value).to.deep.equal([]);
    expect(navigations).to.deep.equal([]);
  });

  it('canCreate off: an existing account only', async () => {
    const el = await bindAsked({ autoRegister: false, canCreate: false });
    expect(part(el, 'message')!.textContent).to.equal(en['identity.bind.text_existing']);
    expect(parts(el, 'button').map((b) => b.textContent)).to.deep.equal([en['identity.bind.existing'], en['two_factor.cancel']]);
  });

  it('Cancel closes the confirm: nothing registered, nothing logged in', async () => {
    const el = await bindAsked({ autoRegister: false, canCreate: true });
    dialogButton(el, 'cancel').click();
    await waitFor(() => expect(part(el, 'title')).to.equal(null));
    await sleep(50);
    expect(registrations()).to.deep.equal([]);
    expect(logins()).to.have.length(1);
    expect(session.value).to.equal(undefined);
    expect(google(el)).to.not.equal(null);
  });

  it('a new account: registered with the provider token (login true, no username or password), then home', async () => {
    const el = await bindAsked({ autoRegister: false, canCreate: true });
    const events = recordEvents(el, ['wps-login']);
    dialogButton(el, 'register').click();
    await waitFor(() => expect(navigations).to.deep.equal(['/m/home']));
    expect(registrations()).to.have.length(1);
    expect(registrations()[0]).to.include({
      firebaseChannel: 'google.com',
      firebaseIdToken: 'popup-token-google.com',
      login: true,
    });
    expect(registrations()[0]).to.not.have.property('username');
    expect(registrations()[0]).to.not.have.property('password');
    expect(part(el, 'title'), 'the confirm closed').to.equal(null);
    expect(session.value?.token).to.equal('tok-8');
    expect(events.events.map((e) => e.detail)).to.deep.equal([{ next: '/m/home', userName: 'newbie' }]);
  });

  it('an existing account: username and password (both required, the password emptied), bound by the firebase login', async () => {
    const el = await bindAsked({ autoRegister: false, canCreate: true });
    dialogButton(el, 'confirm').click();
    await waitFor(() => expect(part(el, 'bind-hint')!.textContent).to.equal(en['identity.bind.existing_hint']));
    expect(form(el).getAttribute('aria-label')).to.equal(en['identity.bind.title']);
    expect(part(el, 'title'), 'the confirm closed').to.equal(null);
    expect(part(el, 'idp'), 'no provider row in the bind step').to.equal(null);
    await waitFor(() => expect(focused()).to.equal(describeNode(field(el, 'username'))));
    expect(field(el, 'password').value).to.equal('');

    await clock!.tickAsync(500); // the provider login's lock
    form(el).requestSubmit();
    await waitFor(() => expect(field(el, 'username').getAttribute('aria-invalid')).to.equal('true'));
    expect(field(el, 'password').getAttribute('aria-invalid')).to.equal('true');
    await sleep(50);
    expect(logins(), 'only the provider login so far').to.have.length(1);

    loginAnswer = () => json({ success: true, value: LOGIN });
    type(field(el, 'username'), ' demo ');
    type(field(el, 'password'), 'Demo1234');
    await waitFor(() => expect(field(el, 'password').value).to.equal('Demo1234'));
    form(el).requestSubmit();
    await waitFor(() => expect(navigations).to.deep.equal(['/m/home']));
    expect(logins()[1]).to.include({
      type: 'firebase',
      firebaseChannel: 'google.com',
      firebaseIdToken: 'popup-token-google.com',
      username: 'demo',
      password: 'Demo1234',
    });
    await waitFor(() => expect(part(el, 'bind-hint')).to.equal(null));
  });

  it('the existing-account step has its own Cancel: back to the login form, nothing sent', async () => {
    const el = await bindAsked({ autoRegister: false, canCreate: false });
    dialogButton(el, 'confirm').click();
    await waitFor(() => expect(part(el, 'bind-cancel')).to.not.equal(null));
    part<HTMLButtonElement>(el, 'bind-cancel')!.click();
    await waitFor(() => expect(part(el, 'bind-hint')).to.equal(null));
    expect(tabLabels(el)).to.deep.equal(['Password login', 'SMS login', en['identity.tab_phone']]);
    await sleep(50);
    expect(logins()).to.have.length(1);
  });

  it('a refused bind keeps the step: the server message shows, nothing navigates', async () => {
    const el = await bindAsked({ autoRegister: false, canCreate: false });
    dialogButton(el, 'confirm').click();
    await waitFor(() => expect(part(el, 'bind-hint')).to.not.equal(null));
    await clock!.tickAsync(500);
    loginAnswer = () => json({ success: false, errorCode: 'login.cred.err', message: 'Wrong username or password' }, 400);
    type(field(el, 'username'), 'demo');
    type(field(el, 'password'), 'Wrong999');
    await waitFor(() => expect(field(el, 'password').value).to.equal('Wrong999'));
    form(el).requestSubmit();
    await waitFor(() => expect(notices.value.map((n) => n.message)).to.deep.equal(['Wrong username or password']));
    await sleep(50);
    expect(part(el, 'bind-hint')).to.not.equal(null);
    expect(navigations).to.deep.equal([]);
  });

  it('autoRegister on: no confirm, registered straight away and home', async () => {
    loginAnswer = () => bindRequired({ autoRegister: true, canCreate: false });
    const el = await open();
    google(el).click();
    await waitFor(() => expect(navigations).to.deep.equal(['/m/home']), 4000);
    expect(registrations()).to.have.length(1);
    expect(part(el, 'title')).to.equal(null);
  });
});
