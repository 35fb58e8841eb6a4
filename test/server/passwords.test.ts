/**
 * Passwords (issue 26, items 4 and 10): a mobile registration with the default password opens a
 * forced-change session, a password change always needs the current password, and the password
 * rule (at least 8 characters, not the default password, not the username) is the forms' own.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { DEFAULT_PASSWORD } from '../../src/contract/constants.ts';
import { PASSWORD_MAX, PASSWORD_MIN, passwordChecks, passwordValid } from '../../src/contract/credentials.ts';
import { validPassword } from '../../server/signin/members.ts';
import { call, dev, loginBody, registerBody, rsaKeyOf, sealedCall, testApp, type Answer } from './helpers.ts';

let wps: Awaited<ReturnType<typeof testApp>>;
let rsaKey: string;

before(async () => {
  wps = await testApp({ trustProxy: 1 });
  rsaKey = await rsaKeyOf(wps);
});
after(() => wps.close());
afterEach(async () => {
  assert.equal((await dev(wps, 'POST', '/dev/reset')).status, 200);
});

const HOME = '127.0.0.1';
const headers = { 'X-Forwarded-For': HOME, Device: 'MOBILE' };
const login = (username: string, password: string) =>
  sealedCall(wps, '/wps/session/login', loginBody(username, password), rsaKey, { headers });
const register = (payload: Record<string, unknown>, mobile = false) =>
  sealedCall(wps, mobile ? '/wps/member/register/mobile' : '/wps/member/register', payload, rsaKey, {
    headers: { ...headers, ModuleId: mobile ? 'MOBILENUMREG3' : 'REG3' },
  });
const registerMobile = (mobileNum: string, extra: Record<string, unknown> = {}) =>
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
    true,
  );
const change = (token: string, payload: Record<string, unknown>) =>
  sealedCall(wps, '/wps/member/password', payload, rsaKey, { token });
const info = (token: string) => call(wps, 'GET', '/wps/member/info', { token });
const language = (token: string) => call(wps, 'POST', '/wps/member/language', { token, body: { language: 'EN' } });

function ok(a: Answer) {
  assert.equal(a.status, 200, JSON.stringify(a.body));
  assert.equal(a.body.success, true);
  return a.body.value;
}

async function refused(answer: Promise<Answer> | Answer, status: number, errorCode: string) {
  const a = await answer;
  assert.equal(a.status, status, JSON.stringify(a.body));
  assert.equal(a.body.success, false);
  assert.equal(a.body.errorCode, errorCode, JSON.stringify(a.body));
  return a.body;
}

let n = 0;
async function member(password = 'start1234') {
  const username = `pwuser_${process.pid % 1000}_${n++}`; // 10+ characters: a valid password itself
  ok(await register(registerBody(username, password, { login: false })));
  return username;
}

describe('a mobile registration with the default password is a forced-change session', () => {
  test('the answer says so, and the session may only read who it is, change the password and log out until then', async () => {
    const reg = ok(await registerMobile('9176660100'));
    assert.equal(reg.passwordChangeRequired, true);
    await refused(language(reg.token), 403, 'password.change.required');
    await refused(call(wps, 'GET', '/wps/relay/CBS_unreadCount', { token: reg.token }), 403, 'password.change.required');
    ok(await info(reg.token));
    // The current (default) password is needed for the change too.
    await refused(change(reg.token, { newPassword: 'Mine12345' }), 400, 'request.invalid');
    ok(await change(reg.token, { oldPassword: DEFAULT_PASSWORD, newPassword: 'Mine12345' }));
    ok(await language(reg.token));
    assert.equal(ok(await login(reg.userName, 'Mine12345')).passwordChangeRequired, false);
  });

  test('a chosen password (the mobile-password option) or a username registration is no forced change', async () => {
    await dev(wps, 'POST', '/dev/site-settings', { mobilePassword: true });
    const chosen = ok(await registerMobile('9176660101', { password: 'Chosen123' }));
    assert.equal(chosen.passwordChangeRequired, false);
    ok(await language(chosen.token));
    // With the option on, the default password is a chosen one like any other: refused.
    await refused(registerMobile('9176660102'), 400, 'register.password.invalid');
    const named = ok(await register(registerBody(`pw_named_${process.pid % 1000}`, 'Chosen123')));
    assert.equal(named.passwordChangeRequired, false);
  });

  test('a login with the default password says so too', async () => {
    const reg = ok(await registerMobile('9176660103', { login: false }));
    assert.equal(reg.token, undefined);
    const forced = ok(await login(reg.userName, DEFAULT_PASSWORD));
    assert.equal(forced.passwordChangeRequired, true);
    await refused(language(forced.token), 403, 'password.change.required');
  });
});

describe('a password change always needs the current password', () => {
  test('without it (default password, expired, or neither) it is refused and nothing is lost', async () => {
    const reg = ok(await registerMobile('9176660200'));
    const username = await member();
    await dev(wps, 'POST', `/dev/members/${username}/password-age`, { days: 120 });
    const expired = ok(await login(username, 'start1234'));
    assert.equal(expired.passwordExpired, true);
    const other = ok(await login(username, 'start1234')).token;
    const plainName = await member('plain1234');
    const plain = ok(await login(plainName, 'plain1234')).token;

    for (const [token, current] of [
      [reg.token, DEFAULT_PASSWORD],
      [expired.token, 'start1234'],
      [plain, 'plain1234'],
    ] as const) {
      await refused(change(token, { newPassword: 'Fresh1234' }), 400, 'request.invalid');
      await refused(change(token, { oldPassword: '', newPassword: 'Fresh1234' }), 400, 'request.invalid');
      await refused(change(token, { oldPassword: 'Wrong1234', newPassword: 'Fresh1234' }), 400, 'password.old.invalid');
      assert.equal((await info(token)).status, 200, 'the session stays');
      ok(await login(current === DEFAULT_PASSWORD ? reg.userName : current === 'start1234' ? username : plainName, current));
    }
    // Nothing changed: the old passwords still log in, the other session lives, the forced one is still forced.
    ok(await login(reg.userName, DEFAULT_PASSWORD));
    ok(await login(username, 'start1234'));
    assert.equal((await info(other)).status, 200);
    await refused(language(reg.token), 403, 'password.change.required');

    ok(await change(expired.token, { oldPassword: 'start1234', newPassword: 'Fresh1234' }));
    assert.equal(ok(await login(username, 'Fresh1234')).passwordExpired, false);
  });
});

describe('the password rule: at least 8 characters, not the default password, not the username', () => {
  test('the shared rule (src/contract/credentials.ts), the one the server checks', () => {
    assert.equal(validPassword, passwordValid);
    assert.equal(PASSWORD_MIN, 8);
    assert.equal(PASSWORD_MAX, 32);
    const samples: [password: string, username: string | undefined, valid: boolean][] = [
      ['abc1234', undefined, false], // 7 characters
      ['abc12345', undefined, true], // 8
      ['a1'.repeat(16), undefined, true], // 32
      ['a1'.repeat(16) + 'b', undefined, false], // 33
      ['abcdefgh', undefined, false], // no digit
      ['12345678', undefined, false], // no letter
      [DEFAULT_PASSWORD, undefined, false],
      [DEFAULT_PASSWORD.toLowerCase(), undefined, false],
      ['player123', 'player123', false],
      ['PLAYER123', 'Player123', false],
      ['player1234', 'player123', true],
    ];
    for (const [password, username, valid] of samples) assert.equal(passwordValid(password, username), valid, password);
    assert.deepEqual(passwordChecks('Wps123456'), {
      length: true,
      letter: true,
      digit: true,
      notDefault: false,
      notUsername: true,
    });
    assert.equal(passwordChecks('Abc12345', 'abc12345').notUsername, false);
  });

  test('registration by username, by mobile number (a chosen password) and the change, refuse it', async () => {
    await dev(wps, 'POST', '/dev/site-settings', { mobilePassword: true });
    const own = await member('start1234');
    const token = ok(await login(own, 'start1234')).token;
    const name = (i: number) => `rule8_${process.pid % 1000}_${i}`;
    const cases: [password: string, username: string, code: RegExp][] = [
      ['abc1234', name(1), /8/], // 7: too short
      ['Wps123456', name(2), /default/],
      ['wps123456', name(3), /default/],
      [name(4), name(4), /username/],
      [name(5).toUpperCase() + '1', name(5) + '1', /username/],
    ];
    for (const [i, [password, username, message]] of cases.entries()) {
      const byName = await refused(
        register(registerBody(username, password, { login: false })),
        400,
        'register.password.invalid',
      );
      assert.match(String(byName.message), message);
      const byMobile = await refused(
        registerMobile(`91766603${String(i).padStart(2, '0')}`, { password, username }),
        400,
        'register.password.invalid',
      );
      assert.match(String(byMobile.message), message);
    }
    // The change: the session's own username.
    for (const [password, message] of [
      ['abc1234', /8/],
      [DEFAULT_PASSWORD, /default/],
      [own, /username/],
      [own.toUpperCase(), /username/],
    ] as const) {
      const body = await refused(change(token, { oldPassword: 'start1234', newPassword: password }), 400, 'password.invalid');
      assert.match(String(body.message), message);
    }
    ok(await change(token, { oldPassword: 'start1234', newPassword: 'abc12345' })); // 8 is enough
  });
});
