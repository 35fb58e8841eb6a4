/**
 * registrationPayload (docs/product.md §3 registration payload, §5 default password for mobile registration).
 * nextAfterLogin is covered by test/core/remembered-login.test.ts. changePassword (§4, the forced change).
 * What a login leaves remembered (§4 remembered login); the SMS code request and the suggested
 * username when their call fails.
 */
import { expect } from 'chai';
import { DEFAULT_PASSWORD } from '../../src/contract/constants.ts';
import { siteStatus } from '../../src/core/config/siteStatus.ts';
import { IN_APP_KEY } from '../../src/core/env/env.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { notices } from '../../src/core/notice/notices.ts';
import { merchantCode } from '../../src/core/config/config.ts';
import { readRememberedLogin, saveRememberedLogin } from '../../src/core/session/rememberedLogin.ts';
import { clearSession, session } from '../../src/core/session/sessionInfo.ts';
import {
  changePassword,
  login,
  loginBusy,
  register,
  registerBusy,
  registrationPayload,
  sendLoginCode,
  suggestUsername,
  type RegisterRequest,
} from '../../src/features/sign-in/model.ts';
import { installClock } from '../browser-helpers/clock.ts';
import { json, stubFetch, type FetchStub } from '../browser-helpers/helpers.ts';
import { rsaPair, unsealBody } from '../browser-helpers/sealed.ts';
import { fakeProperty, statusFixture } from '../browser-helpers/status.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function withMobilePassword(on: boolean | undefined) {
  const s = statusFixture();
  siteStatus.value = {
    ...s,
    info: { ...s.info, register: { captcha: { enabled: false }, ...(on === undefined ? {} : { mobilePassword: on }) } },
  };
}

beforeEach(() => {
  sessionStorage.clear();
  siteStatus.value = undefined;
});
afterEach(() => {
  sessionStorage.clear();
  siteStatus.value = undefined;
});

describe('registrationPayload: fields common to every registration (docs/product.md §3)', () => {
  it('registerMethod H5 in a normal tab, registerUrl, a UUID loginDeviceId, domain, login true, no codes', async () => {
    const p = await registrationPayload({ by: 'username', username: 'abc1', password: 'Secret123' });
    expect(p.registerMethod).to.equal('H5');
    expect(p.registerUrl).to.equal(location.href);
    expect(String(p.loginDeviceId)).to.match(UUID);
    expect(p.isOfficialAppLogin).to.equal(false);
    expect(p.domain).to.equal(location.hostname);
    expect(p.login).to.equal(true);
    expect(p.referralCode).to.equal(undefined);
    expect(p.affiliateCode).to.equal(undefined);
  });

  const codes: { name: string; stored?: object; attr?: string; referral?: string; affiliate?: string; domain?: string }[] = [
    { name: 'nothing stored, no code given', referral: undefined, affiliate: undefined },
    { name: 'stored codes', stored: { referralCode: 'R1', affiliateCode: 'A1' }, referral: 'R1', affiliate: 'A1' },
    {
      name: 'a given code overrides the stored referral code',
      stored: { referralCode: 'R1', affiliateCode: 'A1' },
      attr: 'AGENT1',
      referral: 'AGENT1',
      affiliate: 'A1',
    },
    { name: 'a given code without a stored one', attr: 'AGENT1', referral: 'AGENT1' },
    { name: 'an empty given code falls back to the stored one', stored: { referralCode: 'R1' }, attr: '', referral: 'R1' },
    { name: 'the stored original domain', stored: { originalDomain: 'lucky.example' }, domain: 'lucky.example' },
  ];
  for (const row of codes) {
    it(`codes and domain: ${row.name}`, async () => {
      if (row.stored) sessionStorage.setItem('wps:registrationInfo', JSON.stringify(row.stored));
      const p = await registrationPayload({ by: 'username', username: 'abc1', password: 'Secret123' }, row.attr);
      expect(p.referralCode).to.equal(row.referral);
      expect(p.affiliateCode).to.equal(row.affiliate);
      expect(p.domain).to.equal(row.domain ?? location.hostname);
    });
  }
});

describe('registrationPayload: credentials by method (docs/product.md §3, §5)', () => {
  const rows: { name: string; mobilePassword?: boolean; req: RegisterRequest; expect: Record<string, unknown> }[] = [
    {
      name: 'username: trimmed username, password as typed',
      req: { by: 'username', username: '  abc1 ', password: ' Secret123' },
      expect: { username: 'abc1', password: ' Secret123', mobileNum: undefined, countryDialingCode: undefined },
    },
    {
      name: 'mobile, option off: the default password even when one is given',
      mobilePassword: false,
      req: { by: 'mobile', countryDialingCode: '+63', mobileNum: ' 9171230000 ', password: 'Mine1234' },
      expect: { mobileNum: '9171230000', countryDialingCode: '+63', password: DEFAULT_PASSWORD, username: undefined },
    },
    {
      name: 'mobile, option absent from the status: the default password',
      req: { by: 'mobile', countryDialingCode: '+63', mobileNum: '9171230000' },
      expect: { password: DEFAULT_PASSWORD },
    },
    {
      name: 'mobile, option on: the given password',
      mobilePassword: true,
      req: { by: 'mobile', countryDialingCode: '+63', mobileNum: '9171230000', password: 'Mine1234' },
      expect: { password: 'Mine1234' },
    },
    {
      name: 'mobile, option on but no password given: the default password',
      mobilePassword: true,
      req: { by: 'mobile', countryDialingCode: '+63', mobileNum: '9171230000' },
      expect: { password: DEFAULT_PASSWORD },
    },
    {
      name: 'mobile with an optional username (trimmed; blank means none)',
      req: { by: 'mobile', countryDialingCode: '+63', mobileNum: '9171230000', username: ' mob1 ' },
      expect: { username: 'mob1' },
    },
    {
      name: 'mobile with a blank username',
      req: { by: 'mobile', countryDialingCode: '+63', mobileNum: '9171230000', username: '   ' },
      expect: { username: undefined },
    },
    {
      name: 'captcha fields are carried',
      req: { by: 'username', username: 'abc1', password: 'Secret123', captcha: { geetestChallenge: 'ch', geetestSeccode: 'sc' } },
      expect: { geetestChallenge: 'ch', geetestSeccode: 'sc' },
    },
  ];
  for (const row of rows) {
    it(row.name, async () => {
      withMobilePassword(row.mobilePassword);
      const p = (await registrationPayload(row.req)) as unknown as Record<string, unknown>;
      for (const [k, v] of Object.entries(row.expect)) expect(p[k], k).to.equal(v);
      expect(p.login).to.equal(true);
    });
  }
});

describe('registrationPayload: registerMethod by environment (docs/product.md §3)', () => {
  const rows: { name: string; ua?: string; inApp?: string; standalone?: boolean; method: string; official?: boolean }[] = [
    { name: 'a normal tab', method: 'H5' },
    {
      name: 'the native app (WPSApp/ in the user agent)',
      ua: 'Mozilla/5.0 (Linux; Android 13) WPSApp/2.3.1',
      method: 'APP',
      official: true,
    },
    { name: 'inApp=1 remembered for the session', inApp: '1', method: 'APP', official: false },
    { name: 'an installed app on Android', ua: 'Mozilla/5.0 (Linux; Android 13) Chrome/120', standalone: true, method: 'PWA' },
    {
      name: 'a home-screen web clip on iOS',
      ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) Mobile/15E148',
      standalone: true,
      method: 'WEBCLIP',
    },
  ];
  for (const row of rows) {
    it(`${row.name}: ${row.method}`, async () => {
      const undo: (() => void)[] = [];
      try {
        if (row.ua) undo.push(fakeProperty(navigator, 'userAgent', () => row.ua!));
        if (row.standalone) undo.push(fakeProperty(navigator, 'standalone', () => true));
        if (row.inApp) sessionStorage.setItem(IN_APP_KEY, JSON.stringify(row.inApp));
        const p = await registrationPayload({ by: 'username', username: 'abc1', password: 'Secret123' });
        expect(p.registerMethod).to.equal(row.method);
        expect(p.isOfficialAppLogin).to.equal(row.official ?? false);
      } finally {
        undo.reverse().forEach((u) => u());
      }
    });
  }
});

describe('changePassword: the forced or voluntary change (docs/product.md §4)', () => {
  let stub: FetchStub | undefined;
  let answer: () => Response;
  beforeEach(() => {
    notices.value = [];
    session.value = { id: 1, token: 'tok-1', merchantCode: 'DEMO01', type: 0 };
    sessionStorage.setItem('wps:passwordChange', JSON.stringify({ forced: true }));
    stub = stubFetch((c) => {
      if (c.url.pathname === endpoints.rsaKey.path) return json({ success: true, value: rsaPair().value });
      if (c.url.pathname === endpoints.memberPassword.path) return answer();
      return json({ success: false, errorCode: 'not.found' }, 404);
    });
  });
  afterEach(() => {
    stub?.restore();
    session.value = undefined;
    notices.value = [];
  });

  it('sends the current and the new password; success clears the forced-change mark and says so', async () => {
    answer = () => json({ success: true, value: null });
    expect(await changePassword('Old12345', 'New12345')).to.equal(true);
    const calls = stub!.to(endpoints.memberPassword.path);
    expect(calls).to.have.length(1);
    expect(unsealBody(calls[0]!.headers, calls[0]!.body)).to.include({ oldPassword: 'Old12345', newPassword: 'New12345' });
    expect(sessionStorage.getItem('wps:passwordChange')).to.equal(null);
    expect(notices.value.map((n) => n.messageKey)).to.deep.equal(['change_password.success']);
  });

  it('a refusal keeps the mark and reports false', async () => {
    answer = () => json({ success: false, errorCode: 'password.invalid', message: 'Wrong current password' }, 400);
    expect(await changePassword('Bad12345', 'New12345')).to.equal(false);
    expect(JSON.parse(sessionStorage.getItem('wps:passwordChange')!)).to.deep.equal({ forced: true });
    expect(notices.value.map((n) => n.messageKey)).to.not.include('change_password.success');
  });
});

describe('one login and one registration at a time (docs/product.md §4, registration flow)', () => {
  let stub: FetchStub | undefined;
  let release!: () => void;
  beforeEach(() => {
    const held = new Promise<void>((r) => (release = r));
    stub = stubFetch(async (c) => {
      if (c.url.pathname === endpoints.rsaKey.path) return json({ success: true, value: rsaPair().value });
      await held;
      return json({ success: false, errorCode: 'server.error', message: 'Try later' }, 500);
    });
  });
  afterEach(() => {
    stub?.restore();
    loginBusy.value = false;
    registerBusy.value = false;
    notices.value = [];
  });

  it('a second login while one runs: { ok: false, busy: true }, nothing sent', async () => {
    const clock = installClock(); // the 500 ms lock stays on the fake clock
    try {
      const first = login({ type: 'username', username: 'player1', password: 'Secret123' });
      expect(await login({ type: 'username', username: 'player1', password: 'Secret123' })).to.deep.equal({
        ok: false,
        busy: true,
      });
      release();
      expect((await first).ok).to.equal(false);
      expect(stub!.to(endpoints.login.path)).to.have.length(1);
    } finally {
      clock.uninstall();
    }
  });

  it('a second registration while one runs: { ok: false }, nothing sent', async () => {
    const first = register({ by: 'username', username: 'abc1', password: 'Secret123' });
    expect(await register({ by: 'username', username: 'abc2', password: 'Secret123' })).to.deep.equal({ ok: false });
    release();
    expect((await first).ok).to.equal(false);
    expect(stub!.to(endpoints.register.path)).to.have.length(1);
  });
});

describe('what a login leaves remembered (docs/product.md §4 remembered login)', () => {
  let stub: FetchStub | undefined;
  let clock: ReturnType<typeof installClock> | undefined;
  const LOGIN = { id: 11, token: 'tok-m', userName: 'player1', customerType: 0, firstTimeLogin: false, passwordExpired: false };
  const KEPT = { type: 'username', username: 'keeper', merchant: 'DEMO01', autoLogin: 1, password: 'Kept1234' } as const;
  beforeEach(() => {
    merchantCode.value = 'DEMO01';
    localStorage.clear();
    clock = installClock(Date.now()); // the 500 ms login lock stays on the fake clock
    stub = stubFetch((c) => {
      if (c.url.pathname === endpoints.rsaKey.path) return json({ success: true, value: rsaPair().value });
      if (c.url.pathname === endpoints.login.path) return json({ success: true, value: LOGIN });
      if (c.url.pathname === endpoints.memberInfo.path)
        return json({ success: true, value: { type: 0, id: 11, userName: 'player1', language: 'EN', clubLabel: null } });
      return json({ success: false, errorCode: 'not.found' }, 404);
    });
  });
  afterEach(() => {
    stub?.restore();
    clock?.uninstall();
    loginBusy.value = false;
    clearSession();
    localStorage.clear();
    merchantCode.value = '';
  });

  it('a username login with Remember me: the trimmed name and the password, auto login on', async () => {
    expect((await login({ type: 'username', username: ' player1 ', password: 'Secret123', remember: true })).ok).to.equal(true);
    expect(await readRememberedLogin()).to.deep.equal({
      type: 'username',
      username: 'player1',
      merchant: 'DEMO01',
      autoLogin: 1,
      password: 'Secret123',
    });
  });

  it('an SMS login with Remember me: the trimmed mobile number, no password', async () => {
    const ok = await login({
      type: 'sms',
      countryDialingCode: '+63',
      mobileNum: ' 9171234567 ',
      verificationCode: '123456',
      remember: true,
    });
    expect(ok.ok).to.equal(true);
    expect(await readRememberedLogin()).to.deep.equal({
      type: 'sms',
      username: '9171234567',
      merchant: 'DEMO01',
      autoLogin: 1,
      password: undefined,
    });
  });

  it('Remember me unticked: the login remembered before is forgotten', async () => {
    await saveRememberedLogin(KEPT);
    expect((await login({ type: 'username', username: 'player1', password: 'Secret123', remember: false })).ok).to.equal(true);
    expect(await readRememberedLogin()).to.equal(undefined);
  });

  it('an identity-provider login leaves the remembered login as it was', async () => {
    await saveRememberedLogin(KEPT);
    expect((await login({ type: 'firebase', firebaseChannel: 'google.com', firebaseIdToken: 'id-1' })).ok).to.equal(true);
    expect(await readRememberedLogin()).to.deep.equal(KEPT);
  });
});

describe('sendLoginCode and suggestUsername when their call fails or has nothing to send', () => {
  let stub: FetchStub | undefined;
  let answer: () => Response;
  beforeEach(() => {
    stub = stubFetch((c) => {
      if (c.url.pathname === endpoints.rsaKey.path) return json({ success: true, value: rsaPair().value });
      return answer();
    });
  });
  afterEach(() => {
    stub?.restore();
    notices.value = [];
  });

  it('a blank mobile number sends nothing; a number is sent trimmed; the answer gives the expiry', async () => {
    answer = () => json({ success: true, value: { expirationTime: 1_800_000_000_000 } });
    expect(await sendLoginCode('+63', '   ')).to.equal(undefined);
    expect(stub!.to(endpoints.smsNoLogin.path)).to.have.length(0);
    expect(await sendLoginCode('+63', ' 9171234567 ')).to.equal(1_800_000_000_000);
    const calls = stub!.to(endpoints.smsNoLogin.path);
    expect(calls).to.have.length(1);
    const body = calls[0]!.headers.get('Encryption')
      ? unsealBody(calls[0]!.headers, calls[0]!.body)
      : JSON.parse(calls[0]!.body!);
    expect(body).to.include({ countryDialingCode: '+63', mobileNum: '9171234567' });
  });

  it('a refused code request or one answered without a value resolves with no expiry', async () => {
    answer = () => json({ success: false, errorCode: 'server.error', message: 'Try later' }, 500);
    expect(await sendLoginCode('+63', '9171234567')).to.equal(undefined);
    answer = () => json({ success: true, value: null });
    expect(await sendLoginCode('+63', '9171234567')).to.equal(undefined);
  });

  it('a refused or empty suggestion resolves with no name', async () => {
    answer = () => json({ success: false, errorCode: 'server.error', message: 'Try later' }, 500);
    expect(await suggestUsername()).to.equal(undefined);
    answer = () => json({ success: true, value: null });
    expect(await suggestUsername()).to.equal(undefined);
  });
});
