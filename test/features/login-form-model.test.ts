/**
 * The login form's model on its own, no view (src/features/sign-in/login/model.ts; docs/product.md
 * §4, §5, §9): each method's required fields, the SMS code's countdown (the answer's expiry, never
 * over the code's 5 minutes; 60 s without one), tabs, and the captcha the server asks for.
 */
import { expect } from 'chai';
import { endpoints } from '../../src/contract/endpoints.ts';
import { SMS_CODE_VALIDITY_MS } from '../../src/contract/constants.ts';
import { merchantCode } from '../../src/core/config/config.ts';
import { loadSiteStatus, resetSiteData } from '../../src/core/config/siteStatus.ts';
import { language, languageReady } from '../../src/core/i18n/i18n.ts';
import { setNavigator } from '../../src/core/session/navigation.ts';
import { readRememberedLogin, saveRememberedLogin } from '../../src/core/session/rememberedLogin.ts';
import { clearSession } from '../../src/core/session/sessionInfo.ts';
import { LoginFormModel, type CaptchaRow, type LoginDetail } from '../../src/features/sign-in/login/model.ts';
import { loginBusy } from '../../src/features/sign-in/model.ts';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';
import { json, sleep, stubFetch, waitFor, type FetchStub } from '../browser-helpers/helpers.ts';
import { rsaPair, unsealBody } from '../browser-helpers/sealed.ts';
import { statusFixture } from '../browser-helpers/status.ts';

let stub: FetchStub | undefined;
let clock: FakeClock | undefined;
let smsAnswer: unknown = {};
/** The login answer (default: captcha.required). */
let loginAnswer: (() => Response) | undefined;
const navigations: string[] = [];
const LOGIN = { id: 11, token: 'tok-m', userName: 'player1', customerType: 0, firstTimeLogin: false, passwordExpired: false };

/** A captcha row that needs nothing and counts its renewals. */
function row(): CaptchaRow & { renewed: number } {
  return {
    renewed: 0,
    solve: () => Promise.resolve(undefined),
    renew() {
      this.renewed++;
    },
  };
}

/** A captcha row whose challenge gives a v4 result, or is closed (`solve` rejects). */
function solvedRow(closed = false): CaptchaRow & { renewed: number } {
  return {
    renewed: 0,
    solve: () => (closed ? Promise.reject(new Error('closed')) : Promise.resolve({ geetestValidateV4: 'v4-pass' })),
    renew() {
      this.renewed++;
    },
  };
}

const logins = () => stub!.to(endpoints.login.path).map((c) => unsealBody(c.headers, c.body));

before(async function () {
  this.timeout(30_000); // RSA key generation in JavaScript
  rsaPair();
  language.value = 'EN';
  await languageReady();
  setNavigator((path) => navigations.push(path)); // nothing here may navigate the test page away
});
after(() => setNavigator(undefined));
beforeEach(() => {
  smsAnswer = {};
  loginAnswer = undefined;
  navigations.length = 0;
  stub = stubFetch((c) => {
    if (c.url.pathname === endpoints.rsaKey.path) return json({ success: true, value: rsaPair().value });
    if (c.url.pathname === endpoints.smsNoLogin.path) return json({ success: true, value: smsAnswer });
    if (c.url.pathname === endpoints.systemStatus.path) {
      const s = statusFixture();
      return json({ success: true, value: { ...s, info: { ...s.info, whitelabelVal: { MOBILEAUTOLOGIN3: true } } } });
    }
    if (c.url.pathname === endpoints.memberInfo.path)
      return json({ success: true, value: { type: 0, id: 11, userName: 'player1', language: 'EN', clubLabel: null } });
    if (c.url.pathname === endpoints.login.path)
      return loginAnswer?.() ?? json({ success: false, errorCode: 'captcha.required', message: 'Captcha please' }, 400);
    return json({ success: false, errorCode: 'not.found' }, 404);
  });
});
afterEach(async () => {
  clock?.uninstall();
  clock = undefined;
  // A test that logs in does it on a fake clock, so the 500 ms lock's timer (docs/product.md §4)
  // went with it: unlock here instead of waiting for it in real time.
  loginBusy.value = false;
  stub?.restore();
  resetSiteData();
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
});

describe('LoginFormModel: required fields per method (docs/product.md §5)', () => {
  it('password: username, then password; the first empty one is focused and nothing is sent', async () => {
    const m = new LoginFormModel();
    await m.loginWithPassword(row());
    expect(m.errors.value).to.deep.equal({ username: 'Enter your username', password: 'Enter your password' });
    expect(m.focus.value?.field).to.equal('username');
    m.username.value = 'player1';
    await m.loginWithPassword(row());
    expect(m.errors.value).to.deep.equal({ password: 'Enter your password' });
    expect(m.focus.value?.field).to.equal('password');
    m.password.value = '   ';
    await m.loginWithPassword(row());
    expect(m.errors.value).to.deep.equal({ password: 'Enter your password' });
    expect(stub!.to(endpoints.login.path)).to.have.length(0);
  });

  it('SMS: the mobile number and the code; sending a code needs the number', async () => {
    const m = new LoginFormModel();
    await m.sendSmsCode('65', row());
    expect(m.errors.value).to.deep.equal({ mobile: 'Enter your mobile number' });
    await m.loginWithSms('65');
    expect(m.errors.value).to.deep.equal({ mobile: 'Enter your mobile number', code: 'Enter the verification code' });
    m.mobile.value = '91234567';
    await m.loginWithSms('65');
    expect(m.errors.value).to.deep.equal({ code: 'Enter the verification code' });
    expect(m.focus.value?.field).to.equal('code');
    expect(stub!.to(endpoints.smsNoLogin.path)).to.have.length(0);
  });

  it('a tab change clears the errors; the Phone tab goes when the provider is off', () => {
    const m = new LoginFormModel();
    m.errors.value = { username: 'Enter your username' };
    m.selectTab('phone');
    expect(m.errors.value).to.deep.equal({});
    m.keepTab(true);
    expect(m.tab.value).to.equal('phone');
    m.keepTab(false);
    expect(m.tab.value).to.equal('password');
    m.selectTab('sms');
    m.keepTab(false);
    expect(m.tab.value, 'only the Phone tab goes').to.equal('sms');
  });

  it('Phone: the provider code is required; nothing waits until a login or a provider step runs', () => {
    const m = new LoginFormModel();
    expect(m.check(m.phoneFields())).to.equal(false);
    expect(m.errors.value).to.deep.equal({ phoneCode: 'Enter the verification code' });
    expect(m.focus.value?.field).to.equal('phoneCode');
    expect(m.busy.value).to.equal(false);
    m.idpBusy.value = true;
    expect(m.busy.value).to.equal(true);
    m.idpBusy.value = false;
    loginBusy.value = true;
    expect(m.busy.value).to.equal(true);
  });
});

describe('LoginFormModel: the SMS code countdown (docs/product.md §4, §9)', () => {
  it("counts to the answer's expiry, never over the code's 5 minutes", async () => {
    expect(SMS_CODE_VALIDITY_MS).to.equal(300_000);
    clock = installClock(1_000_000);
    smsAnswer = { expirationTime: 1_000_000 + 120_000 };
    const m = new LoginFormModel();
    m.mobile.value = '91234567';
    const captcha = row();
    await m.sendSmsCode('65', captcha);
    expect(m.codeUntil.value).to.equal(1_000_000 + 120_000);
    expect(m.focus.value?.field).to.equal('code');
    expect(captcha.renewed).to.equal(1);
    smsAnswer = { expirationTime: 1_000_000 + 3_600_000 };
    await m.sendSmsCode('65', captcha);
    expect(m.codeUntil.value).to.equal(1_000_000 + 300_000);
  });
});

describe('LoginFormModel: the captcha the server asks for (docs/product.md §5)', () => {
  it('captcha.required: the row comes up for the next try, renewed, and no login is reported', async () => {
    const m = new LoginFormModel();
    const seen: unknown[] = [];
    m.handlers = { onLogin: (d) => (seen.push(d), false) };
    m.username.value = 'player1';
    m.password.value = 'Secret123';
    const captcha = row();
    clock = installClock(); // the login's 500 ms lock, dropped in afterEach
    await m.loginWithPassword(captcha);
    expect(stub!.to(endpoints.login.path)).to.have.length(1);
    expect(m.captchaAsked.value).to.equal(true);
    expect(captcha.renewed).to.equal(1);
    expect(seen).to.deep.equal([]);
  });
});

describe('LoginFormModel: the logins and where they go (docs/product.md §3, §4)', () => {
  it('password: the trimmed username, the password as typed and the captcha result are sent; Remember me saves the login', async () => {
    loginAnswer = () => json({ success: true, value: LOGIN });
    clock = installClock(); // the login's 500 ms lock
    const m = new LoginFormModel();
    const seen: LoginDetail[] = [];
    m.handlers = { onLogin: (d) => (seen.push(d), true) };
    m.username.value = ' player1 ';
    m.password.value = ' Secret123';
    m.remember.value = true;
    const captcha = solvedRow();
    await m.loginWithPassword(captcha);
    expect(logins()).to.have.length(1);
    expect(logins()[0]).to.include({
      type: 'username',
      username: 'player1',
      password: ' Secret123',
      geetestValidateV4: 'v4-pass',
    });
    expect(captcha.renewed, 'a used result is renewed only after a refusal').to.equal(0);
    expect(seen).to.deep.equal([{ next: '/m/home', userName: 'player1' }]);
    expect(navigations).to.deep.equal(['/m/home']);
    expect(await readRememberedLogin()).to.include({ type: 'username', username: 'player1', autoLogin: 1 });
  });

  it('password: a closed challenge sends nothing and renews nothing', async () => {
    const m = new LoginFormModel();
    m.username.value = 'player1';
    m.password.value = 'Secret123';
    const captcha = solvedRow(true);
    await m.loginWithPassword(captcha);
    expect(stub!.to(endpoints.login.path)).to.have.length(0);
    expect(captcha.renewed).to.equal(0);
    expect(m.captchaAsked.value).to.equal(false);
  });

  it('another refusal renews the captcha but does not ask for the row', async () => {
    loginAnswer = () => json({ success: false, errorCode: 'login.cred.err', message: 'Wrong username or password' }, 400);
    clock = installClock();
    const m = new LoginFormModel();
    m.username.value = 'player1';
    m.password.value = 'Wrong1234';
    const captcha = solvedRow();
    await m.loginWithPassword(captcha);
    expect(stub!.to(endpoints.login.path)).to.have.length(1);
    expect(captcha.renewed).to.equal(1);
    expect(m.captchaAsked.value).to.equal(false);
    expect(navigations).to.deep.equal([]);
  });

  it('SMS: the dialling code, the trimmed number and code; onLogin false keeps the form where it is', async () => {
    loginAnswer = () => json({ success: true, value: LOGIN });
    clock = installClock();
    const m = new LoginFormModel();
    const seen: LoginDetail[] = [];
    m.handlers = { onLogin: (d) => (seen.push(d), false) };
    m.mobile.value = ' 9171234567 ';
    m.code.value = ' 123456 ';
    m.remember.value = true;
    await m.loginWithSms('+63');
    expect(logins()[0]).to.include({
      type: 'sms',
      countryDialingCode: '+63',
      mobileNum: '9171234567',
      verificationCode: '123456',
    });
    expect(seen).to.deep.equal([{ next: '/m/home', userName: 'player1' }]);
    expect(navigations).to.deep.equal([]);
    expect(await readRememberedLogin()).to.include({ type: 'sms', username: '9171234567' });
  });

  it('a refused outcome reaches neither the page nor the navigation', () => {
    const m = new LoginFormModel();
    const seen: LoginDetail[] = [];
    m.handlers = { onLogin: (d) => (seen.push(d), true) };
    m.done({ ok: false, errorCode: 'login.cred.err' });
    expect(seen).to.deep.equal([]);
    expect(navigations).to.deep.equal([]);
  });

  it('SMS code: a closed challenge asks nothing; an expiry already past counts 60 s', async () => {
    clock = installClock(1_000_000);
    const m = new LoginFormModel();
    m.mobile.value = '91234567';
    await m.sendSmsCode('65', solvedRow(true));
    expect(stub!.to(endpoints.smsNoLogin.path)).to.have.length(0);
    smsAnswer = { expirationTime: 999_000 };
    const captcha = solvedRow();
    await m.sendSmsCode('65', captcha);
    expect(JSON.parse(stub!.to(endpoints.smsNoLogin.path)[0]!.body ?? '{}')).to.include({ geetestValidateV4: 'v4-pass' });
    expect(m.codeUntil.value).to.equal(1_000_000 + 60_000);
  });
});

describe('LoginFormModel: on mount (docs/product.md §4, remembered login and auto login)', () => {
  beforeEach(() => (merchantCode.value = 'DEMO01'));
  afterEach(() => (merchantCode.value = ''));

  it('a remembered username login fills the name and ticks Remember me; the password tab stays', async () => {
    await saveRememberedLogin({ type: 'username', username: 'keeper', password: 'Kept1234', merchant: 'DEMO01', autoLogin: 1 });
    const m = new LoginFormModel();
    m.start();
    await waitFor(() => expect(m.remember.value).to.equal(true));
    expect([m.tab.value, m.username.value, m.password.value, m.mobile.value]).to.deep.equal(['password', 'keeper', '', '']);
  });

  it('a remembered SMS login opens the SMS tab with the number', async () => {
    await saveRememberedLogin({ type: 'sms', username: '9171234567', merchant: 'DEMO01', autoLogin: 1 });
    const m = new LoginFormModel();
    m.start();
    await waitFor(() => expect(m.remember.value).to.equal(true));
    expect([m.tab.value, m.username.value, m.mobile.value]).to.deep.equal(['sms', '', '9171234567']);
  });

  it('nothing remembered: nothing filled, Remember me stays off', async () => {
    const m = new LoginFormModel();
    m.start();
    await waitFor(() => expect(stub!.to(endpoints.systemStatus.path)).to.have.length(1));
    await sleep(30);
    expect([m.tab.value, m.username.value, m.remember.value]).to.deep.equal(['password', '', false]);
  });

  it('auto login runs once per form, even after a refusal once the lock is gone; a success goes on like any login', async () => {
    await saveRememberedLogin({ type: 'username', username: 'keeper', password: 'Kept1234', merchant: 'DEMO01', autoLogin: 1 });
    await loadSiteStatus();
    loginAnswer = () => json({ success: false, errorCode: 'server.error', message: 'Try later' }, 500);
    clock = installClock();
    const m = new LoginFormModel();
    m.autoLogin('');
    await waitFor(() => expect(logins()).to.have.length(1));
    await clock.tickAsync(500); // the login lock
    expect(loginBusy.value).to.equal(false);
    m.autoLogin('');
    await sleep(50);
    expect(logins(), 'the same form tries no second time').to.have.length(1);

    loginAnswer = () => json({ success: true, value: LOGIN });
    const other = new LoginFormModel();
    const seen: LoginDetail[] = [];
    other.handlers = { onLogin: (d) => (seen.push(d), true) };
    other.autoLogin('');
    await waitFor(() => expect(seen).to.have.length(1));
    expect(logins()).to.have.length(2);
    expect(logins()[1]).to.include({ username: 'keeper', password: 'Kept1234' });
    expect(navigations).to.deep.equal(['/m/home']);
  });
});
