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
  type Outcome,
} from '../../src/features/two-factor/model.ts';
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
