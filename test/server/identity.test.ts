/**
 * Identity provider (Firebase Auth) sign-in: login with an ID token (bind_customer_required, binding
 * to an existing account, the second check), registration with the provider, and the token checks.
 *
 * Demo/test mode runs against a real Firebase Auth emulator (started once for the file, about
 * 8–20 s); the production path (RS256 against Google's keys) against a locally generated key pair
 * given to the server as its certificate provider, with tokens crafted here.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import { googleCerts } from '../../server/signin/identity.ts';
import { clock } from '../../server/infra/limits.ts';
import {
  emulatorIdpSignIn,
  emulatorPhoneSignIn,
  emulatorSignUp,
  FIREBASE_BIN,
  startAuthEmulator,
  type AuthEmulator,
} from '../e2e/harness.ts';
import {
  call,
  dev,
  DEVICE_ID,
  merchantsFileWith,
  registerBody,
  rsaKeyOf,
  sealedCall,
  tempDir,
  testApp,
  type Answer,
} from './helpers.ts';

type App = Awaited<ReturnType<typeof testApp>>;
const realNow = clock.now;

function ok(a: Answer) {
  assert.equal(a.status, 200, JSON.stringify(a.body));
  assert.equal(a.body.success, true);
  return a.body.value;
}

async function refused(answer: Promise<Answer> | Answer, errorCode: string, status = 400) {
  const a = await answer;
  assert.equal(a.status, status, JSON.stringify(a.body));
  assert.equal(a.body.success, false);
  assert.equal(a.body.errorCode, errorCode, JSON.stringify(a.body));
  return a.body;
}

const xff = (ip: string) => ({ 'X-Forwarded-For': ip });
const HOME = '127.0.0.1';
let ipCounter = 10;
const freshIp = () => `203.0.113.${ipCounter++ % 250}`;

const firebaseBody = (firebaseIdToken: string, extra: Record<string, unknown> = {}) => ({
  type: 'firebase',
  firebaseChannel: 'google.com',
  firebaseIdToken,
  merchant: 'demo',
  loginDeviceId: DEVICE_ID,
  ...extra,
});
const providerRegisterBody = (firebaseIdToken: string, extra: Record<string, unknown> = {}) => ({
  registerMethod: 'H5',
  loginDeviceId: DEVICE_ID,
  login: true,
  firebaseChannel: 'google.com',
  firebaseIdToken,
  ...extra,
});

/** The JWT with its payload changed by `edit` (header and signature kept). */
function editPayload(token: string, edit: (claims: Record<string, any>) => void): string {
  const [h, p, s] = token.split('.');
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
  edit(claims);
  return `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`;
}

// The emulator boots (8–20 s) while the production tests run; stopped after everything.
const noFirebase = !existsSync(FIREBASE_BIN);
const t0 = Date.now();
const emulatorStarting = noFirebase
  ? undefined
  : startAuthEmulator().then((e) => {
      console.log(`# Auth emulator ready in ${Date.now() - t0} ms at ${e.url}`);
      return e;
    });
emulatorStarting?.catch(() => {}); // reported by the suite's before hook
after(async () => {
  const e = await emulatorStarting?.catch(() => undefined);
  await e?.stop();
});

// ---- production mode: RS256 against the provider's keys ----------------------------------------

describe('identity provider in production (RS256, injected keys)', () => {
  const PROJECT = 'wps-prod-test';
  const KID = 'test-kid-1';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certs: Record<string, string> = { [KID]: publicKey.export({ type: 'spki', format: 'pem' }) as string };
  let prod: App;
  let rsaKey: string;
  let tmp: ReturnType<typeof tempDir>;
  let uidCounter = 0;

  function jwt(header: Record<string, unknown>, claims: Record<string, unknown>, key: KeyObject | null = privateKey): string {
    const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const signed = `${part(header)}.${part(claims)}`;
    const signature = key ? sign('sha256', Buffer.from(signed), key).toString('base64url') : '';
    return `${signed}.${signature}`;
  }
  const claimsOf = (extra: Record<string, unknown> = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return {
      iss: `https://securetoken.google.com/${PROJECT}`,
      aud: PROJECT,
      auth_time: now - 10,
      iat: now - 10,
      exp: now + 3600,
      sub: `uid-${uidCounter++}`,
      email: 'prod.player@example.com',
      firebase: { sign_in_provider: 'google.com', identities: {} },
      ...extra,
    };
  };
  const token = (
    extra: Record<string, unknown> = {},
    header: Record<string, unknown> = { alg: 'RS256', kid: KID, typ: 'JWT' },
    key?: KeyObject | null,
  ) => jwt(header, claimsOf(extra), key === undefined ? privateKey : key);
  const login = (t: string, extra: Record<string, unknown> = {}) =>
    sealedCall(prod, '/wps/session/login', firebaseBody(t, extra), rsaKey, { headers: { Device: 'MOBILE' } });

  before(async () => {
    tmp = tempDir();
    const file = merchantsFileWith(tmp.dir);
    const data = JSON.parse(readFileSync(file, 'utf8'));
    data.merchants.demo.info.sms = {
      ...data.merchants.demo.info.sms,
      firebase: true,
      projectId: PROJECT,
      apiKey: 'prod-key',
      authDomain: `${PROJECT}.firebaseapp.com`,
      appId: '1:2:web:3',
    };
    data.merchants.demo2.info.sms = { firebase: true, projectId: PROJECT };
    data.merchants.demo2.identityMaxAgeSeconds = 60;
    writeFileSync(file, JSON.stringify(data));
    prod = await testApp({ production: true, merchantsFile: file, identityCerts: async () => certs });
    rsaKey = await rsaKeyOf(prod);
  });
  after(async () => {
    await prod?.close();
    tmp?.remove();
  });

  test('the status gives the merchant’s own config (no emulator); a valid token passes', async () => {
    const sms = ok(await call(prod, 'GET', '/wps/system/status')).info.sms;
    assert.equal(sms.firebase, true);
    assert.equal(sms.projectId, PROJECT);
    assert.equal(sms.authEmulatorUrl, undefined);
    assert.equal((await call(prod, 'POST', '/dev/site-settings', { body: { firebase: true } })).status, 404);
    const t = token();
    assert.deepEqual((await refused(login(t), 'bind_customer_required')).value, {
      channel: 'google.com',
      email: 'prod.player@example.com',
      autoRegister: false,
      canCreate: false,
    });
    // Production seeds no demo member: a registered one (its IP, 127.0.0.1, is recorded) is bound and
    // logged in at once.
    ok(await sealedCall(prod, '/wps/member/register', registerBody('prod_member', 'Prod1234', { login: false }), rsaKey));
    const v = ok(await login(t, { username: 'prod_member', password: 'Prod1234' }));
    assert.equal(v.userName, 'prod_member');
    assert.equal(ok(await login(t)).id, v.id);
  });

  test('a wrong signature, an unknown key, alg none or HS256: invalid', async () => {
    await refused(login(token({}, undefined, other.privateKey)), 'firebase.token.invalid');
    await refused(login(token({}, { alg: 'RS256', kid: 'unknown-kid' })), 'firebase.token.invalid');
    await refused(login(token({}, { alg: 'RS256' })), 'firebase.token.invalid');
    await refused(login(token({}, { alg: 'none', kid: KID }, null)), 'firebase.token.invalid');
    await refused(login(token({}, { alg: 'none' }, null)), 'firebase.token.invalid');
    await refused(login(token({}, { alg: 'HS256', kid: KID })), 'firebase.token.invalid');
    // The payload changed after signing.
    const good = token();
    await refused(login(editPayload(good, (c) => (c.sub = 'someone-else'))), 'firebase.token.invalid');
    await refused(login(good.split('.').slice(0, 2).join('.') + '.'), 'firebase.token.invalid');
  });

  test('claims: project, issuer, expiry, issue time, sign-in age (300 s), subject, provider', async () => {
    const now = Math.floor(Date.now() / 1000);
    await refused(
      login(token({ aud: 'another-project', iss: 'https://securetoken.google.com/another-project' })),
      'firebase.token.invalid',
    );
    await refused(login(token({ iss: 'https://accounts.google.com' })), 'firebase.token.invalid');
    await refused(login(token({ exp: now - 1 })), 'firebase.token.invalid');
    await refused(login(token({ iat: now + 600 })), 'firebase.token.invalid');
    await refused(login(token({ auth_time: now - 301 })), 'firebase.token.invalid');
    await refused(login(token({ auth_time: now + 600 })), 'firebase.token.invalid');
    await refused(login(token({ auth_time: undefined })), 'firebase.token.invalid');
    await refused(login(token({ sub: '' })), 'firebase.token.invalid');
    await refused(login(token({ firebase: {} })), 'firebase.token.invalid');
    await refused(login(token({ auth_time: now - 290 })), 'bind_customer_required');
    // demo2's identityMaxAgeSeconds is 60.
    const demo2 = (t: string) =>
      sealedCall(prod, '/wps/session/login', firebaseBody(t, { merchant: 'demo2' }), rsaKey, { merchant: 'demo2' });
    await refused(demo2(token({ auth_time: now - 90 })), 'firebase.token.invalid');
    await refused(demo2(token({ auth_time: now - 30 })), 'bind_customer_required');
  });

  test(
    'an x509 certificate as the key (Google’s format)',
    { skip: hasOpenssl() ? false : 'openssl is not installed' },
    async () => {
      const dir = tempDir();
      try {
        execFileSync(
          'openssl',
          [
            'req',
            '-x509',
            '-newkey',
            'rsa:2048',
            '-nodes',
            '-keyout',
            join(dir.dir, 'k.pem'),
            '-out',
            join(dir.dir, 'c.pem'),
            '-days',
            '2',
            '-subj',
            '/CN=wps-test',
          ],
          { stdio: 'ignore' },
        );
        const certKey = (await import('node:crypto')).createPrivateKey(readFileSync(join(dir.dir, 'k.pem')));
        certs['cert-kid'] = readFileSync(join(dir.dir, 'c.pem'), 'utf8');
        await refused(login(token({}, { alg: 'RS256', kid: 'cert-kid' }, certKey)), 'bind_customer_required');
        await refused(login(token({}, { alg: 'RS256', kid: 'cert-kid' }, privateKey)), 'firebase.token.invalid');
      } finally {
        delete certs['cert-kid'];
        dir.remove();
      }
    },
  );

  test('Google’s certificates are cached for their max-age; a failed refresh keeps the last ones', async () => {
    let calls = 0;
    let fail = false;
    const fakeFetch = (async () => {
      calls++;
      if (fail) throw new Error('offline');
      return new Response(JSON.stringify({ a: 'PEM-A' }), {
        headers: { 'Cache-Control': 'public, max-age=100, must-revalidate' },
      });
    }) as typeof fetch;
    const start = Date.now();
    clock.now = () => start;
    try {
      const provider = googleCerts(fakeFetch);
      assert.deepEqual(await Promise.all([provider(), provider()]), [{ a: 'PEM-A' }, { a: 'PEM-A' }]);
      assert.equal(calls, 1);
      clock.now = () => start + 99_000;
      await provider();
      assert.equal(calls, 1);
      clock.now = () => start + 101_000;
      await provider();
      assert.equal(calls, 2);
      fail = true;
      clock.now = () => start + 300_000;
      assert.deepEqual(await provider(), { a: 'PEM-A' });
      assert.equal(calls, 3);
      await assert.rejects(googleCerts(fakeFetch)());
    } finally {
      clock.now = realNow;
    }
  });
});

// ---- emulator mode (demo and test) -----------------------------------------------------------------

describe(
  'identity provider with the Auth emulator',
  { skip: noFirebase ? `skipped: ${FIREBASE_BIN} is missing (run npm install)` : false },
  () => {
    let emu: AuthEmulator;
    let wps: App;
    let rsaKey: string;
    let n = 0;
    const unique = () => `${process.pid % 10000}x${n++}`;

    const login = (body: Record<string, unknown>, ip = HOME) =>
      sealedCall(wps, '/wps/session/login', body, rsaKey, { headers: { ...xff(ip), Device: 'MOBILE' } });
    const verify = (body: Record<string, unknown>, ip: string) =>
      sealedCall(wps, '/wps/session/login/verification', body, rsaKey, { headers: xff(ip) });
    const register = (body: Record<string, unknown>, ip = HOME) =>
      sealedCall(wps, '/wps/member/register', body, rsaKey, { headers: { ...xff(ip), ModuleId: 'REG3' } });
    const settings = (body: Record<string, unknown>) => dev(wps, 'POST', '/dev/site-settings', body);
    const google = () => {
      const id = unique();
      return emulatorIdpSignIn(emu.url, 'google.com', { sub: `g${id}`, email: `player.${id}@example.com` }).then((r) => ({
        ...r,
        email: `player.${id}@example.com`,
      }));
    };
    /** A member without second-check factors (logs in from anywhere). */
    async function plainMember(password = 'abc12345') {
      const username = `pl_${unique()}`;
      ok(await register(registerBody(username, password, { login: false })));
      return username;
    }

    before(async () => {
      emu = await emulatorStarting!;
      wps = await testApp({ trustProxy: 1 });
      rsaKey = await rsaKeyOf(wps);
    });
    after(async () => {
      await wps?.close();
    });
    beforeEach(async () => {
      ok(await dev(wps, 'POST', '/dev/reset'));
      ok(await settings({ firebase: true, authEmulatorUrl: emu.url }));
    });
    afterEach(() => {
      clock.now = realNow;
    });

    test('site status and the dev control', async () => {
      const info = ok(await call(wps, 'GET', '/wps/system/status')).info;
      // The demo merchant has push on too: its fields (docs/push.md) are left out here.
      const { messagingSenderId: _sender, vapidKey: _vapid, pushServiceUrl: _push, ...identity } = info.sms;
      assert.deepEqual(
        { ...identity, captcha: undefined, provider: undefined },
        {
          firebase: true,
          apiKey: 'fake-api-key',
          authDomain: 'demo-test.firebaseapp.com',
          projectId: 'demo-test',
          appId: '1:0:web:demo',
          authEmulatorUrl: emu.url,
          captcha: undefined,
          provider: undefined,
        },
      );
      // Off: no emulator config in the status; login with a token is not offered.
      ok(await settings({ firebase: false }));
      const off = ok(await call(wps, 'GET', '/wps/system/status')).info.sms;
      assert.equal(off.firebase, false);
      assert.equal(off.authEmulatorUrl, undefined);
      // What stays is the demo merchant's push project (merchants.json `push`), not the emulator's.
      assert.equal(off.projectId, 'demo-test');
      assert.equal(typeof off.vapidKey, 'string');
      const { idToken } = await google();
      await refused(login(firebaseBody(idToken)), 'login.type.unsupported');
      // On needs an emulator URL (none after a reset); the URL cannot be dropped while on.
      ok(await dev(wps, 'POST', '/dev/reset'));
      const missing = await refused(settings({ firebase: true }), 'request.invalid');
      assert.match(missing.message!, /authEmulatorUrl/);
      await refused(settings({ authEmulatorUrl: 'ftp://x' }), 'request.invalid');
      const on = ok(await settings({ firebase: true, authEmulatorUrl: `${emu.url}/`, autoRegister: true }));
      assert.equal(on.authEmulatorUrl, emu.url);
      assert.equal(on.autoRegister, true);
      await refused(settings({ authEmulatorUrl: null }), 'request.invalid');
    });

    test('an unlinked account: bind_customer_required with the flags', async () => {
      const { idToken, email } = await google();
      const body = await refused(login(firebaseBody(idToken)), 'bind_customer_required');
      assert.equal(body.message, 'This account is not linked yet.');
      assert.deepEqual(body.value, { channel: 'google.com', email, autoRegister: false, canCreate: false });
      ok(await dev(wps, 'POST', '/dev/whitelabel', { flag: 'FIREBASECREATEACC3', on: true }));
      assert.deepEqual((await refused(login(firebaseBody(idToken)), 'bind_customer_required')).value, {
        channel: 'google.com',
        email,
        autoRegister: false,
        canCreate: true,
      });
      ok(await dev(wps, 'POST', '/dev/whitelabel', { flag: 'FIREBASECREATEACC3', on: false }));
      ok(await settings({ autoRegister: true }));
      assert.deepEqual((await refused(login(firebaseBody(idToken)), 'bind_customer_required')).value, {
        channel: 'google.com',
        email,
        autoRegister: true,
        canCreate: true,
      });
      await refused(login(firebaseBody('')), 'request.invalid');
    });

    test('bind to an existing account with username + password; later logins go straight in', async () => {
      const username = await plainMember();
      const { idToken, localId } = await google();
      const wrong = await refused(login(firebaseBody(idToken, { username, password: 'wrong123' })), 'login.cred.err');
      assert.equal(wrong.message, 'Incorrect username or password');
      await refused(login(firebaseBody(idToken, { username: 'nobody_here', password: 'abc12345' })), 'login.cred.err');
      await refused(login(firebaseBody(idToken, { username })), 'request.invalid');
      const { rows: none } = await wps.db!.query('SELECT 1 FROM member_identities WHERE uid = $1', [localId]);
      assert.equal(none.length, 0, 'a failed bind links nothing');

      const bound = ok(await login(firebaseBody(idToken, { username: username.toUpperCase(), password: 'abc12345' }), freshIp()));
      assert.equal(bound.userName, username);
      assert.match(bound.token, /^[A-Za-z0-9_-]{40,}$/);
      const { rows } = await wps.db!.query<any>('SELECT channel, email, phone, member_id FROM member_identities WHERE uid = $1', [
        localId,
      ]);
      assert.equal(rows.length, 1);
      assert.deepEqual(rows[0], { channel: 'google.com', email: rows[0]!.email, phone: null, member_id: bound.id });
      assert.match(rows[0]!.email, /@example\.com$/);

      const again = ok(await login(firebaseBody(idToken), freshIp()));
      assert.equal(again.id, bound.id);
      assert.equal(again.passwordExpired, false);
      assert.equal((await call(wps, 'GET', '/wps/member/info', { token: again.token })).body.value.userName, username);
      // Binding the same provider account again (to anyone): it is already linked, so it just logs in.
      const other = await plainMember();
      assert.equal(ok(await login(firebaseBody(idToken, { username: other, password: 'abc12345' }))).id, bound.id);
    });

    test('the lockout of the password login applies to binding', async () => {
      const username = await plainMember();
      const { idToken } = await google();
      const ip = freshIp();
      for (let i = 0; i < 5; i++)
        await refused(login(firebaseBody(idToken, { username, password: 'wrong123' }), ip), 'login.cred.err');
      const locked = await refused(
        login(firebaseBody(idToken, { username, password: 'abc12345' }), ip),
        'TOO_MANY_REQUEST_LOGIN',
      );
      assert.equal(typeof locked.value.retryAfter, 'number');
    });

    test('the second check: binding links only once passed; then the token stands in for the password', async () => {
      const { idToken, localId } = await google();
      const ip = freshIp();
      const need = await refused(
        login(firebaseBody(idToken, { username: 'guard', password: 'Guard1234' }), ip),
        'login_verify_required',
      );
      // The demo merchant offers the possession factors only (SMS and authenticator codes).
      assert.deepEqual(need.value, { email: false, ga: true, sms: true, payeeName: false });
      assert.equal((await wps.db!.query('SELECT 1 FROM member_identities WHERE uid = $1', [localId])).rows.length, 0);
      // The authenticator code of now (a code works once); a wrong one has a changed first digit.
      const totp = async () => ok(await call(wps, 'GET', '/dev/members/guard/totp')).code as string;
      const wrongCode = (code: string) => `${(Number(code[0]) + 5) % 10}${code.slice(1)}`;
      // Password + token + factor: logs in and links.
      const v = ok(
        await verify(
          { username: 'guard', password: 'Guard1234', method: 'G', authCode: await totp(), firebaseIdToken: idToken },
          ip,
        ),
      );
      assert.equal(v.userName, 'guard');
      assert.equal((await wps.db!.query('SELECT 1 FROM member_identities WHERE uid = $1', [localId])).rows.length, 1);
      ok(await login(firebaseBody(idToken), ip)); // recorded IP now
      // Another IP: the second check again, with the username for the verification call.
      const ip2 = freshIp();
      const again = await refused(login(firebaseBody(idToken), ip2), 'login_verify_required');
      assert.deepEqual(again.value, { email: false, ga: true, sms: true, payeeName: false, userName: 'guard' });
      await refused(
        verify({ username: '', method: 'G', authCode: wrongCode(await totp()), firebaseIdToken: idToken }, ip2),
        'verification.failed',
      );
      await refused(
        verify({ username: 'demo', method: 'G', authCode: await totp(), firebaseIdToken: idToken }, ip2),
        'verification.failed',
      );
      await refused(verify({ username: '', method: 'G', authCode: await totp() }, ip2), 'request.invalid');
      await refused(
        verify(
          { username: '', method: 'G', authCode: await totp(), firebaseIdToken: editPayload(idToken, (c) => (c.aud = 'x')) },
          ip2,
        ),
        'firebase.token.invalid',
      );
      // The SMS code this time (the authenticator's code of now is used up).
      ok(
        await call(wps, 'POST', '/wps/verification/sms/noLogin', {
          body: { countryDialingCode: '+63', mobileNum: '9171234568' },
        }),
      );
      const sms = (await call(wps, 'GET', '/dev/outbox?mobileNum=9171234568')).body.value[0].code as string;
      const byToken = ok(
        await verify(
          { username: '', method: 'S', mobileNum: '9171234568', verificationCode: sms, firebaseIdToken: idToken },
          ip2,
        ),
      );
      assert.equal(byToken.userName, 'guard');
      assert.equal(byToken.passwordExpired, false);
      // A token not linked to anybody, without a password: nothing to verify.
      const stranger = await google();
      await refused(
        verify({ username: 'guard', method: 'G', authCode: await totp(), firebaseIdToken: stranger.idToken }, freshIp()),
        'verification.failed',
      );
      // A password of one member with a token linked to another.
      await refused(
        verify({ username: 'demo', password: 'Demo1234', method: 'G', authCode: '123456', firebaseIdToken: idToken }, freshIp()),
        'firebase.already.bound',
      );
    });

    test('registration with the provider: refused when both switches are off', async () => {
      const { idToken } = await google();
      const body = await refused(register(providerRegisterBody(idToken)), 'firebase.create.disabled');
      assert.equal(typeof body.message, 'string');
      ok(await settings({ firebase: false, autoRegister: true }));
      await refused(register(providerRegisterBody(idToken)), 'firebase.create.disabled');
    });

    test('registration with autoRegister on: generated username, random password, linked, no captcha', async () => {
      ok(await settings({ autoRegister: true, registerCaptcha: true }));
      const { idToken, email, localId } = await google();
      const v = ok(await register(providerRegisterBody(idToken, { smsTemplate: 'REGISTER' })));
      assert.equal(
        v.userName,
        email
          .split('@')[0]!
          .replace(/[^A-Za-z0-9_]/g, '')
          .slice(0, 12),
      );
      assert.match(v.token, /^[A-Za-z0-9_-]{40,}$/);
      assert.equal(v.firstTimeLogin, true);
      const { rows } = await wps.db!.query<any>('SELECT member_id, channel FROM member_identities WHERE uid = $1', [localId]);
      assert.deepEqual(rows, [{ member_id: v.id, channel: 'google.com' }]);
      ok(await settings({ autoRegister: false }));
      const again = ok(await login(firebaseBody(idToken), freshIp()));
      assert.equal(again.id, v.id);
      assert.equal(again.firstTimeLogin, false);
      ok(await settings({ autoRegister: true }));
      await refused(register(providerRegisterBody(idToken)), 'firebase.already.bound');
      // A second account with the same email local part gets another name.
      const twin = await emulatorIdpSignIn(emu.url, 'facebook.com', {
        sub: `f${unique()}`,
        email: email.replace('@example.com', '@example.org'),
      });
      const w = ok(await register(providerRegisterBody(twin.idToken, { firebaseChannel: 'facebook.com' })));
      assert.notEqual(w.userName, v.userName);
      assert.ok(w.userName.startsWith(v.userName.slice(0, 12)), w.userName);
    });

    test('registration with FIREBASECREATEACC3 on: the given username and password work too', async () => {
      ok(await dev(wps, 'POST', '/dev/whitelabel', { flag: 'FIREBASECREATEACC3', on: true }));
      const { idToken } = await google();
      const username = `fb_${unique()}`;
      await refused(register(providerRegisterBody(idToken, { username: 'x' })), 'register.username.invalid');
      await refused(register(providerRegisterBody(idToken, { username, password: 'short' })), 'register.password.invalid');
      const v = ok(await register(providerRegisterBody(idToken, { username, password: 'Pass1234', login: false })));
      assert.equal(v.userName, username);
      assert.equal(v.token, undefined);
      ok(
        await sealedCall(
          wps,
          '/wps/session/login',
          { type: 'username', username, password: 'Pass1234', merchant: 'demo', loginDeviceId: DEVICE_ID },
          rsaKey,
          { headers: xff(freshIp()) },
        ),
      );
      assert.equal(ok(await login(firebaseBody(idToken))).userName, username);
      // A taken username is refused (and nothing is linked).
      const other = await google();
      await refused(register(providerRegisterBody(other.idToken, { username })), 'register.username.exists');
      await refused(login(firebaseBody(other.idToken)), 'bind_customer_required');
    });

    test('phone sign-in works like google (channel phone)', async () => {
      ok(await settings({ autoRegister: true }));
      const digits = String(10_000_000 + ((process.pid * 7919 + n++) % 89_999_999));
      const phoneNumber = `+63917${digits.slice(-7)}`;
      const { idToken, localId } = await emulatorPhoneSignIn(emu.url, phoneNumber);
      const body = await refused(login(firebaseBody(idToken, { firebaseChannel: 'phone' })), 'bind_customer_required');
      assert.deepEqual(body.value, { channel: 'phone', phoneNumber, autoRegister: true, canCreate: true });
      const v = ok(await register(providerRegisterBody(idToken, { firebaseChannel: 'phone' })));
      assert.equal(v.userName, `p${phoneNumber.slice(-8)}`);
      const { rows } = await wps.db!.query<any>('SELECT channel, phone FROM member_identities WHERE uid = $1', [localId]);
      assert.deepEqual(rows, [{ channel: 'phone', phone: phoneNumber }]);
      assert.equal(ok(await login(firebaseBody(idToken, { firebaseChannel: 'phone' }))).id, v.id);
      // An email/password account of the provider (channel password) too.
      const pw = await emulatorSignUp(emu.url, `pw.${unique()}@example.com`, 'secret12');
      assert.equal((await refused(login(firebaseBody(pw.idToken)), 'bind_customer_required')).value.channel, 'password');
    });

    test('tampered and foreign tokens: firebase.token.invalid, nothing more', async () => {
      const { idToken } = await google();
      const [h, p, s] = idToken.split('.');
      const flipped = `${h}.${p![0] === 'e' ? 'f' : 'e'}${p!.slice(1)}.${s}`;
      const body = await refused(login(firebaseBody(flipped)), 'firebase.token.invalid');
      assert.deepEqual(Object.keys(body).sort(), ['errorCode', 'message', 'success']);
      // One character of the subject changed: not the emulator's user.
      const sub = editPayload(idToken, (c) => {
        const last = c.sub.at(-1) === 'A' ? 'B' : 'A';
        c.sub = c.user_id = c.sub.slice(0, -1) + last;
      });
      await refused(login(firebaseBody(sub)), 'firebase.token.invalid');
      // Another email in the token than the account's.
      await refused(
        login(firebaseBody(editPayload(idToken, (c) => (c.email = 'someone.else@example.com')))),
        'firebase.token.invalid',
      );
      // Another project's token.
      const foreign = editPayload(idToken, (c) => {
        c.aud = 'demo-other';
        c.iss = 'https://securetoken.google.com/demo-other';
      });
      await refused(login(firebaseBody(foreign)), 'firebase.token.invalid');
      await refused(login(firebaseBody('not.a.token')), 'firebase.token.invalid');
      await refused(login(firebaseBody('abc')), 'firebase.token.invalid');
      // Registration checks the token the same way.
      ok(await settings({ autoRegister: true }));
      await refused(register(providerRegisterBody(flipped)), 'firebase.token.invalid');
    });

    test('a sign-in older than 300 s, or an expired token: invalid', async () => {
      const { idToken } = await google();
      const start = Date.now();
      clock.now = () => start + 250_000;
      await refused(login(firebaseBody(idToken)), 'bind_customer_required'); // still fresh enough
      clock.now = () => start + 302_000;
      await refused(login(firebaseBody(idToken)), 'firebase.token.invalid');
      clock.now = () => start - 120_000; // issued "in the future"
      await refused(login(firebaseBody(idToken)), 'firebase.token.invalid');
    });
  },
);

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
