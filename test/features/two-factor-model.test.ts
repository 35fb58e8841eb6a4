/**
 * The two-factor model's state transitions, no view (src/features/two-factor/model.ts; docs/product.md
 * §4, §5, §8, §9): input → verifying → passed (1.5 s) → verified 500 ms later; a refusal back to input
 * with the codes cleared; a cancel; the send-code countdown freeing the button at the end.
 */
import { expect } from 'chai';
import { endpoints, type LoginValue } from '../../src/contract/endpoints.ts';
import {
  COMPLETE_DELAY_MS,
  IDP_COUNTDOWN_MS,
  PASS_MESSAGE_MS,
  TwoFactorVerification,
  attachAuto,
  errorText,
  openTwoFactor,
  sharedOwner,
  sharedVerification,
  startVerification,
  toFlags,
  validate,
  type Outcome,
} from '../../src/features/two-factor/model.ts';
import { ApiError } from '../../src/core/api/client.ts';
import { notices } from '../../src/core/notice/notices.ts';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';
import { json, stubFetch, type FetchStub } from '../browser-helpers/helpers.ts';
import { rsaPair } from '../browser-helpers/sealed.ts';

const LOGIN = { token: 't', userName: 'player1' } as unknown as LoginValue;
let verifyAnswer: () => Response = () => json({ success: true, value: LOGIN });
let stub: FetchStub | undefined;
let clock: FakeClock | undefined;
const open: TwoFactorVerification[] = [];

// The verification is sealed with WebCrypto: real time, outside the fake clock.
const realSetTimeout = window.setTimeout.bind(window);
async function until(test: () => boolean) {
  for (let i = 0; i < 300 && !test(); i++) await new Promise((r) => realSetTimeout(r, 10));
  expect(test()).to.equal(true);
}

beforeEach(() => {
  verifyAnswer = () => json({ success: true, value: LOGIN });
  stub = stubFetch((c) => {
    if (c.url.pathname === endpoints.rsaKey.path) return json({ success: true, value: rsaPair().value });
    if (c.url.pathname === endpoints.loginVerification.path) return verifyAnswer();
    if (c.url.pathname === endpoints.smsNoLogin.path) return json({ success: true, value: {} });
    return json({ success: false, errorCode: 'not.found' }, 404);
  });
  clock = installClock(1_000_000);
});
afterEach(() => {
  open.splice(0).forEach((v) => v.cancel());
  clock?.uninstall();
  stub?.restore();
});

function start(flags: Record<string, boolean>, extra: Record<string, unknown> = {}) {
  const v = new TwoFactorVerification({ username: 'player1', password: 'Secret123', flags, countryDialingCode: '65', ...extra });
  open.push(v);
  return v;
}

describe('TwoFactorVerification transitions (docs/product.md §4, §9)', () => {
  it('input → verifying → passed for 1500 ms → hidden, then verified 500 ms later with the LoginValue', async () => {
    expect(PASS_MESSAGE_MS).to.equal(1500);
    expect(COMPLETE_DELAY_MS).to.equal(500);
    const v = start({ ga: true });
    let outcome: Outcome | 'pending' = 'pending';
    void v.done.then((o) => (outcome = o));
    expect(v.phase.value).to.equal('input');
    v.setField('authCode', ' 123456 ');
    const confirming = v.confirm();
    expect(v.phase.value).to.equal('verifying');
    await confirming;
    expect(v.phase.value).to.equal('passed');
    expect(v.visible.value).to.equal(true);
    await clock!.tickAsync(PASS_MESSAGE_MS - 1);
    expect(v.visible.value).to.equal(true);
    await clock!.tickAsync(1);
    expect(v.visible.value).to.equal(false);
    expect(v.phase.value).to.equal('passed');
    await clock!.tickAsync(COMPLETE_DELAY_MS - 1);
    expect(outcome).to.equal('pending');
    await clock!.tickAsync(1);
    expect(v.phase.value).to.equal('verified');
    expect(outcome).to.deep.include({ userName: 'player1' });
    v.cancel();
    expect(v.phase.value).to.equal('verified');
  });

  it('a malformed field stays in input: marked, focused, nothing sent (docs/product.md §5)', async () => {
    const v = start({ ga: true });
    v.setField('authCode', '12345');
    await v.confirm();
    expect(v.phase.value).to.equal('input');
    expect(v.invalid.value).to.deep.equal({ field: 'authCode', reason: 'format' });
    expect(v.focus.value?.field).to.equal('authCode');
    expect(stub!.to(endpoints.loginVerification.path)).to.have.length(0);
    v.setField('authCode', '123456');
    expect(v.invalid.value).to.equal(undefined);
  });

  it('a refusal goes back to input with the message, the email and codes cleared (docs/product.md §8)', async () => {
    verifyAnswer = () => json({ success: false, errorCode: 'verify.failed', message: 'Wrong code' }, 400);
    const v = start({ sms: true, email: true }, { mobileNum: '91234567' });
    v.setField('verificationCode', '0420');
    v.setField('email', 'a@b.co');
    await v.confirm();
    expect(v.phase.value).to.equal('input');
    expect(v.error.value).to.deep.equal({ message: 'Wrong code', key: 'unknown_error' });
    expect(v.fields.value).to.deep.include({ mobileNum: '91234567', verificationCode: '', email: '' });
    expect(v.focus.value?.field).to.equal('verificationCode');
  });

  it('cancel before verifying: cancelled, undefined, and later actions are ignored', async () => {
    const v = start({ ga: true });
    v.cancel();
    expect(v.phase.value).to.equal('cancelled');
    expect(await v.done).to.equal(undefined);
    v.setField('authCode', '123456');
    await v.confirm();
    expect(stub!.to(endpoints.loginVerification.path)).to.have.length(0);
  });

  it('send code on the identity-provider route: 60 s countdown, the button free again at the end', async () => {
    expect(IDP_COUNTDOWN_MS).to.equal(60_000);
    const v = start({ sms: true }, { route: 'identityProvider', mobileNum: '91234567' });
    expect(await v.sendCode()).to.equal(true);
    expect(v.secondsLeft.value).to.equal(60);
    expect(await v.sendCode()).to.equal(false);
    await clock!.tickAsync(59_000);
    expect(v.secondsLeft.value).to.equal(1);
    await clock!.tickAsync(1_000);
    expect(v.secondsLeft.value).to.equal(0);
    await until(() => !v.sending.value);
  });
});

describe('TwoFactorVerification: the rest of its rules', () => {
  it('error texts: the server message; a timeout and a broken line by their keys; anything else unknown_error', () => {
    const err = (code: string | undefined, message?: string) =>
      new ApiError(undefined, code, message, undefined, 'none' as never);
    expect(errorText(err('verify.failed', 'Wrong code'))).to.deep.equal({ message: 'Wrong code', key: 'unknown_error' });
    expect(errorText(err('ECONNABORTED'))).to.deep.equal({ key: 'timeout_retry_please' });
    expect(errorText(err('network.error'))).to.deep.equal({ key: 'network.unstable' });
    expect(errorText(err('verify.failed'))).to.deep.equal({ key: 'unknown_error' });
    expect(errorText(new Error('ECONNABORTED'))).to.deep.equal({ key: 'unknown_error' });
  });

  it('flags: only a literal true requires a method', () => {
    expect(toFlags({ sms: 'true', ga: 1, email: true })).to.deep.equal({ sms: false, ga: false, email: true, payeeName: false });
    expect(toFlags(null)).to.deep.equal({ sms: false, ga: false, email: false, payeeName: false });
    expect(toFlags('sms')).to.deep.equal({ sms: false, ga: false, email: false, payeeName: false });
  });

  it('a tab not required cannot be selected; selecting one clears the mark and the error', async () => {
    verifyAnswer = () => json({ success: false, errorCode: 'verify.failed', message: 'Wrong code' }, 400);
    const v = start({ ga: true, email: true });
    v.select('sms');
    expect(v.active.value).to.equal('ga');
    v.setField('authCode', '123456');
    await v.confirm();
    expect(v.error.value?.message).to.equal('Wrong code');
    await v.confirm();
    expect(v.invalid.value?.field).to.equal('authCode');
    v.select('email');
    expect(v.active.value).to.equal('email');
    expect(v.invalid.value).to.equal(undefined);
    expect(v.error.value).to.equal(undefined);
  });

  it('typing in another field keeps the mark where it is', async () => {
    const v = start({ email: true });
    await v.confirm();
    expect(v.invalid.value).to.deep.equal({ field: 'email', reason: 'required' });
    v.setField('payeeName', 'x');
    expect(v.invalid.value?.field).to.equal('email');
  });

  it('a second confirm while one runs sends nothing more; after the pass, no tab change or confirm', async () => {
    const v = start({ ga: true, email: true });
    v.setField('authCode', '123456');
    const first = v.confirm();
    await v.confirm();
    await first;
    expect(v.phase.value).to.equal('passed');
    await v.confirm();
    v.select('email');
    expect(v.active.value).to.equal('ga');
    expect(stub!.to(endpoints.loginVerification.path)).to.have.length(1);
    await clock!.tickAsync(PASS_MESSAGE_MS + COMPLETE_DELAY_MS);
    expect(v.phase.value).to.equal('verified');
  });

  it('closed while the verification runs: the answer changes nothing, the outcome stays undefined', async () => {
    const v = start({ ga: true });
    v.setField('authCode', '123456');
    const confirming = v.confirm();
    v.cancel();
    await confirming;
    expect(v.passed.value).to.equal(false);
    expect(await v.done).to.equal(undefined);
    verifyAnswer = () => json({ success: false, errorCode: 'verify.failed', message: 'Wrong code' }, 400);
    const w = start({ ga: true });
    w.setField('authCode', '123456');
    const refused = w.confirm();
    w.cancel();
    await refused;
    expect(w.error.value).to.equal(undefined);
    expect(w.fields.value.authCode).to.equal('123456');
  });

  it('after a refusal the focus goes to the first cleared field of the tab, else its first field', async () => {
    verifyAnswer = () => json({ success: false, errorCode: 'verify.failed', message: 'No' }, 400);
    const v = start({ ga: true, payeeName: true });
    v.setField('authCode', '123456');
    await v.confirm();
    expect(v.focus.value?.field).to.equal('authCode');
    v.select('payeeName');
    v.setField('payeeName', 'Tan Ah Kow');
    await v.confirm();
    expect(v.focus.value?.field).to.equal('payeeName');
    expect(v.fields.value.payeeName).to.equal('Tan Ah Kow');
  });

  it('each finish listener runs once, before the outcome; one removed is not told', async () => {
    const v = start({ ga: true });
    const heard: string[] = [];
    v.onFinish((o) => heard.push(`a:${String(o)}`));
    const off = v.onFinish(() => heard.push('b'));
    off();
    expect(v.finishedYet).to.equal(false);
    v.cancel();
    v.cancel();
    expect(heard).to.deep.equal(['a:undefined']);
    expect(v.finishedYet).to.equal(true);
  });

  it('send code with the password route counts down to expirationTime, second by second, free exactly at expiry', async () => {
    stub!.restore();
    stub = stubFetch((c) =>
      c.url.pathname === endpoints.smsNoLogin.path
        ? json({ success: true, value: { expirationTime: Date.now() + 2_500 } })
        : json({ success: false }, 404),
    );
    const v = start({ sms: true }, { mobileNum: '91234567' });
    expect(await v.sendCode()).to.equal(true);
    expect(v.focus.value?.field).to.equal('verificationCode');
    expect(v.secondsLeft.value).to.equal(3);
    await clock!.tickAsync(499);
    expect(v.secondsLeft.value).to.equal(3);
    await clock!.tickAsync(1);
    expect(v.secondsLeft.value).to.equal(2);
    await clock!.tickAsync(1_000);
    expect(v.secondsLeft.value).to.equal(1);
    await clock!.tickAsync(999);
    expect(v.secondsLeft.value).to.equal(1);
    await clock!.tickAsync(1);
    expect(v.secondsLeft.value).to.equal(0);
    expect(clock!.countTimers()).to.equal(0);
  });

  it('send code: the number is needed; a second tap while one is sent does nothing; a refusal shows its message', async () => {
    const v = start({ sms: true });
    expect(await v.sendCode()).to.equal(false);
    expect(v.invalid.value).to.deep.equal({ field: 'mobileNum', reason: 'required' });
    expect(stub!.to(endpoints.smsNoLogin.path)).to.have.length(0);
    v.setField('mobileNum', '91234567');
    const first = v.sendCode();
    expect(v.sending.value).to.equal(true);
    expect(await v.sendCode()).to.equal(false);
    expect(await first).to.equal(true);
    expect(stub!.to(endpoints.smsNoLogin.path)).to.have.length(1);

    stub!.restore();
    stub = stubFetch(() => json({ success: false, errorCode: 'sms.limit', message: 'Too many' }, 400));
    const w = start({ sms: true }, { mobileNum: '91234567' });
    expect(await w.sendCode()).to.equal(false);
    expect(w.error.value).to.deep.equal({ message: 'Too many', key: 'unknown_error' });
    expect(w.countdownEnd.value).to.equal(undefined);
    expect(w.sending.value).to.equal(false);
  });

  it('send code closed while on its way: no countdown, no error', async () => {
    const v = start({ sms: true }, { mobileNum: '91234567' });
    const sending = v.sendCode();
    v.cancel();
    expect(await sending).to.equal(false);
    expect(v.countdownEnd.value).to.equal(undefined);
    expect(await v.sendCode()).to.equal(false);
    stub!.restore();
    stub = stubFetch(() => json({ success: false, errorCode: 'sms.limit', message: 'Too many' }, 400));
    const w = start({ sms: true }, { mobileNum: '91234567' });
    const refused = w.sendCode();
    w.cancel();
    expect(await refused).to.equal(false);
    expect(w.error.value).to.equal(undefined);
  });

  it("the sms tab without a dialling code takes the merchant's default; one typed meanwhile stays", async () => {
    stub!.restore();
    stub = stubFetch((c) =>
      c.url.pathname === endpoints.systemCountry.path
        ? json({ success: true, value: { countryDialingCode: 60 } })
        : json({ success: false }, 404),
    );
    sessionStorage.clear(); // GET /wps/system/country is cached for the session
    const v = start({ sms: true }, { countryDialingCode: undefined });
    await until(() => v.fields.value.countryDialingCode === '60');
    sessionStorage.clear();
    const w = start({ sms: true }, { countryDialingCode: undefined });
    w.setField('countryDialingCode', '65');
    await until(() => stub!.to(endpoints.systemCountry.path).length === 2);
    for (let i = 0; i < 10; i++) await new Promise((r) => realSetTimeout(r, 10));
    expect(w.fields.value.countryDialingCode).to.equal('65');
    sessionStorage.clear();
    start({ ga: true }, { countryDialingCode: undefined });
    start({ sms: true });
    for (let i = 0; i < 10; i++) await new Promise((r) => realSetTimeout(r, 10));
    expect(stub!.to(endpoints.systemCountry.path)).to.have.length(2);
  });
});

describe('TwoFactorVerification: what the first mutation run left', () => {
  it('opens with empty fields but the given number and dialling code, and no countdown', () => {
    const v = start({ sms: true, payeeName: true }, { mobileNum: '91234567' });
    expect(v.fields.value).to.deep.equal({
      countryDialingCode: '65',
      mobileNum: '91234567',
      verificationCode: '',
      authCode: '',
      email: '',
      payeeName: '',
    });
    expect(v.secondsLeft.value).to.equal(0);
  });

  it('an email with anything after its domain is malformed', () => {
    expect(validate('email', { email: 'a@b.co x' })).to.deep.equal({ ok: false, field: 'email', reason: 'format' });
    expect(validate('email', { email: ' a@b.co ' })).to.deep.equal({ ok: true, values: { email: 'a@b.co' } });
  });

  it('only an ApiError gives its message or code; another object is an unknown error', () => {
    expect(errorText({ serverMessage: 'Wrong code', errorCode: 'ECONNABORTED' })).to.deep.equal({ key: 'unknown_error' });
  });

  it('during the pass message a close is ignored: the login still completes with its LoginValue', async () => {
    const v = start({ ga: true });
    v.setField('authCode', '123456');
    await v.confirm();
    expect(v.busy.value).to.equal(false);
    v.cancel();
    expect(v.visible.value).to.equal(true);
    expect(v.phase.value).to.equal('passed');
    await clock!.tickAsync(PASS_MESSAGE_MS + COMPLETE_DELAY_MS);
    expect(await v.done).to.deep.include({ userName: 'player1' });
  });

  it('a send-code answer without a value counts 60 s', async () => {
    stub!.restore();
    stub = stubFetch(() => json({ success: true }));
    const v = start({ sms: true }, { mobileNum: '91234567' });
    expect(await v.sendCode()).to.equal(true);
    expect(v.secondsLeft.value).to.equal(60);
  });

  it('a refused dialling-code lookup posts no notice (the player types it)', async () => {
    sessionStorage.clear();
    notices.value = [];
    stub!.restore();
    stub = stubFetch(() => json({ success: false, errorCode: 'server.error', message: 'Down' }, 500));
    const v = start({ sms: true }, { countryDialingCode: undefined });
    await until(() => stub!.to(endpoints.systemCountry.path).length === 1);
    for (let i = 0; i < 10; i++) await new Promise((r) => realSetTimeout(r, 10));
    expect(v.fields.value.countryDialingCode).to.equal('');
    expect(notices.value).to.deep.equal([]);
  });

  it('nothing to verify: the notice falls back to the title, then to unknown_error', () => {
    notices.value = [];
    expect(startVerification({ username: 'p', flags: {}, title: 'Check' })).to.equal(undefined);
    expect(startVerification({ username: 'p', flags: {} })).to.equal(undefined);
    expect(notices.value.map((n) => [n.message, n.messageKey])).to.deep.equal([
      ['Check', 'unknown_error'],
      [undefined, 'unknown_error'],
    ]);
    notices.value = [];
  });

  it('the first auto element shows the shared verification; when it leaves, the next one does and nothing closes', async () => {
    const first = {};
    const second = {};
    const leaveFirst = attachAuto(first);
    const leaveSecond = attachAuto(second);
    expect(sharedOwner.value).to.equal(first);
    const outcome = openTwoFactor({ username: 'p', flags: { ga: true } });
    leaveFirst();
    expect(sharedOwner.value).to.equal(second);
    expect(sharedVerification.value?.phase.value).to.equal('input');
    leaveSecond();
    expect(sharedOwner.value).to.equal(undefined);
    expect(await outcome).to.equal(undefined);
    expect(sharedVerification.value).to.equal(undefined);
  });
});
