/**
 * The same SQL on a PostgreSQL server through `pg` (DATABASE_URL). Skipped unless TEST_DATABASE_URL
 * names a throw-away database, e.g. TEST_DATABASE_URL=postgres://wps@127.0.0.1:55432/postgres.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { STATE_CACHE_MS } from '../../server/db/state.ts';
import {
  DEVICE_ID,
  call,
  dev,
  fresh,
  loginBody,
  outboxCode,
  registerBody,
  rsaKeyOf,
  seal,
  sealedCall,
  testApp,
} from './helpers.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;

test(
  'register, concurrent registration, login, info and logout on PostgreSQL',
  { skip: !databaseUrl && 'TEST_DATABASE_URL is not set' },
  async () => {
    // Twice: the migrations and the seeding must be idempotent on a server too.
    await (await testApp({ databaseUrl })).close();
    const wps = await testApp({ databaseUrl });
    try {
      const rsaKey = await rsaKeyOf(wps);
      const name = `pg_${randomBytes(4).toString('hex')}`;
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          sealedCall(wps, '/wps/member/register', registerBody(i % 2 ? name : name.toUpperCase(), 'abc12345'), rsaKey),
        ),
      );
      assert.equal(answers.filter((a) => a.status === 200).length, 1);
      assert.ok(answers.filter((a) => a.status !== 200).every((a) => a.body.errorCode === 'register.username.exists'));

      const login = await sealedCall(wps, '/wps/session/login', loginBody(name, 'abc12345'), rsaKey);
      assert.equal(login.status, 200, JSON.stringify(login.body));
      const token = login.body.value.token;
      const info = await call(wps, 'GET', '/wps/member/info', { token });
      assert.equal(info.body.value.id, login.body.value.id);
      assert.equal(typeof info.body.value.id, 'number');
      await call(wps, 'POST', '/wps/member/language', { token, body: { language: 'KO' } });
      assert.equal((await call(wps, 'GET', '/wps/member/info', { token })).body.value.language, 'KO');
      assert.equal((await call(wps, 'POST', '/wps/session/logout', { token })).status, 200);
      assert.equal((await call(wps, 'GET', '/wps/member/info', { token })).status, 401);

      const demo = await sealedCall(wps, '/wps/session/login', loginBody('demo', 'Demo1234'), rsaKey);
      assert.equal(demo.status, 200);
    } finally {
      await wps.close();
    }
  },
);

/**
 * Two instances on one PostgreSQL, as behind a load balancer (docs/server.md, "Several instances"):
 * what guards the API is in the database, so each holds for both.
 */
test(
  'two instances on one PostgreSQL: shared keys, lockouts, replay refusal, single-use codes and state',
  { skip: !databaseUrl && 'TEST_DATABASE_URL is not set' },
  async () => {
    const a = await testApp({ databaseUrl });
    const b = await testApp({ databaseUrl });
    try {
      await dev(a, 'POST', '/dev/reset'); // counters of earlier runs on this database
      // One key pair: a body sealed with the key one instance gave opens on the other.
      const rsaKey = await rsaKeyOf(a);
      assert.equal(await rsaKeyOf(b), rsaKey);
      assert.equal((await sealedCall(b, '/wps/session/login', loginBody('demo', 'Demo1234'), rsaKey)).status, 200);

      // A captured login replayed to the other instance is refused.
      const sealed = seal(fresh(loginBody('demo', 'Demo1234')), rsaKey);
      const send = (to: typeof a) => call(to, 'POST', '/wps/session/login', { body: sealed.body, headers: sealed.headers });
      assert.equal((await send(a)).status, 200);
      const replayed = await send(b);
      assert.deepEqual([replayed.status, replayed.body.errorCode], [400, 'request.replayed']);

      // A lockout reached through one instance holds on the other (and the address limit counts both).
      const name = `pg_${randomBytes(4).toString('hex')}`;
      assert.equal((await sealedCall(a, '/wps/member/register', registerBody(name, 'abc12345'), rsaKey)).status, 200);
      for (let i = 0; i < 5; i++) {
        const wrong = await sealedCall(i % 2 ? a : b, '/wps/session/login', loginBody(name, 'wrong123'), rsaKey);
        assert.equal(wrong.body.errorCode, 'login.cred.err');
      }
      const locked = await sealedCall(b, '/wps/session/login', loginBody(name, 'abc12345'), rsaKey);
      assert.equal(locked.body.errorCode, 'TOO_MANY_REQUEST_LOGIN');
      assert.ok(locked.body.value.retryAfter > 0);
      const lockedToo = await sealedCall(a, '/wps/session/login', loginBody(name, 'abc12345'), rsaKey);
      assert.equal(lockedToo.body.errorCode, 'TOO_MANY_REQUEST_LOGIN');

      // An SMS code sent through one instance is checked, once, by the other (one secret, one table).
      const mobileNum = `9${randomBytes(4).readUInt32BE() % 1_000_000_000}`.padEnd(10, '0');
      const reg = await sealedCall(
        a,
        '/wps/member/register/mobile',
        {
          registerMethod: 'H5',
          loginDeviceId: DEVICE_ID,
          login: false,
          countryDialingCode: '+63',
          mobileNum,
          password: 'abc12345',
        },
        rsaKey,
      );
      assert.equal(reg.status, 200, JSON.stringify(reg.body));
      const sent = await call(a, 'POST', '/wps/verification/sms/noLogin', { body: { countryDialingCode: '+63', mobileNum } });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const code = await outboxCode(a, mobileNum);
      const smsLogin = (to: typeof a) =>
        sealedCall(
          to,
          '/wps/session/login',
          {
            type: 'sms',
            countryDialingCode: '+63',
            mobileNum,
            verificationCode: code,
            merchant: 'demo',
            loginDeviceId: DEVICE_ID,
          },
          rsaKey,
        );
      assert.equal((await smsLogin(b)).status, 200);
      assert.equal((await smsLogin(a)).body.errorCode, 'login.cred.err', 'the code was used up on the other instance');

      // A dev switch made through one instance shows on the other within STATE_CACHE_MS.
      await dev(a, 'POST', '/dev/maintenance', { on: true });
      await new Promise((r) => setTimeout(r, STATE_CACHE_MS + 50));
      assert.equal((await call(b, 'GET', '/wps/system/status')).body.value.maintenance, true);
      await dev(b, 'POST', '/dev/reset');
    } finally {
      await a.close();
      await b.close();
    }
  },
);

/**
 * Member-centre claims and sign-ins sent together to two instances on one PostgreSQL (real
 * concurrent connections, unlike PGlite's one): each pays once (docs/server.md, "Member centre").
 */
test(
  'member centre on PostgreSQL: concurrent claims credit once, concurrent sign-ins sign one day',
  { skip: !databaseUrl && 'TEST_DATABASE_URL is not set' },
  async () => {
    const a = await testApp({ databaseUrl });
    const b = await testApp({ databaseUrl });
    try {
      await dev(a, 'POST', '/dev/reset');
      const rsaKey = await rsaKeyOf(a);
      const name = `mc_${randomBytes(4).toString('hex')}`;
      const reg = await sealedCall(a, '/wps/member/register', registerBody(name, 'abc12345'), rsaKey);
      assert.equal(reg.status, 200, JSON.stringify(reg.body));
      const token = reg.body.value.token;
      const granted = await dev(a, 'POST', '/dev/member-centre/rewards', { username: name, title: 'PG', amount: 7.5 });
      const id = granted.body.value.id;
      const claims = await Promise.all(
        Array.from({ length: 10 }, (_, i) => call(i % 2 ? a : b, 'POST', '/wps/mc/rewards/claim', { token, body: { id } })),
      );
      assert.ok(
        claims.every((c) => c.status === 200),
        JSON.stringify(claims.map((c) => c.body)),
      );
      assert.equal(claims.filter((c) => c.body.value.credited).length, 1);
      const signIns = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          call(i % 2 ? a : b, 'POST', '/wps/mc/signIn', { token, body: { timeZone: i % 3 ? 'Asia/Manila' : 'America/Lima' } }),
        ),
      );
      assert.equal(signIns.filter((s) => s.status === 200).length, 1, JSON.stringify(signIns.map((s) => s.body)));
      assert.ok(signIns.filter((s) => s.status !== 200).every((s) => s.body.errorCode === 'signin.already.today'));
      const overview = await call(b, 'GET', '/wps/mc/overview', { token });
      assert.equal(overview.body.value.balance, 7.5 + 1);
      assert.equal(overview.body.value.signedToday, true);
    } finally {
      await a.close();
      await b.close();
    }
  },
);
