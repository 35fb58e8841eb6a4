/**
 * The two-factor model (src/features/two-factor/model.ts): tab order and default tab (docs/product.md §2, §4),
 * validation (docs/product.md §5), the verification payload (docs/product.md §3), the send-code countdown end (docs/product.md §4,
 * §9), and the page's shared verification (openTwoFactor, auto owners). `window.fetch` is stubbed.
 */
import { expect } from 'chai';
import { endpoints } from '../../src/contract/endpoints.ts';
import { apiBase, merchantCode } from '../../src/core/config/config.ts';
import { notices } from '../../src/core/notice/notices.ts';
import {
  AUTH_CODE_PATTERN,
  DEFAULT_COUNTDOWN_MS,
  IDP_COUNTDOWN_MS,
  attachAuto,
  defaultTab,
  openTwoFactor,
  requiredTabs,
  sendCode,
  sharedOwner,
  sharedVerification,
  toState,
  validate,
  validateSendCode,
  verificationPayload,
  type Fields,
  type TwoFactorMethod,
  type Validation,
} from '../../src/features/two-factor/model.ts';
import { json, stubFetch, type FetchStub } from '../browser-helpers/helpers.ts';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';

let stub: FetchStub | undefined;
let clock: FakeClock | undefined;
const detaches: (() => void)[] = [];

function reset() {
  stub?.restore();
  stub = undefined;
  clock?.uninstall();
  clock = undefined;
  detaches.splice(0).forEach((d) => d());
  sharedVerification.peek()?.cancel();
  sharedVerification.value = undefined;
  document.querySelectorAll('wps-two-factor').forEach((el) => el.remove());
  notices.value = [];
  sessionStorage.clear();
  merchantCode.value = '';
  apiBase.value = '';
}
beforeEach(reset);
afterEach(reset);

describe('two-factor tabs (docs/product.md §2, §4)', () => {
  const rows: [string, Record<string, unknown>, TwoFactorMethod[], TwoFactorMethod | undefined][] = [
    ['none', {}, [], undefined],
    ['all false', { sms: false, ga: false, email: false, payeeName: false }, [], undefined],
    ['sms', { sms: true }, ['sms'], 'sms'],
    ['ga', { ga: true }, ['ga'], 'ga'],
    ['email', { email: true }, ['email'], 'email'],
    ['payeeName', { payeeName: true }, ['payeeName'], 'payeeName'],
    ['all', { payeeName: true, email: true, ga: true, sms: true }, ['sms', 'ga', 'email', 'payeeName'], 'sms'],
    ['email + ga', { email: true, ga: true }, ['ga', 'email'], 'ga'],
    ['payeeName + sms', { payeeName: true, sms: true }, ['sms', 'payeeName'], 'sms'],
    ['email + payeeName', { email: true, payeeName: true, sms: false }, ['email', 'payeeName'], 'email'],
    ['ga + payeeName', { ga: true, payeeName: true }, ['ga', 'payeeName'], 'ga'],
    ['only true counts (not "true" or 1)', { sms: 'true', ga: 1, email: true }, ['email'], 'email'],
    // What the reference server answers (issue 26): by default only the possession factors are offered…
    ['server default (demo): possession only', { email: false, ga: true, sms: true, payeeName: false }, ['sms', 'ga'], 'sms'],
    // …and a merchant with knowledge checks on (demo2) flags all four.
    [
      'knowledge checks on (demo2)',
      { email: true, ga: true, sms: true, payeeName: true },
      ['sms', 'ga', 'email', 'payeeName'],
      'sms',
    ],
  ];
  for (const [name, flags, tabs, active] of rows) {
    it(`${name} → [${tabs.join(', ')}], active ${active}`, () => {
      expect(requiredTabs(flags)).to.deep.equal(tabs);
      expect(defaultTab(flags)).to.equal(active);
    });
  }
});

describe('two-factor validation (docs/product.md §5)', () => {
  const f = (fields: Partial<Fields>) => fields;
  const rows: [string, TwoFactorMethod, Partial<Fields>, Validation][] = [
    ['email empty', 'email', f({}), { ok: false, field: 'email', reason: 'required' }],
    ['email blank', 'email', f({ email: '   ' }), { ok: false, field: 'email', reason: 'required' }],
    ['email malformed', 'email', f({ email: 'player@' }), { ok: false, field: 'email', reason: 'format' }],
    ['email with a space', 'email', f({ email: 'pl ayer@example.com' }), { ok: false, field: 'email', reason: 'format' }],
    ['email trimmed', 'email', f({ email: '  player@example.com \t' }), { ok: true, values: { email: 'player@example.com' } }],
    ['payeeName empty', 'payeeName', f({ payeeName: '' }), { ok: false, field: 'payeeName', reason: 'required' }],
    ['payeeName trimmed', 'payeeName', f({ payeeName: ' Tan Ah Kow ' }), { ok: true, values: { payeeName: 'Tan Ah Kow' } }],
    ['ga empty', 'ga', f({}), { ok: false, field: 'authCode', reason: 'required' }],
    ['ga five digits', 'ga', f({ authCode: '12345' }), { ok: false, field: 'authCode', reason: 'format' }],
    ['ga letters', 'ga', f({ authCode: '12a456' }), { ok: false, field: 'authCode', reason: 'format' }],
    ['ga trimmed', 'ga', f({ authCode: ' 123456 ' }), { ok: true, values: { authCode: '123456' } }],
    ['sms nothing', 'sms', f({}), { ok: false, field: 'mobileNum', reason: 'required' }],
    ['sms no code', 'sms', f({ mobileNum: '91234567' }), { ok: false, field: 'verificationCode', reason: 'required' }],
    ['sms no number', 'sms', f({ verificationCode: '1234' }), { ok: false, field: 'mobileNum', reason: 'required' }],
    [
      'sms both, trimmed',
      'sms',
      f({ mobileNum: ' 91234567 ', verificationCode: ' 0420 ', email: 'ignored' }),
      { ok: true, values: { mobileNum: '91234567', verificationCode: '0420' } },
    ],
  ];
  for (const [name, method, fields, expected] of rows) {
    it(name, () => expect(validate(method, fields)).to.deep.equal(expected));
  }

  it('sending a code needs a mobile number and a dialling code (sent as given, trimmed)', () => {
    expect(validateSendCode({ countryDialingCode: '65', mobileNum: ' ' })).to.deep.equal({
      ok: false,
      field: 'mobileNum',
      reason: 'required',
    });
    expect(validateSendCode({ countryDialingCode: '', mobileNum: '91234567' })).to.deep.equal({
      ok: false,
      field: 'countryDialingCode',
      reason: 'required',
    });
    expect(validateSendCode({ countryDialingCode: ' +65', mobileNum: ' 91234567' })).to.deep.equal({
      ok: true,
      values: { countryDialingCode: '+65', mobileNum: '91234567' },
    });
  });

  it('an authenticator code is exactly six digits', () => {
    expect(['123456', '000000'].map((c) => AUTH_CODE_PATTERN.test(c))).to.deep.equal([true, true]);
    expect(['12345', '1234567', '12 456', 'abcdef'].map((c) => AUTH_CODE_PATTERN.test(c))).to.deep.equal([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('two-factor request (docs/product.md §3)', () => {
  const state = toState({ username: 'player1', password: 'Secret123', flags: { sms: true } });
  const rows: [TwoFactorMethod, Partial<Fields>, Record<string, string>][] = [
    ['email', { email: 'a@b.co' }, { method: 'E', email: 'a@b.co' }],
    ['payeeName', { payeeName: 'Tan' }, { method: 'P', payeeName: 'Tan' }],
    ['ga', { authCode: '123456' }, { method: 'G', authCode: '123456' }],
    [
      'sms',
      { mobileNum: '91234567', verificationCode: '0420' },
      { method: 'S', mobileNum: '91234567', verificationCode: '0420' },
    ],
  ];
  for (const [method, values, expected] of rows) {
    it(`${method}: method ${expected.method} and only its fields`, () => {
      expect(verificationPayload(state, method, values)).to.deep.equal({
        username: 'player1',
        password: 'Secret123',
        ...expected,
      });
    });
  }

  it('identity-provider route: firebaseIdToken is sent, password only when there is one', () => {
    const idp = toState({ username: 'player1', flags: { ga: true }, firebaseIdToken: 'id-token', route: 'identityProvider' });
    expect(verificationPayload(idp, 'ga', { authCode: '123456' })).to.deep.equal({
      username: 'player1',
      method: 'G',
      authCode: '123456',
      firebaseIdToken: 'id-token',
    });
    expect(idp.route).to.equal('identityProvider');
    expect(toState({ username: 'x', flags: {}, route: 'bogus' as never }).route).to.equal('password');
  });
});

describe('send code (docs/product.md §4, §9)', () => {
  const answer = (value: unknown) => {
    stub = stubFetch((c) =>
      c.url.pathname === endpoints.smsNoLogin.path ? json({ success: true, value }) : json({ success: false }, 404),
    );
  };

  it('POSTs countryDialingCode and mobileNum, and counts down to expirationTime', async () => {
    clock = installClock();
    answer({ expirationTime: 45_000 });
    expect(await sendCode('65', '91234567')).to.equal(45_000);
    const [req] = stub!.to(endpoints.smsNoLogin.path);
    expect(req!.method).to.equal('POST');
    expect(JSON.parse(req!.body!)).to.deep.equal({ countryDialingCode: '65', mobileNum: '91234567' });
  });

  it('60 s on the identity-provider route, whatever the answer says', async () => {
    clock = installClock();
    await clock.tickAsync(5_000);
    answer({ expirationTime: 300_000 });
    expect(IDP_COUNTDOWN_MS).to.equal(60_000);
    expect(await sendCode('65', '91234567', 'identityProvider')).to.equal(5_000 + 60_000);
  });

  it('an answer without an expiry in the future counts 60 s', async () => {
    clock = installClock();
    await clock.tickAsync(10_000);
    answer({ expirationTime: 9_000 });
    expect(await sendCode('65', '91234567')).to.equal(10_000 + DEFAULT_COUNTDOWN_MS);
    answer({});
    expect(await sendCode('65', '91234567')).to.equal(10_000 + DEFAULT_COUNTDOWN_MS);
  });

  it('a refusal rejects with the server message and posts no notice (the modal shows it)', async () => {
    stub = stubFetch(() => json({ success: false, errorCode: 'sms.too.often', message: 'Too often' }, 400));
    const err = await sendCode('65', '91234567').then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err?.message).to.equal('Too often');
    expect(notices.value).to.deep.equal([]);
  });
});

describe('openTwoFactor: the shared verification (docs/product.md §4, §8)', () => {
  it("opens with the login's detail; the first auto owner shows it; closing resolves undefined", async () => {
    const owner = {};
    detaches.push(attachAuto(owner), attachAuto({}));
    expect(sharedOwner.value).to.equal(owner);
    const outcome = openTwoFactor({
      username: 'player1',
      password: 'Secret123',
      flags: { email: true, ga: true },
      title: 'New IP',
    });
    const v = sharedVerification.value!;
    expect(v.state.username).to.equal('player1');
    expect(v.state.password).to.equal('Secret123');
    expect(v.state.title).to.equal('New IP');
    expect(v.tabs).to.deep.equal(['ga', 'email']);
    expect(v.active.value).to.equal('ga');
    expect(document.querySelector('wps-two-factor'), 'an owner is there: nothing added').to.equal(null);
    v.cancel();
    expect(await outcome).to.equal(undefined);
    expect(sharedVerification.value).to.equal(undefined);
  });

  it('with no auto owner on the page, it adds a <wps-two-factor auto> to the body (once)', async () => {
    const first = openTwoFactor({ username: 'p', flags: { ga: true } });
    const second = openTwoFactor({ username: 'p', flags: { sms: true } });
    expect(document.querySelectorAll('wps-two-factor[auto]').length).to.equal(1);
    expect(await first).to.equal(undefined);
    sharedVerification.value!.cancel();
    expect(await second).to.equal(undefined);
  });

  it('without any required method there is nothing to verify: notice, and the outcome is undefined', async () => {
    detaches.push(attachAuto({}));
    expect(await openTwoFactor({ username: 'p', flags: {}, message: 'Odd answer' })).to.equal(undefined);
    expect(await openTwoFactor({ username: 'p', flags: {}, title: 'Old caller' })).to.equal(undefined);
    expect(notices.value.map((n) => n.message)).to.deep.equal(['Odd answer', 'Old caller']);
  });

  it('when the last auto owner leaves, an open verification closes', async () => {
    const leave = attachAuto({});
    const outcome = openTwoFactor({ username: 'p', flags: { ga: true } });
    leave();
    expect(await outcome).to.equal(undefined);
    expect(sharedVerification.value).to.equal(undefined);
  });

  it('a newer openTwoFactor replaces an open one (the first resolves undefined)', async () => {
    detaches.push(attachAuto({}));
    const first = openTwoFactor({ username: 'a', flags: { ga: true } });
    const second = openTwoFactor({ username: 'b', flags: { email: true } });
    expect(await first).to.equal(undefined);
    expect(sharedVerification.value!.state.username).to.equal('b');
    sharedVerification.value!.cancel();
    expect(await second).to.equal(undefined);
  });
});
