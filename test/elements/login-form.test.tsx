/**
 * `<wps-login-form>` (docs/product.md §3 login request, §4 login states and the processing lock, §5 validation):
 * tabs, required fields, the sealed login request (opened here with a jsencrypt key pair, as the
 * server does), the wps-login event, the session and first-time flag, the 500 ms lock, the captcha
 * row, the SMS code button, axe-core. `window.fetch` is stubbed; nothing navigates.
 */
import { expect } from 'chai';
import { rsaPair, unsealBody } from '../browser-helpers/sealed.ts';
import '../../elements/login-form.tsx';
import { DEFAULT_PASSWORD } from '../../src/contract/constants.ts';
import { endpoints, type LoginValue, type SiteInfo } from '../../src/contract/endpoints.ts';
import { merchantCode } from '../../src/core/config/config.ts';
import { loadSiteStatus, resetSiteData } from '../../src/core/config/siteStatus.ts';
import { ensureI18n, language, languageReady, setLanguage } from '../../src/core/i18n/i18n.ts';
import { notices } from '../../src/core/notice/notices.ts';
import { setNavigator } from '../../src/core/session/navigation.ts';
import { autoLoginDisabled } from '../../src/core/session/autoLogin.ts';
import { clearSession, saveSession, session, SESSION_KEY } from '../../src/core/session/sessionInfo.ts';
import { FIRST_TIME_KEY, LOGIN_LOCK_MS, loginBusy, tryAutoLogin } from '../../src/features/sign-in/model.ts';
import { readRememberedLogin, saveRememberedLogin, type RememberedLogin } from '../../src/core/session/rememberedLogin.ts';
import { deepActiveElement } from '../../src/ui/focus.ts';
import {
  describeNode,
  expectAccessible,
  has,
  json,
  mount,
  part,
  parts,
  recordEvents,
  sleep,
  stubFetch,
  unmountAll,
  waitFor,
  type FetchStub,
} from '../browser-helpers/helpers.ts';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';
import { CS_URL, encodeCsPath, statusFixture } from '../browser-helpers/status.ts';

const navigations: string[] = [];
setNavigator((path) => navigations.push(path)); // nothing here may navigate the test page away

const LOGIN: LoginValue = {
  id: 11,
  token: 'tok-login',
  userName: 'player1',
  customerType: 0,
  firstTimeLogin: false,
  passwordExpired: false,
};
const COUNTRY = {
  countryCode: 'PH',
  countryDialingCode: '+63',
  countries: [{ countryCode: 'PH', countryDialingCode: '+63' }],
  currency: 'PHP',
  currencySymbol: '₱',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// ---------------------------------------------------------------------------------------------
// A stand-in back end, and the server's way of opening sealed bodies (docs/api.md).

const ok = (value: unknown) => json({ success: true, value });
let stub: FetchStub | undefined;
let info: Partial<SiteInfo> = {};
let answers: { login?: () => Response | Promise<Response>; sms?: () => Response } = {};

function backend() {
  stub = stubFetch((c) => {
    switch (c.url.pathname) {
      case endpoints.rsaKey.path:
        return ok(rsaPair().value);
      case endpoints.systemStatus.path: {
        const base = statusFixture();
        return ok({ ...base, info: { ...base.info, ...info } });
      }
      case endpoints.systemCountry.path:
        return ok(COUNTRY);
      case endpoints.smsNoLogin.path:
        return answers.sms?.() ?? ok({ expirationTime: Date.now() + 60_000 });
      case endpoints.login.path:
        return answers.login?.() ?? ok(LOGIN);
      case endpoints.memberInfo.path:
        return ok({ type: 0, id: 11, userName: 'player1', language: 'EN', clubLabel: null });
    }
    return json({ success: false, errorCode: 'not.found' }, 404);
  });
  return stub;
}

const logins = () => stub!.to(endpoints.login.path);

let clock: FakeClock | undefined;

async function reset() {
  clock?.uninstall();
  clock = undefined;
  unmountAll();
  stub?.restore();
  stub = undefined;
  answers = {};
  info = {};
  resetSiteData();
  clearSession();
  notices.value = [];
  navigations.length = 0;
  localStorage.clear();
  sessionStorage.clear();
  language.value = 'EN';
  // Every test runs on a fake clock (beforeEach), so the 500 ms lock of its login went with it: no
  // real timer is left to unlock in the middle of the next test.
  loginBusy.value = false;
  autoLoginDisabled.value = false;
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
  // The product's timers (the 500 ms login lock) run only when a test ticks; promises, fetch stubs
  // and React stay real, and waitFor/sleep use the real setTimeout.
  clock = installClock(Date.now());
});
const fileClock = () => clock!;
/** For a describe whose tests log nobody in and run axe-core, which waits on real timers. */
function realTimers() {
  beforeEach(() => {
    clock?.uninstall();
    clock = undefined;
  });
}
afterEach(reset);

// ---------------------------------------------------------------------------------------------
// Element helpers

const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
function type(field: HTMLInputElement, value: string) {
  setValue.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
const byId = <T extends HTMLElement = HTMLInputElement>(el: Element, id: string) => el.shadowRoot!.getElementById(id) as T | null;
const field = (el: Element, name: string) => byId(el, `login-${name}`)!;
const focused = () => describeNode(deepActiveElement());
const form = (el: Element) => part<HTMLFormElement>(el, 'form')!;
const tabs = (el: Element) => parts<HTMLButtonElement>(el, 'tab');
const tabNamed = (el: Element, label: string) => tabs(el).find((t) => t.textContent?.trim() === label)!;

async function open(attrs = ''): Promise<HTMLElement> {
  const el = mount(`<wps-login-form merchant="DEMO01" no-auto-login ${attrs}></wps-login-form>`);
  await waitFor(() => expect(has(el, 'form')).to.equal(true));
  // The site status is in (the form reads its settings).
  await waitFor(() => expect(stub!.to(endpoints.systemStatus.path).length).to.be.greaterThan(0));
  await sleep(20);
  return el;
}

async function fillPassword(el: HTMLElement, username: string, password: string) {
  type(field(el, 'username'), username);
  type(field(el, 'password'), password);
  await waitFor(() => expect(field(el, 'password').value).to.equal(password));
}

/** Holds the login answer until `release()`. */
function deferredLogin() {
  let release!: (r: Response) => void;
  answers.login = () => new Promise<Response>((resolve) => (release = resolve));
  return { release: (r: Response = ok(LOGIN)) => release(r) };
}

// ---------------------------------------------------------------------------------------------

describe('<wps-login-form> before its first render (docs/performance.md)', () => {
  it('is :state(pending) until the commit that shows the form, so a page can keep its place', async () => {
    const el = mount(`<wps-login-form merchant="DEMO01" no-auto-login></wps-login-form>`);
    const now = () => `form ${has(el, 'form')}, pending ${el.matches(':state(pending)')}`;
    // React renders it as a transition, later; preact/compat (the lite build) at once.
    const seen = [now()];
    expect(seen[0]).to.be.oneOf(['form false, pending true', 'form true, pending false']);
    // Right after each commit: pending exactly while the form is not there.
    const watch = new MutationObserver(() => seen.push(now()));
    watch.observe(el.shadowRoot!, { childList: true, subtree: true });
    await waitFor(() => expect(has(el, 'form')).to.equal(true));
    await sleep(20);
    watch.disconnect();
    expect(el.matches(':state(pending)')).to.equal(false);
    expect(seen.filter((s) => s === 'form true, pending true' || s === 'form false, pending false')).to.deep.equal([]);
  });
});

describe('<wps-login-form> tabs (docs/product.md §2, §4)', () => {
  it('offers Password login and SMS login as tabs controlling one tabpanel', async () => {
    const el = await open();
    expect(parts(el, 'tabs').map((t) => t.getAttribute('role'))).to.deep.equal(['tablist']);
    expect(tabs(el).map((t) => t.textContent?.trim())).to.deep.equal(['Password login', 'SMS login']);
    expect(tabs(el).map((t) => t.getAttribute('role'))).to.deep.equal(['tab', 'tab']);
    expect(tabs(el).map((t) => t.getAttribute('aria-selected'))).to.deep.equal(['true', 'false']);
    const panel = el.shadowRoot!.querySelector('[role="tabpanel"]')!;
    expect(panel.getAttribute('aria-labelledby')).to.equal(tabs(el)[0]!.id);
    expect(tabs(el).map((t) => t.getAttribute('aria-controls'))).to.deep.equal([panel.id, panel.id]);
    expect(field(el, 'username') !== null && field(el, 'password') !== null).to.equal(true);

    tabNamed(el, 'SMS login').click();
    await waitFor(() => expect(tabs(el).map((t) => t.getAttribute('aria-selected'))).to.deep.equal(['false', 'true']));
    const smsPanel = el.shadowRoot!.querySelector('[role="tabpanel"]')!;
    expect(smsPanel.getAttribute('aria-labelledby')).to.equal(tabs(el)[1]!.id);
    expect(byId(el, 'login-username')).to.equal(null);
    expect(byId(el, 'login-mobile') !== null && byId(el, 'login-code') !== null).to.equal(true);
  });
});

describe('<wps-login-form> required fields (docs/product.md §5)', () => {
  it('an empty username: highlighted, focused, no login request', async () => {
    const el = await open();
    type(field(el, 'password'), 'Secret123');
    await sleep(10);
    form(el).requestSubmit();
    await waitFor(() => expect(field(el, 'username').getAttribute('aria-invalid')).to.equal('true'));
    expect(focused()).to.equal(describeNode(field(el, 'username')));
    expect(field(el, 'password').getAttribute('aria-invalid')).to.equal('false');
    expect(byId(el, 'login-username-error')?.textContent).to.equal('Enter your username');
    await sleep(50);
    expect(logins().length).to.equal(0);
  });

  it('an empty password (username only spaces counts as empty too): highlighted, focused, nothing sent', async () => {
    const el = await open();
    type(field(el, 'username'), 'player1');
    await sleep(10);
    form(el).requestSubmit();
    await waitFor(() => expect(field(el, 'password').getAttribute('aria-invalid')).to.equal('true'));
    expect(focused()).to.equal(describeNode(field(el, 'password')));
    expect(field(el, 'username').getAttribute('aria-invalid')).to.equal('false');

    type(field(el, 'username'), '   ');
    type(field(el, 'password'), 'Secret123');
    await sleep(10);
    form(el).requestSubmit();
    await waitFor(() => expect(field(el, 'username').getAttribute('aria-invalid')).to.equal('true'));
    expect(focused()).to.equal(describeNode(field(el, 'username')));
    await sleep(50);
    expect(logins().length).to.equal(0);
  });
});

describe('<wps-login-form> the login request (docs/product.md §3)', () => {
  it('is sealed and carries type username, the trimmed username, merchant, a UUID loginDeviceId; Device MOBILE', async () => {
    const el = await open();
    const events = recordEvents(el, ['wps-login']);
    el.addEventListener('wps-login', (e) => e.preventDefault());
    await fillPassword(el, '  player1  ', ' Secret123 ');
    form(el).requestSubmit();
    await waitFor(() => expect(logins().length).to.equal(1));
    const call = logins()[0]!;
    expect(call.method).to.equal('POST');
    expect(call.headers.get('Device')).to.equal('MOBILE');
    expect(call.headers.get('Merchant')).to.equal('DEMO01');
    expect(call.body ?? '').not.to.include('player1');
    expect(call.body ?? '').not.to.include('Secret123');
    const body = unsealBody(call.headers, call.body);
    expect(body.type).to.equal('username');
    expect(body.username).to.equal('player1');
    expect(body.password, 'the password is sent as typed').to.equal(' Secret123 ');
    expect(body.merchant).to.equal('DEMO01');
    expect(String(body.loginDeviceId)).to.match(UUID);
    expect(body.isOfficialAppLogin).to.equal(false);
    await waitFor(() => expect(events.types()).to.deep.equal(['wps-login']));
  });

  it('success: a cancelable wps-login with { next, userName }; preventDefault keeps it from navigating; the session is stored', async () => {
    const el = await open();
    const events = recordEvents(el, ['wps-login']);
    el.addEventListener('wps-login', (e) => e.preventDefault());
    await fillPassword(el, 'player1', 'Secret123');
    form(el).requestSubmit();
    await waitFor(() => expect(events.types()).to.deep.equal(['wps-login']));
    const event = events.events[0]!;
    expect(event.cancelable).to.equal(true);
    expect(event.bubbles && event.composed).to.equal(true);
    expect(JSON.stringify(event.detail)).to.equal(JSON.stringify({ next: '/m/home', userName: 'player1' }));
    expect(session.value?.token).to.equal('tok-login');
    const stored = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as {
      token?: string;
      userName?: string;
      merchantCode?: string;
    } | null;
    expect(stored?.token).to.equal('tok-login');
    expect(stored?.userName).to.equal('player1');
    expect(stored?.merchantCode).to.equal('DEMO01');
    expect(sessionStorage.getItem(FIRST_TIME_KEY), 'not a first-time login').to.equal(null);
    await sleep(50);
    expect(navigations).to.deep.equal([]);
  });

  it('without preventDefault it goes to /m/home', async () => {
    const el = await open();
    await fillPassword(el, 'player1', 'Secret123');
    form(el).requestSubmit();
    await waitFor(() => expect(navigations).to.deep.equal(['/m/home']));
  });

  it('a forced password change is stored for the change page (wps:passwordChange { forced: true }); a normal login stores none', async () => {
    const el = await open();
    const events = recordEvents(el, ['wps-login']);
    el.addEventListener('wps-login', (e) => e.preventDefault());
    await fillPassword(el, 'player1', 'Secret123');
    form(el).requestSubmit();
    await waitFor(() => expect(events.events).to.have.length(1)); // login() has returned: the lock's timer is set
    expect(sessionStorage.getItem('wps:passwordChange')).to.equal(null);

    await fileClock().tickAsync(500); // the login lock
    answers.login = () => ok({ ...LOGIN, passwordChangeRequired: true });
    form(el).requestSubmit();
    await waitFor(() => expect(logins()).to.have.length(2));
    await waitFor(() => expect(JSON.parse(sessionStorage.getItem('wps:passwordChange')!)).to.deep.equal({ forced: true }));
  });

  it('an expired password with PWDEXPFORCECHANGE3 on goes to /m/changePsw, marked forced; with the flag off, home', async () => {
    answers.login = () => ok({ ...LOGIN, passwordExpired: true });
    info = { whitelabelVal: { PWDEXPFORCECHANGE3: true } };
    let el = await open();
    await fillPassword(el, 'player1', 'Secret123');
    form(el).requestSubmit();
    await waitFor(() => expect(navigations).to.deep.equal(['/m/changePsw']));
    expect(JSON.parse(sessionStorage.getItem('wps:passwordChange')!)).to.deep.equal({ forced: true });

    await reset();
    backend();
    clock = installClock(Date.now());
    answers.login = () => ok({ ...LOGIN, passwordExpired: true });
    info = { whitelabelVal: { PWDEXPFORCECHANGE3: false } };
    el = await open();
    await fillPassword(el, 'player1', 'Secret123');
    form(el).requestSubmit();
    await waitFor(() => expect(navigations).to.deep.equal(['/m/home']));
    expect(sessionStorage.getItem('wps:passwordChange')).to.equal(null);
  });

  it('a first-time login sets the session flag wps:firstTimeLogin', async () => {
    answers.login = () => ok({ ...LOGIN, firstTimeLogin: true });
    const el = await open();
    el.addEventListener('wps-login', (e) => e.preventDefault());
    await fillPassword(el, 'player1', 'Secret123');
    form(el).requestSubmit();
    await waitFor(() => expect(sessionStorage.getItem(FIRST_TIME_KEY)).to.not.equal(null));
    expect(FIRST_TIME_KEY).to.equal('wps:firstTimeLogin');
    expect(JSON.parse(sessionStorage.getItem('wps:firstTimeLogin')!)).to.equal(true);
  });
});

describe('<wps-login-form> back to the page that asked for the login (docs/product.md §4, issue 32)', () => {
  const testPage = location.pathname + location.search;
  afterEach(() => history.replaceState(history.state, '', testPage));
  /** The login page as the route guard or the please-login notice opens it. */
  const onLoginPage = (query: string) => history.replaceState(null, '', `/m/login${query}`);

  async function logIn(password = 'Secret123') {
    const el = await open();
    const events = recordEvents(el, ['wps-login']);
    await fillPassword(el, 'player1', password);
    form(el).requestSubmit();
    await waitFor(() => expect(navigations.length).to.equal(1));
    return { next: (events.events[0]!.detail as { next: string }).next, went: navigations[0] };
  }

  it('returnTo=/m/rewardCenter: the login goes there, and wps-login says so', async () => {
    onLoginPage('?returnTo=%2Fm%2FrewardCenter%3Ftab%3D2&r=ref9');
    expect(await logIn()).to.deep.equal({ next: '/m/rewardCenter?tab=2', went: '/m/rewardCenter?tab=2' });
  });

  it('a forced password change still wins over the page to return to', async () => {
    onLoginPage('?returnTo=%2Fm%2FrewardCenter');
    expect(await logIn(DEFAULT_PASSWORD)).to.deep.equal({ next: '/m/changePsw', went: '/m/changePsw' });
  });

  for (const [label, query] of [
    ['another origin', '?returnTo=https%3A%2F%2Fevil.example%2Fm%2Fhome'],
    ['a protocol-relative URL', '?returnTo=%2F%2Fevil.example'],
    ['a javascript: URL', '?returnTo=javascript%3Aalert(1)'],
    ['the login page itself', '?returnTo=%2Fm%2Flogin%3FreturnTo%3D%252Fm%252FrewardCenter'],
  ] as const) {
    it(`${label}: ignored, the login goes to /m/home`, async () => {
      onLoginPage(query);
      expect(await logIn()).to.deep.equal({ next: '/m/home', went: '/m/home' });
    });
  }

  it('an SMS login returns too', async () => {
    onLoginPage('?returnTo=%2Fm%2FvoucherCenter');
    const el = await open();
    tabNamed(el, 'SMS login').click();
    await waitFor(() => expect(byId(el, 'login-mobile')).to.not.equal(null));
    type(field(el, 'mobile'), '9171234567');
    type(field(el, 'code'), '123456');
    await sleep(10);
    form(el).requestSubmit();
    await waitFor(() => expect(navigations).to.deep.equal(['/m/voucherCenter']));
  });
});

describe('<wps-login-form> the processing lock (docs/product.md §4, §9)', () => {
  it('a second submit while one runs sends nothing; the lock clears 500 ms after the end (not at 499)', async () => {
    expect(LOGIN_LOCK_MS).to.equal(500);
    const el = await open();
    let ended = false;
    el.addEventListener('wps-login', (e) => {
      e.preventDefault();
      ended = true; // login() has returned: the lock's timer is set
    });
    await fillPassword(el, 'player1', 'Secret123');
    const pending = deferredLogin();
    form(el).requestSubmit();
    await waitFor(() => expect(logins().length).to.equal(1));
    await waitFor(() => expect(part<HTMLButtonElement>(el, 'submit')!.disabled).to.equal(true));

    // While the request runs: another submit sends nothing.
    form(el).requestSubmit();
    form(el).requestSubmit();
    await sleep(50);
    expect(logins().length).to.equal(1);

    const clock = fileClock();
    pending.release();
    await waitFor(() => expect(ended).to.equal(true));
    expect(session.value?.token).to.equal('tok-login');
    await clock.tickAsync(0);
    expect(loginBusy.value).to.equal(true);

    // The specification's 500 ms (docs/product.md §9), not LOGIN_LOCK_MS: a changed constant fails here.
    await clock.tickAsync(499);
    expect(loginBusy.value, 'still locked at 499 ms').to.equal(true);
    form(el).requestSubmit();
    await clock.tickAsync(0);
    await sleep(30);
    expect(logins().length, 'a submit during the lock sends nothing').to.equal(1);

    await clock.tickAsync(1);
    expect(loginBusy.value, 'unlocked at 500 ms').to.equal(false);
    await waitFor(() => expect(part<HTMLButtonElement>(el, 'submit')!.disabled).to.equal(false));

    form(el).requestSubmit();
    await waitFor(() => expect(logins().length).to.equal(2));
  });

  it('a refused login also keeps the lock for 500 ms', async () => {
    answers.login = () => json({ success: false, errorCode: 'login.cred.err', message: 'Wrong username or password' }, 400);
    const el = await open();
    await fillPassword(el, 'player1', 'wrong1');
    const clock = fileClock();
    form(el).requestSubmit();
    await waitFor(() => expect(logins().length).to.equal(1));
    await waitFor(() => expect(stub!.calls.some((c) => c.url.pathname === endpoints.login.path)).to.equal(true));
    // The refusal is shown before login() returns and sets the lock's timer.
    await waitFor(() => expect(notices.value).to.have.length(1));
    await sleep(50);
    await clock.tickAsync(0);
    expect(loginBusy.value).to.equal(true);
    await clock.tickAsync(499);
    expect(loginBusy.value, 'still locked at 499 ms').to.equal(true);
    await clock.tickAsync(1);
    expect(loginBusy.value, 'unlocked at 500 ms').to.equal(false);
    expect(session.value).to.equal(undefined);
  });
});

const REMEMBERED: RememberedLogin = {
  type: 'username',
  username: 'keeper',
  merchant: 'DEMO01',
  autoLogin: 1,
  password: 'Kept1234',
};
const withAutoLoginFlag = (on: boolean) => (info = { whitelabelVal: { MOBILEAUTOLOGIN3: on } });

describe('<wps-login-form> auto login and the remembered login (docs/product.md §4, §8)', () => {
  it('with MOBILEAUTOLOGIN3 on, mounting the form logs in with the remembered login', async () => {
    withAutoLoginFlag(true);
    await saveRememberedLogin(REMEMBERED);
    const el = mount('<wps-login-form merchant="DEMO01"></wps-login-form>');
    el.addEventListener('wps-login', (e) => e.preventDefault());
    await waitFor(() => expect(logins()).to.have.length(1));
    const body = unsealBody(logins()[0]!.headers, logins()[0]!.body);
    expect([body.username, body.password]).to.deep.equal(['keeper', 'Kept1234']);
    await waitFor(() => expect(session.value?.token).to.equal('tok-login'));
  });

  // The model's own decision, awaited to its end: a late wrong login cannot slip past a timeout.
  const flagRows: { label: string; flag?: boolean; logsIn: boolean }[] = [
    { label: 'MOBILEAUTOLOGIN3 absent', logsIn: false },
    { label: 'MOBILEAUTOLOGIN3 off', flag: false, logsIn: false },
    { label: 'MOBILEAUTOLOGIN3 on', flag: true, logsIn: true },
  ];
  for (const row of flagRows) {
    it(`tryAutoLogin with ${row.label}: ${row.logsIn ? 'logs in' : 'sends nothing'}`, async () => {
      merchantCode.value = 'DEMO01';
      if (row.flag !== undefined) withAutoLoginFlag(row.flag);
      await saveRememberedLogin(REMEMBERED);
      await loadSiteStatus();
      const outcome = await tryAutoLogin('');
      expect(outcome?.ok ?? false).to.equal(row.logsIn);
      expect(logins()).to.have.length(row.logsIn ? 1 : 0);
    });
  }

  it('an auto login keeps the remembered login, auto login still on, for the next visit', async () => {
    merchantCode.value = 'DEMO01';
    withAutoLoginFlag(true);
    await saveRememberedLogin(REMEMBERED);
    await loadSiteStatus();
    expect((await tryAutoLogin(''))?.ok).to.equal(true);
    expect(await readRememberedLogin()).to.deep.equal(REMEMBERED);
  });

  // Each row breaks one condition of docs/product.md §4 (flag on, a remembered login of this merchant
  // with a password): the login must not run. The first row, breaking none, shows that it would.
  const conditions: {
    label: string;
    search?: string;
    remembered?: Partial<RememberedLogin>;
    before?: () => void;
    logsIn: boolean;
  }[] = [
    { label: 'every condition met', logsIn: true },
    { label: 'redirectUrl in the landing URL', search: '?redirectUrl=%2Fm%2Fgame', logsIn: false },
    { label: 'backUrl in the landing URL', search: '?r=ref9&backUrl=%2Fm%2Fhome', logsIn: false },
    {
      label: 'redirectUrl in an earlier landing URL of this page',
      before: () => (autoLoginDisabled.value = true),
      logsIn: false,
    },
    { label: 'a token in the query', search: '?token=tok-query', logsIn: false },
    {
      label: 'a saved session',
      before: () => saveSession({ id: 3, token: 'tok-saved', merchantCode: 'DEMO01', userName: 'x', type: 0 }),
      logsIn: false,
    },
    { label: 'the remembered login of another merchant', remembered: { merchant: 'OTHER1' }, logsIn: false },
    { label: 'auto login turned off (autoLogin 0)', remembered: { autoLogin: 0 }, logsIn: false },
    { label: 'a remembered SMS login', remembered: { type: 'sms', password: undefined }, logsIn: false },
    { label: 'a remembered login without a password', remembered: { password: undefined }, logsIn: false },
    {
      label: 'the login captcha required',
      before: () => (info = { ...info, login: { captcha: { enabled: true } } as SiteInfo['login'] }),
      logsIn: false,
    },
  ];
  for (const row of conditions) {
    it(`tryAutoLogin, ${row.label}: ${row.logsIn ? 'logs in' : 'sends nothing'}`, async () => {
      merchantCode.value = 'DEMO01';
      withAutoLoginFlag(true);
      row.before?.();
      await saveRememberedLogin({ ...REMEMBERED, ...row.remembered });
      await loadSiteStatus();
      const outcome = await tryAutoLogin(row.search ?? '');
      expect(outcome?.ok ?? false).to.equal(row.logsIn);
      expect(logins()).to.have.length(row.logsIn ? 1 : 0);
    });
  }

  it('the form opened from a landing URL with backUrl tries no auto login (redirectUrl and backUrl turn it off)', async () => {
    const testPage = location.pathname + location.search;
    try {
      withAutoLoginFlag(true);
      await saveRememberedLogin(REMEMBERED);
      history.replaceState(history.state, '', `${location.pathname}?backUrl=%2Fm%2Fhome`);
      const el = mount('<wps-login-form merchant="DEMO01"></wps-login-form>');
      await waitFor(() => expect(stub!.to(endpoints.systemStatus.path).length).to.be.greaterThan(0));
      await waitFor(() => expect(field(el, 'username').value, 'the remembered name is filled in').to.equal('keeper'));
      await sleep(100);
      expect(logins()).to.have.length(0);
    } finally {
      history.replaceState(history.state, '', testPage);
    }
  });

  const refusals: { code: string; effect: string; after: RememberedLogin | undefined }[] = [
    { code: 'login.cred.err', effect: 'removes the remembered login', after: undefined },
    { code: 'not.exists.user', effect: 'removes the remembered login', after: undefined },
    { code: 'token_ip_different', effect: 'turns auto login off and keeps the rest', after: { ...REMEMBERED, autoLogin: 0 } },
  ];
  for (const row of refusals) {
    it(`${row.code} ${row.effect}, and shows the server's message`, async () => {
      await saveRememberedLogin(REMEMBERED);
      answers.login = () => json({ success: false, errorCode: row.code, message: `Refused: ${row.code}` }, 400);
      const el = await open();
      await fillPassword(el, 'keeper', 'Wrong999');
      form(el).requestSubmit();
      await waitFor(() => expect(notices.value.map((n) => n.message)).to.deep.equal([`Refused: ${row.code}`]));
      expect(await readRememberedLogin()).to.deep.equal(row.after);
    });
  }

  it('another refusal (server.error) leaves the remembered login as it was', async () => {
    await saveRememberedLogin(REMEMBERED);
    answers.login = () => json({ success: false, errorCode: 'server.error', message: 'Try later' }, 500);
    const el = await open();
    await fillPassword(el, 'keeper', 'Wrong999');
    form(el).requestSubmit();
    await waitFor(() => expect(notices.value.map((n) => n.message)).to.deep.equal(['Try later']));
    expect(await readRememberedLogin()).to.deep.equal(REMEMBERED);
  });
});

describe('<wps-login-form> captcha row (docs/product.md §5)', () => {
  it('no captcha row when every captcha setting is off', async () => {
    const el = await open();
    expect(has(el, 'captcha')).to.equal(false);
  });

  it('the login captcha setting on: the captcha row shows on the password tab', async () => {
    info = { login: { captcha: { enabled: true } } };
    const el = await open();
    await waitFor(() => expect(has(el, 'captcha')).to.equal(true));
    expect(part(el, 'captcha')!.localName).to.equal('wps-captcha');
  });

  it('every setting off, but the server asks for the captcha (failed guesses on the account): the row shows for the next try', async () => {
    const el = await open();
    answers.login = () =>
      json({ success: false, errorCode: 'captcha.required', message: 'Please complete the captcha first.' }, 400);
    expect(has(el, 'captcha')).to.equal(false);
    await fillPassword(el, 'player1', 'Secret123');
    form(el).requestSubmit();
    await waitFor(() => expect(has(el, 'captcha')).to.equal(true));
    expect(part(el, 'captcha')!.localName).to.equal('wps-captcha');
    // The server's words reach the player.
    expect(notices.value.map((n) => n.message)).to.deep.equal(['Please complete the captcha first.']);
  });
});

describe('<wps-login-form> SMS tab (docs/product.md §5)', () => {
  it('Send code needs a mobile number; then it shows a countdown', async () => {
    const el = await open();
    tabNamed(el, 'SMS login').click();
    await waitFor(() => expect(has(el, 'send-code')).to.equal(true));
    const send = () => part<HTMLButtonElement>(el, 'send-code')!;
    expect(send().textContent).to.equal('Send code');

    send().click();
    await waitFor(() => expect(field(el, 'mobile').getAttribute('aria-invalid')).to.equal('true'));
    // The focus moves in an effect after the paint (lite: preact's requestAnimationFrame).
    await waitFor(() => expect(focused()).to.equal(describeNode(field(el, 'mobile'))));
    await sleep(50);
    expect(stub!.to(endpoints.smsNoLogin.path).length).to.equal(0);

    type(field(el, 'mobile'), '9171234567');
    await sleep(10);
    send().click();
    await waitFor(() => expect(stub!.to(endpoints.smsNoLogin.path).length).to.equal(1));
    const body = JSON.parse(stub!.to(endpoints.smsNoLogin.path)[0]!.body ?? '{}') as { mobileNum?: string };
    expect(body.mobileNum).to.equal('9171234567');
    await waitFor(() => expect(send().textContent).to.match(/^Resend in (1:00|0:59)$/));
    expect(send().disabled).to.equal(true);
    expect(field(el, 'mobile').getAttribute('aria-invalid')).to.equal('false');
    await waitFor(() => expect(focused(), 'the code field gets the focus').to.equal(describeNode(field(el, 'code'))));
  });

  it('an SMS login with an empty code: highlighted, focused, nothing sent', async () => {
    const el = await open();
    tabNamed(el, 'SMS login').click();
    await waitFor(() => expect(byId(el, 'login-mobile')).to.not.equal(null));
    type(field(el, 'mobile'), '9171234567');
    await sleep(10);
    form(el).requestSubmit();
    await waitFor(() => expect(field(el, 'code').getAttribute('aria-invalid')).to.equal('true'));
    expect(focused()).to.equal(describeNode(field(el, 'code')));
    await sleep(50);
    expect(logins().length).to.equal(0);
  });
});

describe('<wps-login-form> Forgot password (docs/product.md §4, issue 32)', () => {
  realTimers();
  const forgot = (el: Element) => part<HTMLAnchorElement>(el, 'forgot-password');
  let opened: unknown[][] = [];
  const realOpen = window.open;
  beforeEach(() => {
    opened = [];
    window.open = (...args: unknown[]) => (opened.push(args), null);
  });
  afterEach(() => {
    window.open = realOpen;
  });

  it('under the password: says what happens, leads to customer service, a tap target of at least 44 x 44 px', async () => {
    const el = await open();
    const link = forgot(el)!;
    expect(link.textContent).to.equal('Forgot password? Our support team will help you reset it.');
    expect(link.href).to.equal(CS_URL);
    expect([link.target, link.rel]).to.deep.equal(['_blank', 'noopener']);
    // Right under the password field, before the remember-me box.
    expect(field(el, 'password').closest('.field')!.nextElementSibling).to.equal(link);
    const box = link.getBoundingClientRect();
    expect(box.height).to.be.at.least(44);
    expect(box.width).to.be.at.least(44);
    await expectAccessible(el);
  });

  it('a tap announces wps-contact { url, csType, reason }, then opens customer service in a new tab; nothing is sent or navigated', async () => {
    const el = await open();
    const events = recordEvents(el, ['wps-contact']);
    forgot(el)!.click();
    expect(events.types()).to.deep.equal(['wps-contact']);
    const event = events.events[0]!;
    expect(event.cancelable && event.bubbles && event.composed).to.equal(true);
    expect(event.detail).to.deep.equal({ url: CS_URL, csType: 'LIVECHAT', reason: 'forgot-password' });
    expect(opened).to.deep.equal([[CS_URL, '_blank', 'noopener']]);
    expect(logins().length).to.equal(0);
    expect(navigations).to.deep.equal([]);
  });

  it('preventDefault() on wps-contact: the page handles it, nothing opens', async () => {
    const el = await open();
    el.addEventListener('wps-contact', (e) => e.preventDefault());
    forgot(el)!.click();
    await sleep(20);
    expect(opened).to.deep.equal([]);
  });

  it('the entry placed at LOGIN wins; a VIP-only entry and a path that is not a web URL are never offered to a visitor', async () => {
    info = {
      customerService: [
        { title: 'VIP', csType: 'COMM100VIP', path: encodeCsPath('https://vip.example.test/') },
        { title: 'Bad', csType: 'LIVECHAT', path: encodeCsPath('javascript:alert(1)') },
        { title: 'Home', csType: 'LIVECHAT', csPosition: 'HOME', path: encodeCsPath('https://home.example.test/') },
        { title: 'Login', csType: 'AICAN', csPosition: 'LOGIN', path: encodeCsPath('https://login.example.test/help') },
      ],
    };
    const el = await open();
    expect(forgot(el)!.href).to.equal('https://login.example.test/help');
    unmountAll();
    resetSiteData();
    info = { customerService: (info.customerService ?? []).slice(0, 3) };
    const other = await open();
    expect(forgot(other)!.href).to.equal('https://home.example.test/');
  });

  it('no usable customer-service link: no Forgot-password link (never one that ends in "url is null")', async () => {
    info = { customerService: [{ title: 'Bad', csType: 'LIVECHAT', path: encodeCsPath('data:text/html,hi') }] };
    const el = await open();
    expect(has(el, 'form')).to.equal(true);
    expect(forgot(el)).to.equal(null);
  });

  it('UR: the link in Urdu', async () => {
    setLanguage('UR');
    await ensureI18n();
    const el = await open();
    await waitFor(() =>
      expect(forgot(el)!.textContent).to.equal('پاس ورڈ بھول گئے؟ ہماری سپورٹ ٹیم اسے ری سیٹ کرنے میں آپ کی مدد کرے گی۔'),
    );
    await expectAccessible(el);
  });
});

describe('<wps-login-form> accessibility', () => {
  realTimers();
  it('EN: axe-core clean (password tab, errors shown, SMS tab)', async () => {
    const el = await open();
    await expectAccessible(el);
    form(el).requestSubmit();
    await waitFor(() => expect(field(el, 'username').getAttribute('aria-invalid')).to.equal('true'));
    await expectAccessible(el);
    tabNamed(el, 'SMS login').click();
    await waitFor(() => expect(byId(el, 'login-mobile')).to.not.equal(null));
    await expectAccessible(el);
  });

  it('CN: translated texts, axe-core clean', async () => {
    setLanguage('CN');
    await ensureI18n();
    const el = await open();
    await waitFor(() => expect(tabs(el)[0]!.textContent?.trim()).to.equal('密码登录'));
    await expectAccessible(el);
    form(el).requestSubmit();
    await waitFor(() => expect(field(el, 'username').getAttribute('aria-invalid')).to.equal('true'));
    await expectAccessible(el);
  });
});

// Keep the merchant signal from leaking into other files run in the same page.
after(() => {
  merchantCode.value = '';
});
