/** Login, logout, registration, member info and language, and what ends up in the database. */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, afterEach, before, describe, test } from 'node:test';
import { call, loginBody, registerBody, rsaKeyOf, sealedCall, testApp } from './helpers.ts';
import { hashing } from '../../server/signin/passwords.ts';

let wps: Awaited<ReturnType<typeof testApp>>;
let rsaKey: string;

before(async () => {
  wps = await testApp();
  rsaKey = await rsaKeyOf(wps);
});
after(() => wps.close());
// The failed logins of one test must not lock the next one out (the counters are per username + IP).
afterEach(async () => {
  assert.equal((await call(wps, 'POST', '/dev/reset')).status, 200);
});

const login = (username: string, password: string, o: { merchant?: string; extra?: Record<string, unknown> } = {}) =>
  sealedCall(wps, '/wps/session/login', loginBody(username, password, o.extra), rsaKey, { merchant: o.merchant });
const register = (username: string, password: string, extra: Record<string, unknown> = {}, merchant?: string) =>
  sealedCall(wps, '/wps/member/register', registerBody(username, password, extra), rsaKey, {
    merchant,
    headers: { ModuleId: 'REG3' },
  });

async function refusedWith(answer: ReturnType<typeof call>, status: number, errorCode: string) {
  const a = await answer;
  assert.equal(a.status, status, JSON.stringify(a.body));
  assert.equal(a.body.errorCode, errorCode);
  assert.equal(a.body.success, false);
  return a.body;
}

describe('login', () => {
  test('the demo member logs in; firstTimeLogin only the first time', async () => {
    const first = await login('demo', 'Demo1234');
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const v = first.body.value;
    assert.equal(first.body.success, true);
    assert.equal(v.userName, 'demo');
    assert.equal(v.customerType, 0);
    assert.equal(typeof v.id, 'number');
    assert.match(v.token, /^[A-Za-z0-9_-]{40,}$/);
    assert.equal(v.firstTimeLogin, true);
    assert.equal(v.passwordExpired, false);
    const second = await login('DEMO', 'Demo1234');
    assert.equal(second.body.value.firstTimeLogin, false);
    assert.notEqual(second.body.value.token, v.token);
  });

  test('wrong password and unknown user → the same login.cred.err', async () => {
    const wrong = await refusedWith(login('demo', 'Demo12345'), 400, 'login.cred.err');
    const unknown = await refusedWith(login('nobody_here', 'Demo1234'), 400, 'login.cred.err');
    assert.equal(wrong.message, unknown.message);
    assert.deepEqual(Object.keys(wrong).sort(), Object.keys(unknown).sort());
  });

  test('an unknown user costs the same scrypt work as a wrong password', async () => {
    await login('nobody_warm_up', 'wrong-password1'); // the dummy hash is made once, on first use
    /** The hashes one login computed, by cost. */
    const hashesOf = async (username: string) => {
      const before = new Map(hashing.computed);
      await login(username, 'wrong-password1');
      return Object.fromEntries(
        [...hashing.computed].map(([cost, n]) => [cost, n - (before.get(cost) ?? 0)]).filter(([, n]) => n !== 0),
      );
    };
    const known = await hashesOf('demo');
    assert.deepEqual(known, { '16384-8-1': 1 }, 'a wrong password: one scrypt at the stored cost');
    assert.deepEqual(await hashesOf('nobody_here'), known, 'an unknown user: the same');
    // The clock's side of the same rule, measured with nothing beside it: alone/login-timing.test.ts.
  });

  test('a password of another merchant’s member does not log in here', async () => {
    await refusedWith(login('demo', 'Demo5678'), 400, 'login.cred.err');
    const other = await login('demo', 'Demo5678', { merchant: 'demo2' });
    assert.equal(other.status, 200);
  });

  test('firebase login where no provider is offered → login.type.unsupported; without its fields → request.invalid', async () => {
    await refusedWith(
      login('demo', 'Demo1234', { extra: { type: 'firebase', firebaseIdToken: 'a.b.c' } }),
      400,
      'login.type.unsupported',
    );
    await refusedWith(login('demo', 'Demo1234', { extra: { type: 'firebase' } }), 400, 'request.invalid');
    await refusedWith(login('demo', 'Demo1234', { extra: { type: 'sms' } }), 400, 'request.invalid');
  });

  test('username login without username or password → request.invalid', async () => {
    const body = loginBody('demo', 'x');
    delete (body as Record<string, unknown>).password;
    const a = await refusedWith(sealedCall(wps, '/wps/session/login', body, rsaKey), 400, 'request.invalid');
    assert.match(a.message!, /password/);
    const noUser = loginBody('x', 'Demo1234');
    delete (noUser as Record<string, unknown>).username;
    await refusedWith(sealedCall(wps, '/wps/session/login', noUser, rsaKey), 400, 'request.invalid');
  });
});

describe('session round trip', () => {
  test('login → member info → language → info → logout → 401', async () => {
    const { token, id } = (await login('demo', 'Demo1234')).body.value;
    const info = await call(wps, 'GET', '/wps/member/info', { token });
    assert.equal(info.status, 200);
    // The demo seed puts `demo` at VIP2 (server/engagement/seed.ts).
    const clubLabel = { labelName: 'VIP2', type: 'AUTO', rankLevel: 2 };
    assert.deepEqual(info.body.value, { type: 0, id, userName: 'demo', language: 'EN', clubLabel });

    const bearer = await call(wps, 'GET', '/wps/member/info', { token: `Bearer ${token}` });
    assert.equal(bearer.status, 200);

    const changed = await call(wps, 'POST', '/wps/member/language', { token, body: { language: 'PT-BR', merchantCode: 'demo' } });
    assert.deepEqual(changed.body, { success: true, value: null });
    assert.equal((await call(wps, 'GET', '/wps/member/info', { token })).body.value.language, 'PT-BR');
    await call(wps, 'POST', '/wps/member/language', { token, body: { language: 'EN' } });

    const out = await call(wps, 'POST', '/wps/session/logout', { token });
    assert.deepEqual(out.body, { success: true, value: null });
    await refusedWith(call(wps, 'GET', '/wps/member/info', { token }), 401, 'CUSTOMER_NOT_LOGIN');
    await refusedWith(call(wps, 'POST', '/wps/session/logout', { token }), 401, 'CUSTOMER_NOT_LOGIN');
  });

  test('logging out one session leaves the others', async () => {
    const a = (await login('demo', 'Demo1234')).body.value.token;
    const b = (await login('demo', 'Demo1234')).body.value.token;
    await call(wps, 'POST', '/wps/session/logout', { token: a });
    assert.equal((await call(wps, 'GET', '/wps/member/info', { token: b })).status, 200);
  });

  test('a token only works with the merchant it was issued for', async () => {
    const { token } = (await login('demo', 'Demo1234')).body.value;
    await refusedWith(call(wps, 'GET', '/wps/member/info', { token, merchant: 'demo2' }), 401, 'CUSTOMER_NOT_LOGIN');
  });

  test('an expired session is refused', async () => {
    const { token } = (await login('demo', 'Demo1234')).body.value;
    const hash = createHash('sha256').update(token).digest('hex');
    await wps.db!.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hash]);
    await refusedWith(call(wps, 'GET', '/wps/member/info', { token }), 401, 'CUSTOMER_NOT_LOGIN');
  });

  test('sessions last 8 hours', async () => {
    const { token } = (await login('demo', 'Demo1234')).body.value;
    const hash = createHash('sha256').update(token).digest('hex');
    const { rows } = await wps.db!.query<{ hours: number }>(
      'SELECT extract(epoch FROM expires_at - created_at)::int / 3600 AS hours FROM sessions WHERE token_hash = $1',
      [hash],
    );
    assert.equal(rows[0]?.hours, 8);
  });
});

describe('registration', () => {
  test('registers and logs in (login: true); the new member can log in again', async () => {
    const a = await register('new_player1', 'abc12345', {}, undefined);
    assert.equal(a.status, 200, JSON.stringify(a.body));
    const v = a.body.value;
    assert.equal(v.userName, 'new_player1');
    assert.equal(v.firstTimeLogin, true);
    assert.equal(typeof v.token, 'string');
    const info = await call(wps, 'GET', '/wps/member/info', { token: v.token });
    assert.equal(info.body.value.userName, 'new_player1');
    assert.equal(info.body.value.id, v.id);
    const again = await login('new_player1', 'abc12345');
    assert.equal(again.body.value.firstTimeLogin, false);
  });

  test('without login: true no session is opened', async () => {
    const a = await register('quiet_player', 'abc12345', { login: false });
    assert.equal(a.status, 200);
    assert.equal(a.body.value.token, undefined);
    assert.equal(a.body.value.userName, 'quiet_player');
    assert.equal((await login('quiet_player', 'abc12345')).body.value.firstTimeLogin, true);
  });

  test('the Language header becomes the member’s language', async () => {
    const a = await sealedCall(wps, '/wps/member/register', registerBody('lang_player', 'abc12345'), rsaKey, {
      headers: { Language: 'VI' },
    });
    const info = await call(wps, 'GET', '/wps/member/info', { token: a.body.value.token });
    assert.equal(info.body.value.language, 'VI');
  });

  test('invalid usernames → register.username.invalid', async () => {
    for (const username of ['abc', 'a'.repeat(17), 'has space', 'dash-name', 'ümlaut', '', 'semi;colon']) {
      await refusedWith(register(username, 'abc12345'), 400, 'register.username.invalid');
    }
    const noUsername = registerBody('x', 'abc12345');
    delete (noUsername as Record<string, unknown>).username;
    await refusedWith(sealedCall(wps, '/wps/member/register', noUsername, rsaKey), 400, 'register.username.invalid');
  });

  test('invalid passwords → register.password.invalid', async () => {
    for (const password of ['ab12', 'abcdefgh', '12345678', 'a1'.repeat(17), '']) {
      await refusedWith(register('good_name', password), 400, 'register.password.invalid');
    }
  });

  test('registration payload checks: wrong method, bad device id → request.invalid', async () => {
    await refusedWith(register('good_name', 'abc12345', { registerMethod: 'DESKTOP' }), 400, 'request.invalid');
    await refusedWith(register('good_name', 'abc12345', { loginDeviceId: '123' }), 400, 'request.invalid');
    await refusedWith(register('good_name', 'abc12345', { pixelTrack: { fbPixelId: 5 } }), 400, 'request.invalid');
  });

  test('a taken username → register.username.exists, whatever its case', async () => {
    await refusedWith(register('demo', 'abc12345'), 400, 'register.username.exists');
    await refusedWith(register('DeMo', 'abc12345'), 400, 'register.username.exists');
    assert.equal((await register('twice_name', 'abc12345')).status, 200);
    await refusedWith(register('TWICE_NAME', 'abc12345'), 400, 'register.username.exists');
  });

  test('the same username may exist at another merchant', async () => {
    const a = await register('shared_name', 'abc12345', {}, 'demo2');
    assert.equal(a.status, 200);
    const b = await register('shared_name', 'abc12345', {}, 'demo');
    assert.equal(b.status, 200);
  });

  test('10 concurrent registrations of one name: exactly one succeeds', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => register(i % 2 ? 'race_name' : 'RACE_name', `abc1234${i}`)),
    );
    const ok = answers.filter((a) => a.status === 200);
    assert.equal(ok.length, 1, JSON.stringify(answers.map((a) => a.body.errorCode)));
    for (const a of answers.filter((x) => x.status !== 200)) assert.equal(a.body.errorCode, 'register.username.exists');
    const { rows } = await wps.db!.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM members WHERE merchant_code = 'demo' AND lower(username) = 'race_name'",
    );
    assert.equal(rows[0]?.n, 1);
  });
});

describe('stored data', () => {
  test('passwords are stored as scrypt$N$r$p$salt$hash with a random salt, never in clear', async () => {
    await register('hash_check_a', 'same123pw');
    await register('hash_check_b', 'same123pw');
    const { rows } = await wps.db!.query<{ username: string; password_hash: string }>(
      'SELECT username, password_hash FROM members ORDER BY id',
    );
    assert.ok(rows.length >= 4);
    for (const row of rows) {
      assert.match(row.password_hash, /^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]{20,}\$[A-Za-z0-9+/=]{40,}$/);
      for (const clear of ['Demo1234', 'Demo5678', 'same123pw', 'abc12345']) assert.ok(!row.password_hash.includes(clear));
    }
    const a = rows.find((r) => r.username === 'hash_check_a')!.password_hash;
    const b = rows.find((r) => r.username === 'hash_check_b')!.password_hash;
    assert.notEqual(a, b, 'same password, different salt');
  });

  test('tokens are stored as their SHA-256 only', async () => {
    const { token } = (await login('demo', 'Demo1234')).body.value;
    const { rows } = await wps.db!.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    assert.ok(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash)));
    assert.ok(!rows.some((r) => r.token_hash === token));
    assert.ok(rows.some((r) => r.token_hash === createHash('sha256').update(token).digest('hex')));
  });
});
