/**
 * Guessing one account from many addresses (issue 26, item 3; docs/server.md "Limits"): the
 * failures on an account count across all addresses, with the captcha after a few and growing
 * delays after more, instead of a lock an attacker could hold the player out with. The requests
 * come over a real socket from 127.0.0.2 … 127.0.0.10 (all loopback), so the server reads each
 * address from the socket, as in production (no X-Forwarded-For, no TRUST_PROXY). With
 * TEST_DATABASE_URL set, on that PostgreSQL database.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, test } from 'node:test';
import { serve } from '@hono/node-server';
import { clock } from '../../server/infra/limits.ts';
import { base32Decode, stepAt, totpAt } from '../../server/signin/totp.ts';
import {
  call,
  dev,
  fresh,
  GA_SECRETS,
  loginBody,
  registerBody,
  rsaKeyOf,
  seal,
  solveV3,
  testApp,
  type Answer,
} from './helpers.ts';

let wps: Awaited<ReturnType<typeof testApp>>;
let rsaKey: string;
let port: number;
let closeServer: () => Promise<void>;
const realNow = clock.now;

/** The attacker's 8 addresses, and a 9th. */
const EIGHT = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6', '127.0.0.7', '127.0.0.8', '127.0.0.9'];
const NINTH = '127.0.0.10';

before(async () => {
  // On the CI's throw-away PostgreSQL when there is one (the budget's lock and queries as in production).
  wps = await testApp({ databaseUrl: process.env.TEST_DATABASE_URL || undefined });
  rsaKey = await rsaKeyOf(wps);
  await new Promise<void>((resolve) => {
    const s = serve({ fetch: wps.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      port = info.port;
      closeServer = () =>
        new Promise<void>((done) => {
          s.close(() => done());
          if ('closeAllConnections' in s) s.closeAllConnections();
        });
      resolve();
    });
  });
});
after(async () => {
  await closeServer();
  await wps.close();
});
afterEach(async () => {
  clock.now = realNow;
  assert.equal((await dev(wps, 'POST', '/dev/reset')).status, 200);
  // guard's sign-ins record the 9th address; forgotten, so it is a stranger's again (a database may outlive a run).
  assert.equal((await dev(wps, 'DELETE', '/dev/members/guard/ips')).status, 200);
});

/** A sealed POST over a socket bound to `from`. */
function post(path: string, payload: unknown, from: string): Promise<Answer> {
  const sealed = seal(fresh(payload), rsaKey);
  const body = JSON.stringify(sealed.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          ...sealed.headers,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Device: 'MOBILE',
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: new Headers(), body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const login = (username: string, password: string, from: string, extra: Record<string, unknown> = {}) =>
  post('/wps/session/login', loginBody(username, password, extra), from);
const verify = (payload: Record<string, unknown>, from: string) => post('/wps/session/login/verification', payload, from);

/**
 * A clock that moves only when told, from a start later than any earlier run's (an authenticator code
 * works only after the last one used, and a PostgreSQL database may outlive a run): a real second is
 * 100 fake ones, so a run starts past where the run before ended.
 */
function frozenClock() {
  let now = Date.UTC(2031, 0, 1) + (Date.now() - Date.UTC(2026, 0, 1)) * 100;
  clock.now = () => now;
  return { advance: (ms: number) => (now += ms), now: () => now };
}

let members = 0;
/** A member without a second factor (a right password signs in at once), made through the API. */
async function plainMember(): Promise<{ username: string; password: string }> {
  const username = `acct_${process.pid % 1000}_${members++}`;
  const password = 'PlainPass2026';
  const sealed = seal(fresh(registerBody(username, password, { login: false })), rsaKey);
  const a = await call(wps, 'POST', '/wps/member/register', {
    body: sealed.body,
    headers: { ...sealed.headers, ModuleId: 'REG3' },
  });
  assert.equal(a.status, 200, JSON.stringify(a.body));
  return { username, password };
}

/**
 * `n` guesses round-robin from the 8 addresses, as fast as they are answered; like a real attacker,
 * a guess asked for the captcha is sent again with one solved (the stand-in is readable).
 */
async function guess(
  n: number,
  send: (i: number, from: string, captcha: Record<string, unknown>) => Promise<Answer>,
): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < n; i++) {
    const from = EIGHT[i % EIGHT.length]!;
    let a = await send(i, from, {});
    if (a.body.errorCode === 'captcha.required') a = await send(i, from, await solveV3(wps));
    answers.push(a);
  }
  return answers;
}

const count = (answers: Answer[], errorCode: string) => answers.filter((a) => a.body.errorCode === errorCode).length;

test('40 wrong passwords from 8 addresses: 10 are judged; the right one from a 9th needs the captcha and the wait, then signs in', async () => {
  const t = frozenClock();
  const { username, password } = await plainMember();
  const answers = await guess(40, (i, from, captcha) => login(username, `Wrong${i}pass`, from, captcha));
  // Before: all 40 were judged (5 per username and address, 20 per address).
  const judged = count(answers, 'login.cred.err');
  assert.equal(judged, 10, `${judged} of 40 judged`);
  assert.equal(judged + count(answers, 'TOO_MANY_REQUEST_ACCOUNT'), 40, JSON.stringify(answers.map((a) => a.body.errorCode)));

  // The right password from a 9th address is not judged yet: the wait, then the captcha.
  const waiting = await refusedWith(login(username, password, NINTH), 'TOO_MANY_REQUEST_ACCOUNT');
  const wait = waiting.value.retryAfter as number;
  assert.ok(wait >= 1 && wait <= 300, `retryAfter ${wait}`);
  // The player is not locked out: after the wait, with the captcha, the right password signs in.
  t.advance(wait * 1000);
  await refusedWith(login(username, password, NINTH), 'captcha.required');
  const session = await login(username, password, NINTH, await solveV3(wps));
  assert.equal(session.status, 200, JSON.stringify(session.body));
  assert.equal(session.body.value.userName, username);
  // A sign-in clears the account's failures: no captcha and no wait for the next one.
  assert.equal((await login(username, password, EIGHT[0]!)).status, 200);
});

test('the delays grow: each further guess waits longer, at most 5 minutes', async () => {
  const t = frozenClock();
  const { username } = await plainMember();
  await guess(10, (i, from, captcha) => login(username, `Wrong${i}pass`, from, captcha));
  const waits: number[] = [];
  for (let i = 0; i < 8; i++) {
    const from = EIGHT[i % EIGHT.length]!;
    const a = await refusedWith(login(username, `Later${i}pass`, from, await solveV3(wps)), 'TOO_MANY_REQUEST_ACCOUNT');
    waits.push(a.value.retryAfter);
    t.advance(a.value.retryAfter * 1000);
    await refusedWith(login(username, `Later${i}pass`, from, await solveV3(wps)), 'login.cred.err');
  }
  assert.deepEqual(waits, [5, 10, 20, 40, 80, 160, 300, 300]);
});

test('40 authenticator codes for guard from 8 addresses in a minute: 13 are judged (10, then one per delay); the right code from a 9th signs in after the wait', async () => {
  const t = frozenClock();
  const secret = base32Decode(GA_SECRETS.guard);
  // Codes far from now: never the right one.
  const wrong = (i: number) => totpAt(secret, stepAt(t.now()) + 1000 + i);
  const answers = await guess(40, (i, from) => {
    t.advance(1500); // 40 in a minute
    return verify({ username: 'guard', password: 'Guard1234', method: 'G', authCode: wrong(i) }, from);
  });
  const judged = count(answers, 'verification.failed');
  // Before: all 40 were judged. Now: 10, then one after each delay that passed within the minute.
  assert.equal(judged, 13, `${judged} of 40 judged`);
  assert.equal(judged + count(answers, 'TOO_MANY_REQUEST_ACCOUNT'), 40, JSON.stringify(answers.map((a) => a.body.errorCode)));
  const waiting = await refusedWith(
    verify({ username: 'guard', password: 'Guard1234', method: 'G', authCode: totpAt(secret, stepAt(t.now())) }, NINTH),
    'TOO_MANY_REQUEST_ACCOUNT',
  );
  t.advance(waiting.value.retryAfter * 1000);
  const session = await verify(
    { username: 'guard', password: 'Guard1234', method: 'G', authCode: totpAt(secret, stepAt(t.now())) },
    NINTH,
  );
  assert.equal(session.status, 200, JSON.stringify(session.body));
  assert.equal(session.body.value.userName, 'guard');
});

test('SMS codes in the verification call share the budget: of 20 wrong codes from 8 addresses 10 are judged', async () => {
  frozenClock();
  const answers = await guess(20, (i, from) =>
    verify(
      { username: 'guard', password: 'Guard1234', method: 'S', mobileNum: '9171234568', verificationCode: String(100_000 + i) },
      from,
    ),
  );
  assert.equal(count(answers, 'verification.failed'), 10);
  assert.equal(count(answers, 'TOO_MANY_REQUEST_ACCOUNT'), 10);
});

test("a player's recorded address is not held back by the account's delay (an attacker cannot lock them out)", async () => {
  frozenClock();
  // demo's recorded addresses are 127.0.0.1 and ::1 (server/merchants/merchants.json).
  await guess(12, (i, from, captcha) => login('demo', `Wrong${i}pass`, from, captcha));
  await refusedWith(login('demo', 'Demo1234', NINTH, await solveV3(wps)), 'TOO_MANY_REQUEST_ACCOUNT');
  // From home: the captcha is asked, the wait is not.
  await refusedWith(login('demo', 'Demo1234', '127.0.0.1'), 'captcha.required');
  const home = await login('demo', 'Demo1234', '127.0.0.1', await solveV3(wps));
  assert.equal(home.status, 200, JSON.stringify(home.body));
});

async function refusedWith(answer: Promise<Answer>, errorCode: string) {
  const a = await answer;
  assert.equal(a.body.errorCode, errorCode, JSON.stringify(a.body));
  assert.equal(a.status, 400);
  return a.body;
}
