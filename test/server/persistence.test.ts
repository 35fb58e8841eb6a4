/**
 * startServer on a real port with a data folder: what was written survives a restart (members,
 * language, RSA key, the state the dev controls switched), seeding does not duplicate, and
 * X-Forwarded-For is honoured with TRUST_PROXY. In production the stored state is ignored.
 */
import assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { openDb } from '../../server/db/db.ts';
import { startServer, type RunningServer } from '../../server/start.ts';
import { base32Decode, stepAt, totpAt } from '../../server/signin/totp.ts';
import { DEVICE_ID, GA_SECRETS, fresh, merchantsFileWith, seal, tempDir } from './helpers.ts';

const tmp = tempDir();
after(() => tmp.remove());

const options = () => ({
  port: 0,
  dataDir: join(tmp.dir, 'data'),
  distDir: join(tmp.dir, 'dist'),
  merchantsFile: merchantsFileWith(tmp.dir),
  trustProxy: 1,
});

async function wps(
  server: RunningServer,
  method: string,
  path: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(server.url + path, {
    method,
    headers: { 'Content-Type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: await res.json() };
}

async function sealedPost(server: RunningServer, path: string, payload: unknown) {
  const { body } = await wps(server, 'GET', '/wps/session/key/rsa');
  const sealed = seal(fresh(payload), body.value.rsaKey);
  return wps(server, 'POST', path, { body: sealed.body, headers: sealed.headers });
}

test('data survives a restart on the same data folder', async () => {
  const first = await startServer(options());
  let rsaKey: string;
  try {
    assert.match(first.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.ok(first.port > 0);
    rsaKey = (await wps(first, 'GET', '/wps/session/key/rsa')).body.value.rsaKey;
    const reg = await sealedPost(first, '/wps/member/register', {
      registerMethod: 'PWA',
      loginDeviceId: DEVICE_ID,
      login: true,
      username: 'Persist_Me',
      password: 'keep1234',
    });
    assert.equal(reg.status, 200, JSON.stringify(reg.body));
    const lang = await wps(first, 'POST', '/wps/member/language', {
      body: { language: 'TH' },
      headers: { Authorization: reg.body.value.token },
    });
    assert.equal(lang.body.success, true);

    // Dev controls: what a person switched in the demo is kept across the restart.
    const end = Date.UTC(2031, 5, 6);
    const texts = { EN: { title: 'Planned upgrade', description: 'Back soon' }, CN: { title: '系统维护' } };
    assert.equal((await wps(first, 'POST', '/dev/maintenance', { body: { on: true, end, texts } })).status, 200);
    assert.equal((await wps(first, 'POST', '/dev/ping', { body: { mode: 'fail' } })).status, 200);
    assert.equal(
      (await wps(first, 'POST', '/dev/region-restriction', { body: { on: true }, headers: { Merchant: 'demo2' } })).status,
      200,
    );
    assert.equal((await wps(first, 'POST', '/dev/asset-manifest/publish')).body.value.assetRevision, 1);
    assert.equal((await wps(first, 'POST', '/dev/asset-manifest/publish')).body.value.assetRevision, 2);

    // Sign-in settings, a whitelabel flag, a recorded IP and an SMS code in the outbox.
    assert.equal(
      (await wps(first, 'POST', '/dev/site-settings', { body: { mobilePassword: true, geetestVersion: 'v4' } })).status,
      200,
    );
    assert.equal((await wps(first, 'POST', '/dev/whitelabel', { body: { flag: 'PWDEXPFORCECHANGE3', on: true } })).status, 200);
    assert.equal((await wps(first, 'POST', '/dev/members/guard/ips', { body: { ip: '192.0.2.44' } })).status, 200);
    assert.equal(
      (
        await wps(first, 'POST', '/wps/verification/sms/noLogin', {
          body: { countryDialingCode: '+63', mobileNum: '9171234567' },
        })
      ).status,
      200,
    );
  } finally {
    await first.close();
  }
  // The server key that seals the authenticator secrets is kept beside the RSA key, private.
  const secretFile = join(tmp.dir, 'data', 'server-secret.key');
  assert.ok(existsSync(secretFile));
  if (process.platform !== 'win32') assert.equal(statSync(secretFile).mode & 0o777, 0o600);
  assert.ok(existsSync(join(tmp.dir, 'data', 'pg')));
  assert.ok(existsSync(join(tmp.dir, 'data', 'rsa-private.pem')));

  const second = await startServer(options());
  try {
    assert.equal((await wps(second, 'GET', '/wps/session/key/rsa')).body.value.rsaKey, rsaKey, 'same RSA key');
    const login = await sealedPost(second, '/wps/session/login', {
      type: 'username',
      username: 'persist_me',
      password: 'keep1234',
      merchant: 'demo',
      loginDeviceId: DEVICE_ID,
    });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    assert.equal(login.body.value.userName, 'Persist_Me');
    assert.equal(login.body.value.firstTimeLogin, false, 'the registration was the first login');
    const info = await wps(second, 'GET', '/wps/member/info', { headers: { Authorization: login.body.value.token } });
    assert.equal(info.body.value.language, 'TH');

    // TRUST_PROXY=1: the last X-Forwarded-For entry (the one our proxy wrote) is the client IP; a bad
    // entry falls back to the socket.
    const proxied = await wps(second, 'GET', '/wps/system/status', { headers: { 'X-Forwarded-For': '10.0.0.1, 203.0.113.7' } });
    assert.equal(proxied.body.value.location.ip, '203.0.113.7');
    const bogus = await wps(second, 'GET', '/wps/system/status', { headers: { 'X-Forwarded-For': 'not-an-ip' } });
    assert.equal(bogus.body.value.location.ip, '127.0.0.1');

    // The switched state came back, per merchant.
    const status = (await wps(second, 'GET', '/wps/system/status')).body.value;
    assert.equal(status.maintenance, true);
    assert.equal(status.maintenanceEnd, Date.UTC(2031, 5, 6));
    assert.deepEqual(status.maintenanceTexts, {
      EN: { title: 'Planned upgrade', description: 'Back soon' },
      CN: { title: '系统维护' },
    });
    assert.equal(status.regionRestriction, false);
    assert.equal(
      (await wps(second, 'GET', '/wps/system/status', { headers: { Merchant: 'demo2' } })).body.value.regionRestriction,
      true,
    );
    assert.equal((await wps(second, 'GET', '/wps/system/test/ping?speed=1')).status, 503);
    assert.equal((await wps(second, 'GET', '/mobile/mc/asset-manifest.json?t=1')).body.revision, 2);
    assert.equal((await wps(second, 'POST', '/dev/asset-manifest/publish')).body.value.assetRevision, 3);

    assert.equal(status.info.register.mobilePassword, true);
    assert.equal(status.info.gw.GEETEST_VERSION, 'v4');
    assert.equal(status.info.whitelabelVal.PWDEXPFORCECHANGE3, true);
    assert.equal(status.info.whitelabelVal.CBS3, true, 'the other flags still follow merchants.json');
    // The sealed authenticator secret opens with the key kept in the data folder.
    const totp = await wps(second, 'GET', '/dev/members/demo/totp');
    assert.equal(totp.status, 200, JSON.stringify(totp.body));
    const step = stepAt(Date.now());
    assert.ok([step, step + 1].map((s) => totpAt(base32Decode(GA_SECRETS.demo), s)).includes(totp.body.value.code));
    assert.equal((await wps(second, 'GET', '/dev/outbox')).body.value.length, 1);
  } finally {
    await second.close();
  }

  // NODE_ENV=production on the same folder: no dev controls, so the stored state is not used
  // (nobody could switch it back); merchants.json decides.
  const production = await startServer({ ...options(), production: true });
  try {
    const status = (await wps(production, 'GET', '/wps/system/status')).body.value;
    assert.equal(status.maintenance, false);
    assert.equal(status.maintenanceTexts, null);
    assert.equal((await wps(production, 'GET', '/wps/system/test/ping?speed=1')).status, 200);
    assert.equal((await wps(production, 'GET', '/mobile/mc/asset-manifest.json')).body.revision, 0);
    assert.equal((await fetch(`${production.url}/dev/`)).status, 404);
    assert.equal((await wps(production, 'POST', '/dev/reset')).status, 404);
    // Settings and flags follow merchants.json; no outbox, so no SMS code without a provider.
    assert.equal(status.info.register.mobilePassword, false);
    assert.equal(status.info.gw.GEETEST_VERSION, 'v3');
    assert.equal(status.info.whitelabelVal.PWDEXPFORCECHANGE3, false);
    const sms = await wps(production, 'POST', '/wps/verification/sms/noLogin', {
      body: { countryDialingCode: '+63', mobileNum: '9171234567' },
    });
    assert.equal(sms.status, 503);
    assert.equal(sms.body.errorCode, 'sms.unavailable');
    assert.equal((await fetch(`${production.url}/captcha/gt.js`)).status, 200, 'the captcha stand-in is not a dev control');
  } finally {
    await production.close();
  }

  // ... and it is still stored for the next demo run.
  const third = await startServer(options());
  try {
    assert.equal((await wps(third, 'GET', '/wps/system/status')).body.value.maintenance, true);
    assert.equal((await wps(third, 'POST', '/dev/reset')).body.value.maintenance, false);
    assert.equal((await wps(third, 'GET', '/wps/system/status')).body.value.maintenance, false);
    assert.equal((await wps(third, 'GET', '/mobile/mc/asset-manifest.json')).body.revision, 0);
  } finally {
    await third.close();
  }

  // Seeding at each start did not duplicate the demo member.
  const db = await openDb({ dataDir: join(tmp.dir, 'data') });
  try {
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM members WHERE lower(username) = 'demo'");
    assert.equal(rows[0]?.n, 2, 'one demo member per merchant');
    const guard = await db.query<{ ip: string }>(
      "SELECT ip FROM member_ips JOIN members ON members.id = member_ips.member_id WHERE username = 'guard'",
    );
    assert.deepEqual(
      guard.rows.map((r) => r.ip),
      ['192.0.2.44'],
      'recorded IPs survive; seeding does not add any',
    );
  } finally {
    await db.close();
  }
});

test('a port in use is reported, not swallowed', async () => {
  // Upstream mode opens no database: the test is about the port only, and stays fast.
  const noDb = { ...options(), dataDir: ':memory:', upstream: 'http://127.0.0.1:1' };
  const first = await startServer(noDb);
  try {
    await assert.rejects(startServer({ ...noDb, port: first.port }), /EADDRINUSE/);
  } finally {
    await first.close();
  }
});
