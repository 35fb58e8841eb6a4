/**
 * Sign-in: the second check for an unrecorded IP (login_verify_required and the verification call
 * with each method), SMS codes and SMS login, brute-force lockouts, password expiry and change,
 * registration by mobile number, and what is kept in the database. One in-memory app with
 * TRUST_PROXY, so each request can come from its own IP (X-Forwarded-For); a fake clock for expiry.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { DEFAULT_PASSWORD } from '../../src/contract/constants.ts';
import { PASSWORD_MAX, PASSWORD_MIN, passwordValid } from '../../src/contract/credentials.ts';
import { validPassword } from '../../server/signin/members.ts';
import { clock } from '../../server/infra/limits.ts';
import { base32Decode, stepAt, totpAt } from '../../server/signin/totp.ts';
import {
  call,
  dev,
  GA_SECRETS,
  loginBody,
  outboxCode,
  registerBody,
  rsaKeyOf,
  fresh,
  seal,
  sealedCall,
  solveV3,
  testApp,
  type Answer,
} from './helpers.ts';

let wps: Awaited<ReturnType<typeof testApp>>;
let rsaKey: string;
const realNow = clock.now;

before(async () => {
  wps = await testApp({ trustProxy: 1 });
  rsaKey = await rsaKeyOf(wps);
});
after(() => wps.close());
afterEach(async () => {
  clock.now = realNow;
  for (const merchant of ['demo', 'demo2']) assert.equal((await dev(wps, 'POST', '/dev/reset', undefined, merchant)).status, 200);
});

/** A fixed fake clock, moved by `advance`. */
function fakeClock(start = Date.now()) {
  let now = start;
  clock.now = () => now;
  return {
    advance: (ms: number) => (now += ms),
    get now() {
      return now;
    },
  };
}

const HOME = '127.0.0.1';
let ipCounter = 10;
/** A fresh documentation-range IP for each call of this (no counters shared between tests). */
const freshIp = () => `198.51.100.${ipCounter++ % 250}`;
const xff = (ip: string) => ({ 'X-Forwarded-For': ip });

const login = (payload: Record<string, unknown>, ip = HOME, merchant?: string) =>
  sealedCall(wps, '/wps/session/login', payload, rsaKey, { merchant, headers: { ...xff(ip), Device: 'MOBILE' } });
const passwordLogin = (username: string, password: string, ip = HOME, extra: Record<string, unknown> = {}) =>
  login(loginBody(username, password, extra), ip);
const smsLoginBody = (mobileNum: string, verificationCode: string, countryDialingCode = '+63') => ({
  type: 'sms',
  mobileNum,
  countryDialingCode,
  verificationCode,
  merchant: 'demo',
  loginDeviceId: loginBody('x', 'x').loginDeviceId,
});
const verify = (payload: Record<string, unknown>, ip: string, merchant?: string) =>
  sealedCall(wps, '/wps/session/login/verification', payload, rsaKey, { merchant, headers: xff(ip) });
const sendCode = (mobileNum: string, ip = freshIp(), extra: Record<string, unknown> = {}, merchant?: string) =>
  call(wps, 'POST', '/wps/verification/sms/noLogin', {
    body: { countryDialingCode: '+63', mobileNum, ...extra },
    headers: xff(ip),
    merchant,
  });
const register = (payload: Record<string, unknown>, ip = HOME, path = '/wps/member/register') =>
  sealedCall(wps, path, payload, rsaKey, {
    headers: { ...xff(ip), ModuleId: path.endsWith('mobile') ? 'MOBILENUMREG3' : 'REG3' },
  });
const registerMobile = (mobileNum: string, extra: Record<string, unknown> = {}, ip = HOME) =>
  register(
    {
      registerMethod: 'H5',
      loginDeviceId: loginBody('x', 'x').loginDeviceId,
      login: true,
      countryDialingCode: '+63',
      mobileNum,
      password: DEFAULT_PASSWORD,
      ...extra,
    },
    ip,
    '/wps/member/register/mobile',
  );

async function refused(answer: Promise<Answer> | Answer, status: number, errorCode: string) {
  const a = await answer;
  assert.equal(a.status, status, JSON.stringify(a.body));
  assert.equal(a.body.success, false);
  assert.equal(a.body.errorCode, errorCode, JSON.stringify(a.body));
  assert.equal(typeof a.body.message, 'string');
  return a.body;
}

function ok(a: Answer) {
  assert.equal(a.status, 200, JSON.stringify(a.body));
  assert.equal(a.body.success, true);
  return a.body.value;
}

const guardCode = (step: number) => totpAt(base32Decode(GA_SECRETS.guard), step);

/** A member with no second-check factor, made fresh for a test. */
let memberCounter = 0;
async function plainMember(password = 'abc12345') {
  const username = `plain_${process.pid % 1000}_${memberCounter++}`;
  ok(await register(registerBody(username, password, { login: false })));
  return username;
}

describe('the second check (login from an unrecorded IP)', () => {
  test('demo from a recorded IP logs in; from another IP it gets login_verify_required with its factors', async () => {
    const v = ok(await passwordLogin('demo', 'Demo1234', HOME));
    assert.equal(v.userName, 'demo');
    assert.equal(v.passwordExpired, false);
    ok(await passwordLogin('demo', 'Demo1234', '::1'));
    const body = await refused(passwordLogin('demo', 'Demo1234', freshIp()), 400, 'login_verify_required');
    assert.equal(body.message, 'Your IP address is not recorded. Please complete one verification to continue.');
    // The demo merchant offers the possession factors only (SMS and authenticator codes).
    assert.deepEqual(body.value, { email: false, ga: true, sms: true, payeeName: false });
  });

  test('a right password that needs the second check is no failed guess: it never uses up the address limit (20)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 25; i++) await refused(passwordLogin('guard', 'Guard1234', ip), 400, 'login_verify_required');
  });

  test('guard has every factor and no recorded IP; a wrong password never reaches the second check', async () => {
    const body = await refused(passwordLogin('guard', 'Guard1234', HOME), 400, 'login_verify_required');
    assert.deepEqual(body.value, { email: false, ga: true, sms: true, payeeName: false });
    await refused(passwordLogin('guard', 'Guard12345', HOME), 400, 'login.cred.err');
    await refused(passwordLogin('nobody_at_all', 'Guard1234', HOME), 400, 'login.cred.err');
  });

  test('a member without any factor logs in from anywhere; each login records its IP', async () => {
    const username = await plainMember();
    const ip = freshIp();
    const v = ok(await passwordLogin(username, 'abc12345', ip));
    const { rows } = await wps.db!.query<{ ip: string }>('SELECT ip FROM member_ips WHERE member_id = $1 ORDER BY ip', [v.id]);
    assert.deepEqual(rows.map((r) => r.ip).sort(), [HOME, ip].sort(), 'the registration IP and the login IP');
  });

  test('the demo merchant offers no knowledge check: E and P are refused before the password is judged, and each costs a guess', async () => {
    const ip = freshIp();
    for (const [method, field] of [
      ['E', { email: 'guard@example.com' }],
      ['P', { payeeName: 'Guard Player' }],
    ] as const) {
      const right = await refused(
        verify({ username: 'guard', password: 'Guard1234', method, ...field }, ip),
        400,
        'verification.method.unsupported',
      );
      assert.equal(right.message, 'This verification method is not offered.');
      // A wrong password is answered alike: the refusal tells nothing about the password.
      assert.deepEqual(
        await refused(
          verify({ username: 'guard', password: 'Wrong1234', method, ...field }, ip),
          400,
          'verification.method.unsupported',
        ),
        right,
      );
    }
    // 4 guesses used on this username + address: one more wrong answer, then even the right code waits.
    const t = fakeClock();
    await refused(
      verify({ username: 'guard', password: 'Guard1234', method: 'E', email: 'guard@example.com' }, ip),
      400,
      'verification.method.unsupported',
    );
    const locked = await refused(
      verify({ username: 'guard', password: 'Guard1234', method: 'G', authCode: guardCode(stepAt(t.now)) }, ip),
      400,
      'TOO_MANY_REQUEST_VERIFY',
    );
    assert.ok(locked.value.retryAfter > 0);
    // The account's budget counted them too (docs/server.md "Limits": a captcha is due after 5).
    const { rows } = await wps.db!.query<{ n: string }>(
      "SELECT count(*) AS n FROM limit_events WHERE counter = 'account' AND key = 'demo' || chr(10) || 'guard'",
    );
    assert.equal(Number(rows[0]!.n), 5);
  });

  test('a merchant with knowledge checks on (demo2) asks for all four; email: case and spaces do not matter; the verified IP is recorded', async () => {
    const ip = freshIp();
    const demo2 = (payload: Record<string, unknown>, from = ip) => verify(payload, from, 'demo2');
    const asked = await refused(
      login(loginBody('guard', 'Guard5678', { merchant: 'demo2' }), ip, 'demo2'),
      400,
      'login_verify_required',
    );
    assert.deepEqual(asked.value, { email: true, ga: true, sms: true, payeeName: true });
    const wrong = await refused(
      demo2({ username: 'guard', password: 'Guard5678', method: 'E', email: 'other@example.com' }),
      400,
      'verification.failed',
    );
    assert.match(wrong.message!, /email/i);
    // A wrong knowledge answer costs a guess from the account's budget (docs/server.md "Security").
    const { rows } = await wps.db!.query<{ n: string }>(
      "SELECT count(*) AS n FROM limit_events WHERE counter = 'account' AND key = 'demo2' || chr(10) || 'guard'",
    );
    assert.equal(Number(rows[0]!.n), 1);
    const v = ok(await demo2({ username: 'GUARD', password: 'Guard5678', method: 'E', email: '  Guard2@Example.COM ' }));
    assert.equal(v.userName, 'guard');
    assert.match(v.token, /^[A-Za-z0-9_-]{40,}$/);
    assert.equal(typeof v.firstTimeLogin, 'boolean');
    assert.equal(v.passwordExpired, false);
    assert.equal((await call(wps, 'GET', '/wps/member/info', { token: v.token, merchant: 'demo2' })).status, 200);
    ok(await login(loginBody('guard', 'Guard5678', { merchant: 'demo2' }), ip, 'demo2'));
    await refused(
      login(loginBody('guard', 'Guard5678', { merchant: 'demo2' }), freshIp(), 'demo2'),
      400,
      'login_verify_required',
    );
  });

  test('payee name (demo2): trimmed, case-insensitive', async () => {
    const demo2 = (payload: Record<string, unknown>) => verify(payload, freshIp(), 'demo2');
    await refused(
      demo2({ username: 'guard', password: 'Guard5678', method: 'P', payeeName: 'Guard Tw' }),
      400,
      'verification.failed',
    );
    await refused(demo2({ username: 'guard', password: 'Guard5678', method: 'P' }), 400, 'verification.failed');
    ok(await demo2({ username: 'guard', password: 'Guard5678', method: 'P', payeeName: '  guard   TWO ' }));
  });

  test('authenticator: the current code and ±1 step work, once each; older, newer and reused codes do not', async () => {
    const t = fakeClock(Date.UTC(2030, 0, 1, 12, 0, 10));
    const step = stepAt(t.now);
    const g = (authCode: string) => verify({ username: 'guard', password: 'Guard1234', method: 'G', authCode }, freshIp());
    await refused(g(guardCode(step - 2)), 400, 'verification.failed');
    await refused(g(guardCode(step + 2)), 400, 'verification.failed');
    await refused(g('12345'), 400, 'verification.failed');
    await refused(g('abcdef'), 400, 'verification.failed');
    ok(await g(guardCode(step - 1)));
    ok(await g(` ${guardCode(step)} `));
    const reused = await refused(g(guardCode(step)), 400, 'verification.failed');
    assert.match(reused.message!, /authenticator/i);
    await refused(g(guardCode(step - 1)), 400, 'verification.failed'); // older than the last one used
    ok(await g(guardCode(step + 1)));
    t.advance(60_000);
    ok(await g(guardCode(step + 2)));
    // The dev control gives the code of now.
    t.advance(30_000);
    const totp = ok(await call(wps, 'GET', '/dev/members/guard/totp'));
    assert.equal(totp.code, guardCode(step + 3));
    ok(await g(totp.code));
  });

  test('sms: a code from sms/noLogin for the member’s number, single use; a wrong number uses no code', async () => {
    const ip = freshIp();
    const sent = ok(await sendCode('9171234568', ip));
    assert.equal(typeof sent.expirationTime, 'number');
    const code = await outboxCode(wps, '9171234568');
    assert.match(code, /^\d{6}$/);
    const s = (mobileNum: string, verificationCode: string) =>
      verify({ username: 'guard', password: 'Guard1234', method: 'S', mobileNum, verificationCode }, freshIp());
    await refused(s('9171234567', code), 400, 'verification.failed'); // demo's number, not guard's
    await refused(s('9171234568', ''), 400, 'verification.failed');
    ok(await s('0917 123 4568', code)); // the trunk 0 and spaces do not matter
    await refused(s('9171234568', code), 400, 'verification.failed'); // replayed
  });

  test('every failure is the same verification.failed: wrong password, unknown user, missing factor', async () => {
    const ip = freshIp();
    const t = fakeClock(Date.UTC(2030, 0, 1, 12, 0, 10));
    const rightCode = guardCode(stepAt(t.now));
    const wrongPassword = await refused(
      verify({ username: 'guard', password: 'Wrong1234', method: 'G', authCode: rightCode }, ip),
      400,
      'verification.failed',
    );
    const unknown = await refused(
      verify({ username: 'no_such_user', password: 'Guard1234', method: 'G', authCode: rightCode }, ip),
      400,
      'verification.failed',
    );
    const wrongCode = await refused(
      verify({ username: 'guard', password: 'Guard1234', method: 'G', authCode: guardCode(stepAt(t.now) + 5) }, ip),
      400,
      'verification.failed',
    );
    assert.equal(wrongPassword.message, unknown.message);
    assert.equal(wrongPassword.message, wrongCode.message);
    assert.deepEqual(Object.keys(wrongPassword).sort(), ['errorCode', 'message', 'success']);
    const username = await plainMember();
    await refused(
      verify({ username, password: 'abc12345', method: 'S', mobileNum: '', verificationCode: '' }, freshIp()),
      400,
      'verification.failed',
    );
    await refused(
      verify({ username, password: 'abc12345', method: 'G', authCode: '000000' }, freshIp()),
      400,
      'verification.failed',
    );
  });

  test('bad verification requests', async () => {
    await refused(verify({ username: 'guard', password: 'Guard1234', method: 'X' }, freshIp()), 400, 'request.invalid');
    await refused(verify({ username: 'guard', method: 'E', email: 'guard@example.com' }, freshIp()), 400, 'request.invalid');
    await refused(verify({ password: 'Guard1234', method: 'E' }, freshIp()), 400, 'request.invalid');
    await refused(
      call(wps, 'POST', '/wps/session/login/verification', { body: { username: 'guard' } }),
      400,
      'encryption.required',
    );
    const sealed = seal(fresh({ username: 'guard', password: 'Guard1234', method: 'E', email: 'guard@example.com' }), rsaKey);
    const bytes = Buffer.from(sealed.body.value, 'base64');
    bytes[3] = bytes[3]! ^ 0x01;
    await refused(
      call(wps, 'POST', '/wps/session/login/verification', {
        body: { value: bytes.toString('base64') },
        headers: sealed.headers,
      }),
      400,
      'encryption.digest.mismatch',
    );
    await refused(
      call(wps, 'POST', '/wps/session/login/verification', { raw: 'not json', headers: sealed.headers }),
      400,
      'request.malformed',
    );
  });

  test('5 failed verifications in 15 minutes lock that username + IP out, also for the right answer', async () => {
    // A day after the authenticator test's codes (a code works once, and only after the last one used).
    const t = fakeClock(Date.UTC(2030, 0, 2, 12, 0, 10));
    const ip = freshIp();
    const g = (authCode: string, from = ip) => verify({ username: 'guard', password: 'Guard1234', method: 'G', authCode }, from);
    const right = () => guardCode(stepAt(t.now));
    for (let i = 0; i < 5; i++) await refused(g(guardCode(stepAt(t.now) + 10 + i)), 400, 'verification.failed');
    const locked = await refused(g(right()), 400, 'TOO_MANY_REQUEST_VERIFY');
    assert.ok(locked.value.retryAfter > 800 && locked.value.retryAfter <= 900, JSON.stringify(locked.value));
    ok(await g(right(), freshIp())); // another IP is not locked
    t.advance(10 * 60_000);
    assert.ok((await refused(g(right()), 400, 'TOO_MANY_REQUEST_VERIFY')).value.retryAfter <= 300);
    t.advance(5 * 60_000 + 1000);
    ok(await g(right()));
  });
});

describe('brute force on the login', () => {
  test('5 failures in 15 minutes → TOO_MANY_REQUEST_LOGIN until the window passes; per username + IP', async () => {
    const t = fakeClock();
    const username = await plainMember();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await refused(passwordLogin(username, 'wrong123', ip), 400, 'login.cred.err');
    const locked = await refused(passwordLogin(username, 'abc12345', ip), 400, 'TOO_MANY_REQUEST_LOGIN');
    assert.ok(locked.value.retryAfter > 0 && locked.value.retryAfter <= 900);
    // From another address the account's budget asks for the captcha after 5 failures (test/server/guessing.test.ts).
    await refused(passwordLogin(username, 'abc12345', freshIp()), 400, 'captcha.required');
    ok(await passwordLogin(username, 'abc12345', freshIp(), await solveV3(wps)));
    await refused(passwordLogin('guard', 'Guard1234', ip), 400, 'login_verify_required'); // another username
    // An unknown username is counted too (without telling that it is unknown).
    for (let i = 0; i < 5; i++) await refused(passwordLogin('ghost_user', 'wrong123', ip), 400, 'login.cred.err');
    await refused(passwordLogin('ghost_user', 'wrong123', ip), 400, 'TOO_MANY_REQUEST_LOGIN');
    t.advance(15 * 60_000 + 1000);
    ok(await passwordLogin(username, 'abc12345', ip));
  });

  test('a successful login clears the count', async () => {
    const username = await plainMember();
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await refused(passwordLogin(username, 'wrong123', ip), 400, 'login.cred.err');
    ok(await passwordLogin(username, 'abc12345', ip));
    for (let i = 0; i < 4; i++) await refused(passwordLogin(username, 'wrong123', ip), 400, 'login.cred.err');
    ok(await passwordLogin(username, 'abc12345', ip));
  });

  test('concurrent guesses cannot all pass the check before one is counted', async () => {
    const username = await plainMember();
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 10 }, () => passwordLogin(username, 'wrong123', ip)));
    const codes = answers.map((a) => a.body.errorCode);
    assert.equal(codes.filter((c) => c === 'login.cred.err').length, 5, JSON.stringify(codes));
    assert.equal(codes.filter((c) => c === 'TOO_MANY_REQUEST_LOGIN').length, 5);
  });
});

describe('only a failed attempt counts (concurrent correct logins)', () => {
  test('8 correct logins sent at once all succeed; wrong ones sent with them are each counted', async () => {
    const username = await plainMember();
    const ip = freshIp();
    const right = await Promise.all(Array.from({ length: 8 }, () => passwordLogin(username, 'abc12345', ip)));
    assert.deepEqual(
      right.map((a) => a.body.success),
      Array(8).fill(true),
      JSON.stringify(right.map((a) => a.body.errorCode)),
    );
    // 4 wrong and 4 right at once: no right one is refused, the lockout is never reached.
    const mixed = await Promise.all(
      Array.from({ length: 8 }, (_, i) => passwordLogin(username, i % 2 ? 'abc12345' : 'wrong123', ip)),
    );
    assert.deepEqual(
      mixed.map((a) => a.body.errorCode ?? 'ok'),
      ['login.cred.err', 'ok', 'login.cred.err', 'ok', 'login.cred.err', 'ok', 'login.cred.err', 'ok'],
    );
  });
});

describe('password expiry and change', () => {
  test('passwordExpired once the password is older than 90 days (dev control or clock)', async () => {
    assert.equal((await dev(wps, 'POST', '/dev/members/demo/password-age', { days: 89 })).status, 200);
    assert.equal(ok(await passwordLogin('demo', 'Demo1234')).passwordExpired, false);
    const aged = ok(await dev(wps, 'POST', '/dev/members/demo/password-age', { days: 91 }));
    assert.ok(Math.abs(aged.passwordChangedAt - (Date.now() - 91 * 86_400_000)) < 60_000);
    assert.equal(ok(await passwordLogin('demo', 'Demo1234')).passwordExpired, true);
    await dev(wps, 'POST', '/dev/members/demo/password-age', { days: 0 });
    const t = fakeClock(Date.now() + 91 * 86_400_000);
    assert.equal(ok(await passwordLogin('demo', 'Demo1234')).passwordExpired, true);
    t.advance(-2 * 86_400_000);
    assert.equal(ok(await passwordLogin('demo', 'Demo1234')).passwordExpired, false);
    await refused(dev(wps, 'POST', '/dev/members/demo/password-age', { days: -1 }), 400, 'request.invalid');
    await refused(dev(wps, 'POST', '/dev/members/nobody_here/password-age', { days: 5 }), 404, 'not.found');
  });

  const change = (token: string | undefined, payload: Record<string, unknown>) =>
    sealedCall(wps, '/wps/member/password', payload, rsaKey, { token });

  test('with the current password: the rules, then the new one works and the other sessions end', async () => {
    const username = await plainMember('abc12345');
    const { token } = ok(await passwordLogin(username, 'abc12345'));
    const other = ok(await passwordLogin(username, 'abc12345')).token;
    await refused(change(token, { oldPassword: 'abc12346', newPassword: 'new12345' }), 400, 'password.old.invalid');
    await refused(change(token, { oldPassword: 'abc12345', newPassword: 'short' }), 400, 'password.invalid');
    await refused(change(token, { oldPassword: 'abc12345', newPassword: 'onlyletters' }), 400, 'password.invalid');
    await refused(change(token, { oldPassword: 'abc12345', newPassword: DEFAULT_PASSWORD }), 400, 'password.invalid');
    await refused(change(token, { oldPassword: 'abc12345', newPassword: 'abc12345' }), 400, 'password.same');
    await refused(change(token, { newPassword: 'new12345' }), 400, 'request.invalid'); // not default, not expired
    await refused(change(token, { oldPassword: 'abc12345' }), 400, 'request.invalid');
    assert.deepEqual(ok(await change(token, { oldPassword: 'abc12345', newPassword: 'new12345' })), null);
    await refused(passwordLogin(username, 'abc12345'), 400, 'login.cred.err');
    ok(await passwordLogin(username, 'new12345'));
    assert.equal((await call(wps, 'GET', '/wps/member/info', { token })).status, 200, 'this session stays');
    await refused(call(wps, 'GET', '/wps/member/info', { token: other }), 401, 'CUSTOMER_NOT_LOGIN');
  });

  test('the current password also when it is the default one or expired (issue 26); passwordExpired is then false', async () => {
    const reg = ok(await registerMobile('9175550100'));
    await refused(change(reg.token, { oldPassword: DEFAULT_PASSWORD, newPassword: DEFAULT_PASSWORD }), 400, 'password.invalid');
    await refused(change(reg.token, { newPassword: 'mine1234' }), 400, 'request.invalid');
    ok(await change(reg.token, { oldPassword: DEFAULT_PASSWORD, newPassword: 'mine1234' }));
    ok(await passwordLogin(reg.userName, 'mine1234'));

    const username = await plainMember('abc12345');
    await dev(wps, 'POST', `/dev/members/${username}/password-age`, { days: 120 });
    const { token, passwordExpired } = ok(await passwordLogin(username, 'abc12345'));
    assert.equal(passwordExpired, true);
    await refused(change(token, { oldPassword: 'abc12345', newPassword: 'abc12345' }), 400, 'password.same');
    await refused(change(token, { newPassword: 'fresh123' }), 400, 'request.invalid');
    ok(await change(token, { oldPassword: 'abc12345', newPassword: 'fresh123' }));
    assert.equal(ok(await passwordLogin(username, 'fresh123')).passwordExpired, false);
  });

  test('a forced change (default password, or expired with PWDEXPFORCECHANGE3) allows only the change, member info and logout', async () => {
    const language = (token: string) => call(wps, 'POST', '/wps/member/language', { token, body: { language: 'EN' } });
    const info = (token: string) => call(wps, 'GET', '/wps/member/info', { token });

    // The default password (a mobile registration without one), logged in with it.
    const reg = ok(await registerMobile('9175550177'));
    const forced = ok(await passwordLogin(reg.userName, DEFAULT_PASSWORD));
    await refused(language(forced.token), 403, 'password.change.required');
    ok(await info(forced.token));
    ok(await change(forced.token, { oldPassword: DEFAULT_PASSWORD, newPassword: 'mine1234' }));
    ok(await language(forced.token)); // changed: the same session may do everything again

    // Expired: forced only with PWDEXPFORCECHANGE3 on.
    const username = await plainMember('abc12345');
    await dev(wps, 'POST', `/dev/members/${username}/password-age`, { days: 120 });
    ok(await language(ok(await passwordLogin(username, 'abc12345')).token));
    await dev(wps, 'POST', '/dev/whitelabel', { flag: 'PWDEXPFORCECHANGE3', on: true });
    const expired = ok(await passwordLogin(username, 'abc12345'));
    await refused(language(expired.token), 403, 'password.change.required');
    ok(await call(wps, 'POST', '/wps/session/logout', { token: expired.token }));
  });

  test('needs a session and encryption; 5 wrong current passwords lock it', async () => {
    await refused(change(undefined, { oldPassword: 'abc12345', newPassword: 'new12345' }), 401, 'CUSTOMER_NOT_LOGIN');
    const username = await plainMember('abc12345');
    const { token } = ok(await passwordLogin(username, 'abc12345'));
    await refused(call(wps, 'POST', '/wps/member/password', { token, body: { newPassword: 'x' } }), 400, 'encryption.required');
    for (let i = 0; i < 5; i++)
      await refused(change(token, { oldPassword: 'nope1234', newPassword: 'new12345' }), 400, 'password.old.invalid');
    const locked = await refused(
      change(token, { oldPassword: 'abc12345', newPassword: 'new12345' }),
      400,
      'TOO_MANY_REQUEST_PASSWORD',
    );
    assert.ok(locked.value.retryAfter > 0);
  });
});

describe('SMS codes', () => {
  test('a 6-digit code, valid 5 minutes, in the outbox (newest first), stored only as an HMAC', async () => {
    const before = Date.now();
    const v = ok(await sendCode('9175550001'));
    assert.ok(v.expirationTime >= before + 5 * 60_000 && v.expirationTime <= Date.now() + 5 * 60_000);
    const box = ok(await call(wps, 'GET', '/dev/outbox?mobileNum=9175550001'));
    assert.equal(box.length, 1);
    assert.deepEqual(Object.keys(box[0]).sort(), ['code', 'countryDialingCode', 'createdAt', 'expirationTime', 'mobileNum']);
    assert.equal(box[0].mobileNum, '9175550001');
    assert.equal(box[0].countryDialingCode, '+63');
    assert.equal(box[0].expirationTime, v.expirationTime);
    const { rows } = await wps.db!.query<Record<string, unknown>>("SELECT * FROM sms_codes WHERE mobile_num = '9175550001'");
    assert.equal(rows.length, 1);
    assert.match(String(rows[0]!.code_hash), /^[0-9a-f]{64}$/);
    assert.ok(!JSON.stringify(rows).includes(box[0].code), 'no clear code in sms_codes');
    await refused(call(wps, 'GET', '/dev/outbox?mobileNum=12ab'), 400, 'request.invalid');
  });

  test('one code per number per 60 s (TOO_MANY_REQUEST_SMS with retryAfter); a new code retires the old one', async () => {
    const t = fakeClock();
    ok(await sendCode('9175550002'));
    const first = await outboxCode(wps, '9175550002');
    const wait = await refused(sendCode('09175550002'), 400, 'TOO_MANY_REQUEST_SMS');
    assert.ok(wait.value.retryAfter > 0 && wait.value.retryAfter <= 60, JSON.stringify(wait.value));
    ok(await sendCode('9175550003')); // another number
    t.advance(61_000);
    ok(await sendCode('9175550002'));
    let second = await outboxCode(wps, '9175550002');
    const box = ok(await call(wps, 'GET', '/dev/outbox?mobileNum=9175550002&countryDialingCode=%2B63'));
    assert.deepEqual(
      box.map((o: { code: string }) => o.code),
      [second, first],
      'newest first',
    );
    // The old code must be tried, so it must differ from the new one: on a one-in-a-million draw of
    // the same six digits, the next code is asked for (it retires both).
    while (second === first) {
      t.advance(61_000);
      ok(await sendCode('9175550002'));
      second = await outboxCode(wps, '9175550002');
    }
    await registerMobile('9175550002');
    await refused(login(smsLoginBody('9175550002', first), freshIp()), 400, 'login.cred.err');
    ok(await login(smsLoginBody('9175550002', second), freshIp()));
  });

  test('10 codes per IP per hour (TOO_MANY_REQUEST_SMS_IP); another IP still gets one', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) ok(await sendCode(`91755510${String(i).padStart(2, '0')}`, ip));
    const body = await refused(sendCode('9175551099', ip), 400, 'TOO_MANY_REQUEST_SMS_IP');
    assert.ok(body.value.retryAfter > 3000 && body.value.retryAfter <= 3600);
    ok(await sendCode('9175551099', freshIp()));
  });

  test('bad requests', async () => {
    await refused(sendCode('91x5550004'), 400, 'request.invalid');
    await refused(sendCode('123'), 400, 'request.invalid');
    await refused(sendCode('9175550004', freshIp(), { countryDialingCode: 'PH' }), 400, 'request.invalid');
    await refused(
      call(wps, 'POST', '/wps/verification/sms/noLogin', { body: { mobileNum: '9175550004' } }),
      400,
      'request.invalid',
    );
    await refused(call(wps, 'POST', '/wps/verification/sms/noLogin', { raw: '{"mobileNum":' }), 400, 'request.malformed');
  });

  test('SMS login: the member with that number, single use; unknown number → not.exists.user', async () => {
    ok(await sendCode('9171234567'));
    const code = await outboxCode(wps, '9171234567');
    await refused(login(smsLoginBody('9171234567', code === '000000' ? '000001' : '000000'), freshIp()), 400, 'login.cred.err');
    const v = ok(await login(smsLoginBody('9171234567', code), freshIp()));
    assert.equal(v.userName, 'demo');
    await refused(login(smsLoginBody('9171234567', code), freshIp()), 400, 'login.cred.err');

    ok(await sendCode('9170000001'));
    const unknown = await outboxCode(wps, '9170000001');
    await refused(login(smsLoginBody('9170000001', unknown), freshIp()), 400, 'not.exists.user');

    const base = loginBody('x', 'x');
    await refused(
      login({
        type: 'sms',
        merchant: 'demo',
        loginDeviceId: base.loginDeviceId,
        mobileNum: '9171234567',
        countryDialingCode: '+63',
      }),
      400,
      'request.invalid',
    );
    await refused(login({ ...smsLoginBody('9171234567', '123456'), countryDialingCode: 'PH' }), 400, 'request.invalid');
  });

  test('an expired code does not work (fake clock), nor one tried 5 times wrong', async () => {
    const t = fakeClock();
    ok(await sendCode('9171234567'));
    const code = await outboxCode(wps, '9171234567');
    t.advance(5 * 60_000 + 1000);
    await refused(login(smsLoginBody('9171234567', code), freshIp()), 400, 'login.cred.err');

    t.advance(60_000);
    ok(await sendCode('9171234567'));
    const fresh = await outboxCode(wps, '9171234567');
    const wrong = fresh === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) await refused(login(smsLoginBody('9171234567', wrong), freshIp()), 400, 'login.cred.err');
    await refused(login(smsLoginBody('9171234567', fresh), freshIp()), 400, 'login.cred.err');
  });
});

describe('registration by mobile number', () => {
  test('username m + last digits, the mobile stored normalized, logs in; attribution columns kept', async () => {
    const v = ok(
      await registerMobile('0917-555-0200', {
        referralCode: 'REF1',
        affiliateCode: 'AFF1',
        domain: 'm.example',
        registerMethod: 'PWA',
      }),
    );
    assert.equal(v.userName, 'm75550200');
    assert.equal(v.firstTimeLogin, true);
    const { rows } = await wps.db!.query<Record<string, string>>(
      'SELECT mobile_num, country_dialing_code, referral_code, affiliate_code, register_method, domain FROM members WHERE id = $1',
      [v.id],
    );
    assert.deepEqual(rows[0], {
      mobile_num: '9175550200',
      country_dialing_code: '+63',
      referral_code: 'REF1',
      affiliate_code: 'AFF1',
      register_method: 'PWA',
      domain: 'm.example',
    });
    ok(await passwordLogin('m75550200', DEFAULT_PASSWORD));
    // The mobile number is a factor: from another IP the second check asks for it.
    const body = await refused(passwordLogin('m75550200', DEFAULT_PASSWORD, freshIp()), 400, 'login_verify_required');
    assert.deepEqual(body.value, { email: false, ga: false, sms: true, payeeName: false });
  });

  test('the rules: taken number, invalid number, username, password', async () => {
    ok(await registerMobile('9175550300'));
    await refused(registerMobile('09175550300'), 400, 'register.mobile.exists');
    ok(await registerMobile('9175550300', { countryDialingCode: '+84' })); // the same digits in another country
    await refused(registerMobile('12ab'), 400, 'register.mobile.invalid');
    await refused(registerMobile('9175550301', { countryDialingCode: 'PH' }), 400, 'register.mobile.invalid');
    await refused(registerMobile('9175550301', { password: 'abc' }), 400, 'register.password.invalid');
    await refused(registerMobile('9175550301', { password: undefined }), 400, 'register.password.invalid');
    await refused(registerMobile('9175550301', { username: 'bad name' }), 400, 'register.username.invalid');
    await refused(registerMobile('9175550301', { username: 'demo' }), 400, 'register.username.exists');
    const named = ok(await registerMobile('9175550301', { username: 'mobile_named', password: 'given123' }));
    assert.equal(named.userName, 'mobile_named');
    ok(await passwordLogin('mobile_named', 'given123'));
  });

  test('a generated username that is taken gives way to the next one', async () => {
    ok(await register(registerBody('m75550400', 'abc12345')));
    const v = ok(await registerMobile('9175550400'));
    assert.equal(v.userName, 'm9175550400');
  });

  test('10 concurrent registrations of one number: exactly one succeeds', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        registerMobile(i % 2 ? '9175550500' : '09175550500', i % 3 ? {} : { username: `race_mobile${i}` }),
      ),
    );
    const codes = answers.map((a) => (a.status === 200 ? 'ok' : a.body.errorCode));
    assert.equal(codes.filter((c) => c === 'ok').length, 1, JSON.stringify(codes));
    assert.ok(
      codes.every((c) => c === 'ok' || c === 'register.mobile.exists'),
      JSON.stringify(codes),
    );
    const { rows } = await wps.db!.query<{ n: number }>("SELECT count(*)::int AS n FROM members WHERE mobile_num = '9175550500'");
    assert.equal(rows[0]?.n, 1);
  });

  test('autoUsername: an unused name that fits the username rule', async () => {
    const a = ok(await call(wps, 'POST', '/wps/member/register/autoUsername'));
    const b = ok(await call(wps, 'POST', '/wps/member/register/autoUsername'));
    for (const { username } of [a, b]) {
      assert.match(username, /^[A-Za-z0-9_]{4,16}$/);
      ok(await register(registerBody(username, 'abc12345', { login: false })));
    }
    assert.notEqual(a.username, b.username);
  });

  test('registration by username keeps referral, affiliate, method and domain', async () => {
    const v = ok(
      await register(
        registerBody('attrib_user', 'abc12345', {
          referralCode: 'R9',
          affiliateCode: 'A9',
          registerMethod: 'WEBCLIP',
          domain: 'x.example',
        }),
      ),
    );
    const { rows } = await wps.db!.query<Record<string, string>>(
      'SELECT referral_code, affiliate_code, register_method, domain, mobile_num FROM members WHERE id = $1',
      [v.id],
    );
    assert.deepEqual(rows[0], {
      referral_code: 'R9',
      affiliate_code: 'A9',
      register_method: 'WEBCLIP',
      domain: 'x.example',
      mobile_num: null,
    });
  });
});

describe('the password rule is the one the forms check (src/contract/credentials.ts)', () => {
  // Each sample against the shared rule and the server's three checks: a rule changed in one place
  // changes both, and the product's numbers (8 to 32, a letter and a digit) are pinned here.
  const samples: [password: string, valid: boolean][] = [
    ['abc1234', false], // 7 characters
    ['abc12345', true], // 8
    ['a1'.repeat(16), true], // 32
    ['a1'.repeat(16) + 'b', false], // 33
    ['abcdefgh', false], // no digit
    ['12345678', false], // no letter
    ['pass word 1', true], // a space is a character like any other
  ];

  test('the server checks with the shared function, whose numbers are 8 and 32', () => {
    assert.equal(validPassword, passwordValid);
    assert.deepEqual([PASSWORD_MIN, PASSWORD_MAX], [8, 32]);
    for (const [password, valid] of samples) assert.equal(passwordValid(password), valid, password);
  });

  test('registration by username and by mobile number, and the password change, refuse what the rule refuses', async () => {
    const change = (token: string, payload: Record<string, unknown>) =>
      sealedCall(wps, '/wps/member/password', payload, rsaKey, { token });
    const token = ok(await passwordLogin(await plainMember('start123'), 'start123')).token;
    let n = 0;
    for (const [password, valid] of samples) {
      const byName = await register(registerBody(`rule_${process.pid % 1000}_${n}`, password, { login: false }), freshIp());
      const byMobile = await registerMobile(`91755509${String(n++).padStart(2, '0')}`, { password }, freshIp());
      const changed = await change(token, { oldPassword: 'start123', newPassword: password });
      if (valid) {
        ok(byName);
        ok(byMobile);
        ok(changed);
        ok(await change(token, { oldPassword: password, newPassword: 'start123' }));
      } else {
        await refused(byName, 400, 'register.password.invalid');
        await refused(byMobile, 400, 'register.password.invalid');
        await refused(changed, 400, 'password.invalid');
      }
    }
  });
});

describe('secrets stay secret', () => {
  test('no authenticator secret, code, password or token in clear in the database or the logs', async () => {
    const logged: string[] = [];
    const originals = { log: console.log, error: console.error, warn: console.warn, info: console.info };
    for (const name of Object.keys(originals) as (keyof typeof originals)[]) {
      console[name] = (...args: unknown[]) => logged.push(args.map(String).join(' '));
    }
    let code: string;
    let token: string;
    try {
      ok(await sendCode('9171234568'));
      code = await outboxCode(wps, '9171234568');
      token = ok(
        await verify(
          { username: 'guard', password: 'Guard1234', method: 'S', mobileNum: '9171234568', verificationCode: code },
          freshIp(),
        ),
      ).token;
      await passwordLogin('guard', 'Wrong-pass1', freshIp());
    } finally {
      Object.assign(console, originals);
    }
    const secretB64 = base32Decode(GA_SECRETS.guard).toString('base64');
    for (const text of logged) {
      for (const secret of [code, token, 'Guard1234', 'Wrong-pass1', GA_SECRETS.guard, secretB64])
        assert.ok(!text.includes(secret), text);
    }
    const dump: string[] = [];
    for (const table of ['members', 'sessions', 'sms_codes', 'member_ips', 'captcha_results']) {
      dump.push(JSON.stringify((await wps.db!.query(`SELECT * FROM ${table}`)).rows));
    }
    const all = dump.join('\n');
    for (const secret of [token, 'Guard1234', 'Demo1234', GA_SECRETS.guard, GA_SECRETS.demo, secretB64])
      assert.ok(!all.includes(secret), secret);
    const { rows } = await wps.db!.query<{ ga_secret: string }>("SELECT ga_secret FROM members WHERE username = 'guard'");
    assert.match(rows[0]!.ga_secret, /^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });
});
