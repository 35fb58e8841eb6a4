/**
 * The same SQL on a PostgreSQL server through `pg` (DATABASE_URL). Skipped unless TEST_DATABASE_URL
 * names a throw-away database, e.g. TEST_DATABASE_URL=postgres://wps@127.0.0.1:55432/postgres.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { call, loginBody, registerBody, rsaKeyOf, sealedCall, testApp } from './helpers.ts';

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
          sealedCall(wps, '/wps/member/register', registerBody(i % 2 ? name : name.toUpperCase(), 'abc123'), rsaKey),
        ),
      );
      assert.equal(answers.filter((a) => a.status === 200).length, 1);
      assert.ok(answers.filter((a) => a.status !== 200).every((a) => a.body.errorCode === 'register.username.exists'));

      const login = await sealedCall(wps, '/wps/session/login', loginBody(name, 'abc123'), rsaKey);
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
