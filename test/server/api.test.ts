/**
 * The /wps pipeline and the public calls: envelope, merchant resolution, size limit, JSON and schema
 * checks, encryption errors through HTTP, unknown paths, CORS, system calls, dev controls.
 * One in-memory app for the whole file.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiError } from '../../server/infra/errors.ts';
import { handlers } from '../../server/api/handlers.ts';
import { FRESHNESS_WINDOW_MS } from '../../server/infra/replay.ts';
import { TEST_ORIGIN, call, fresh, loginBody, rsaKeyOf, seal, sealedCall, testApp } from './helpers.ts';

let wps: Awaited<ReturnType<typeof testApp>>;
let rsaKey: string;

before(async () => {
  wps = await testApp({ allowedHosts: ['wps.example'] }); // domainRoute is asked as wps.example
  rsaKey = await rsaKeyOf(wps);
});
after(() => wps.close());

/** The server still answers a good request (run after every bad one). */
async function stillServing() {
  const answer = await call(wps, 'GET', '/wps/system/test/ping?speed=1');
  assert.equal(answer.status, 200);
  assert.equal(answer.body.value, 'pong');
}

async function refused(
  answer: Promise<{ status: number; body: { success: boolean; errorCode?: string; message?: string } }>,
  status: number,
  errorCode: string,
) {
  const a = await answer;
  assert.equal(a.status, status, JSON.stringify(a.body));
  assert.equal(a.body.success, false);
  assert.equal(a.body.errorCode, errorCode, JSON.stringify(a.body));
  assert.equal(typeof a.body.message, 'string');
  await stillServing();
  return a.body;
}

describe('system calls', () => {
  test('GET /wps/session/key/rsa', async () => {
    const a = await call(wps, 'GET', '/wps/session/key/rsa?_=123');
    assert.equal(a.status, 200);
    assert.equal(a.body.success, true);
    assert.match(a.body.value.rsaKey, /^MII[A-Za-z0-9+/=]+$/);
    assert.equal(a.body.value.RSA, 'RSA/ECB/PKCS1Padding');
    assert.equal(a.body.value.DES, 'DESede/CBC/PKCS7Padding');
  });

  test('GET /wps/system/status answers SiteStatus from merchants.json, without private fields', async () => {
    const a = await call(wps, 'GET', '/wps/system/status?device=MOBILE&track=x&originalDomain=example.com&url=%2Fm%2Fhome');
    assert.equal(a.status, 200);
    const v = a.body.value;
    assert.equal(v.info.merchantCode, 'demo');
    assert.equal(v.info.appName, 'WPS Lottery Online');
    assert.equal(v.info.appShortName, 'WPS Lottery');
    assert.equal(v.info.register.captcha.enabled, false);
    assert.deepEqual(v.info.gw, {
      GEETEST_ID: 'eec3bc0a24809dab00d354346556f5c2',
      GEETEST_VERSION: 'v3',
      GEETEST_JS: '/captcha/gt.js',
      GEETEST4_JS: '/captcha/gt4.js',
      PROFILE_ICON_COUNT: 9,
    });
    assert.deepEqual(v.info.login, { captcha: { enabled: false } });
    assert.deepEqual(v.info.sms.captcha, { enabled: false });
    assert.equal(v.info.register.mobilePassword, false);
    assert.equal(v.info.register.autoRegister, false);
    assert.deepEqual(v.info.resources.map((r: { resourceType: string }) => r.resourceType).sort(), [
      'Android',
      'AppDownloadIcon',
      'IOS',
      'MOBILECONFIG',
    ]);
    for (const flag of [
      'CBS3',
      'MOBILEAUTOLOGIN3',
      'PWDEXPFORCECHANGE3',
      'UPDATEMOBILEICC3',
      'FIREBASECREATEACC3',
      'LOTTMINIGAME3',
    ]) {
      assert.equal(typeof v.info.whitelabelVal[flag], 'boolean', flag);
    }
    assert.ok(Array.isArray(v.info.customerService) && Array.isArray(v.info.imageCDNs));
    assert.deepEqual(v.location, { ip: '127.0.0.1' });
    assert.equal(v.maintenance, false);
    assert.equal(v.regionRestriction, false);
    assert.equal(v.maintenanceEnd, null);
    assert.equal(v.maintenanceTexts, null);
    assert.equal(typeof v.test, 'boolean');
    const text = JSON.stringify(a.body);
    for (const secret of [
      'allowedOrigins',
      'members',
      'Demo1234',
      'password',
      'demo@example.com',
      'JRMP6JI4',
      'passwordMaxAgeDays',
    ]) {
      assert.ok(!text.includes(secret), secret);
    }
  });

  test('GET /wps/system/status for the second merchant', async () => {
    const a = await call(wps, 'GET', '/wps/system/status', { merchant: 'demo2' });
    assert.equal(a.body.value.info.merchantCode, 'demo2');
    assert.equal(a.body.value.info.gw.GEETEST_VERSION, 'v4');
  });

  test('GET /wps/system/status with a bad query → request.invalid naming the field', async () => {
    const body = await refused(call(wps, 'GET', '/wps/system/status?device=DESKTOP'), 400, 'request.invalid');
    assert.match(body.message!, /device/);
    await refused(call(wps, 'GET', `/wps/system/status?url=${'x'.repeat(3000)}`), 400, 'request.invalid');
  });

  test('GET /wps/system/country', async () => {
    const a = await call(wps, 'GET', '/wps/system/country');
    assert.equal(a.status, 200);
    const v = a.body.value;
    assert.equal(v.countryCode, 'PH');
    assert.equal(v.countryDialingCode, '+63');
    assert.equal(v.currency, 'PHP');
    assert.equal(v.currencySymbol, '₱');
    assert.ok(v.countries.length >= 3);
    for (const c of v.countries) assert.deepEqual(Object.keys(c).sort(), ['countryCode', 'countryDialingCode']);
  });

  test('GET /wps/system/domainRoute lists domains, "$host" being the request host and "$port" its port', async () => {
    const a = await wps.app.request('http://wps.example:8080/wps/system/domainRoute');
    const body = await a.json();
    assert.equal(body.success, true);
    assert.deepEqual(body.value, [
      { domainName: 'wps.example:8080' },
      { domainName: '127.0.0.1:8080' },
      { domainName: 'localhost:8080' },
    ]);
  });

  test('GET /wps/system/test/ping answers pong, never cached', async () => {
    const a = await call(wps, 'GET', `/wps/system/test/ping?speed=${Date.now()}`);
    assert.equal(a.status, 200);
    assert.deepEqual(a.body, { success: true, value: 'pong' });
    assert.equal(a.headers.get('Cache-Control'), 'no-store');
  });

  test('GET /wps/relay/MCSFE_getMerchantAvailablePromotions', async () => {
    const a = await call(wps, 'GET', '/wps/relay/MCSFE_getMerchantAvailablePromotions');
    assert.equal(a.status, 200);
    assert.deepEqual(a.body.value.APP_DOWNLOAD, { enabled: true, count: 1 });
    assert.equal(typeof a.body.value.REFERRAL.enabled, 'boolean');
  });
});

describe('every refusal is a JSON envelope with its own errorCode', () => {
  test('unknown merchant → 400 merchant.unknown (also prototype names)', async () => {
    for (const merchant of ['nope', '__proto__', 'constructor', 'toString']) {
      await refused(call(wps, 'GET', '/wps/system/status', { merchant }), 400, 'merchant.unknown');
    }
  });

  test('an empty Merchant header means the default merchant', async () => {
    const a = await call(wps, 'GET', '/wps/system/status', { merchant: '' });
    assert.equal(a.body.value.info.merchantCode, 'demo');
  });

  test('unknown /wps path or method → 404 not.found', async () => {
    await refused(call(wps, 'GET', '/wps/nothing/here'), 404, 'not.found');
    await refused(call(wps, 'GET', '/wps/session/login'), 404, 'not.found');
    await refused(call(wps, 'DELETE', '/wps/system/status'), 404, 'not.found');
    // A relay call the catalogue does not have is not faked (every /wps row has a handler now).
    await refused(call(wps, 'POST', '/wps/relay/CSP_fcmSend', { body: { registrationToken: 'x' } }), 404, 'not.found');
  });

  test('body over 64 KiB → 413 request.too.large (with and without Content-Length)', async () => {
    const big = JSON.stringify({ language: 'EN', pad: 'x'.repeat(70 * 1024) });
    await refused(call(wps, 'POST', '/wps/member/language', { raw: big }), 413, 'request.too.large');
    // A streamed body has no Content-Length: the limit is counted while reading.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(8 * 1024).fill(0x20));
        controller.close();
      },
    });
    const res = await wps.app.request('/wps/session/login', {
      method: 'POST',
      body: stream,
      headers: { 'Content-Type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    assert.equal(res.status, 413);
    assert.equal((await res.json()).errorCode, 'request.too.large');
    await stillServing();
  });

  test('a body of exactly 64 KiB is still read', async () => {
    const payload = JSON.stringify({ language: 'EN' });
    const raw = payload + ' '.repeat(64 * 1024 - payload.length);
    // Reaches the session check, so the size was accepted.
    await refused(call(wps, 'POST', '/wps/member/language', { raw }), 401, 'CUSTOMER_NOT_LOGIN');
  });

  test('encrypted call without the Encryption header → encryption.required', async () => {
    await refused(call(wps, 'POST', '/wps/session/login', { body: loginBody('demo', 'Demo1234') }), 400, 'encryption.required');
    const s = seal(loginBody('demo', 'Demo1234'), rsaKey);
    const { Encryption: _, ...headers } = s.headers;
    await refused(call(wps, 'POST', '/wps/session/login', { body: s.body, headers }), 400, 'encryption.required');
  });

  test('encrypted call with a malformed or non-object outer body → request.malformed', async () => {
    const s = seal(loginBody('demo', 'Demo1234'), rsaKey);
    for (const raw of ['{"value":', '', '[1,2]', '"text"', 'null', '42']) {
      await refused(call(wps, 'POST', '/wps/session/login', { raw, headers: s.headers }), 400, 'request.malformed');
    }
  });

  test('wrong RSA wrapping → encryption.key.invalid', async () => {
    const s = seal(loginBody('demo', 'Demo1234'), rsaKey);
    const other = seal(loginBody('demo', 'Demo1234'), rsaKey);
    // Someone else's wrapped key with this body: unwraps, but the digest then fails.
    await refused(
      call(wps, 'POST', '/wps/session/login', { body: s.body, headers: { ...s.headers, 'X-RSA': 'AAAA' } }),
      400,
      'encryption.key.invalid',
    );
    const { 'X-RSA': _, ...noRsa } = s.headers;
    await refused(call(wps, 'POST', '/wps/session/login', { body: s.body, headers: noRsa }), 400, 'encryption.key.invalid');
    await refused(
      call(wps, 'POST', '/wps/session/login', { body: s.body, headers: { ...s.headers, 'X-RSA': other.headers['X-RSA'] } }),
      400,
      'encryption.digest.mismatch',
    );
  });

  test('tampered ciphertext → encryption.digest.mismatch; broken ciphertext → encryption.payload.invalid', async () => {
    const s = seal(loginBody('demo', 'Demo1234'), rsaKey);
    const bytes = Buffer.from(s.body.value, 'base64');
    bytes[3]! ^= 0x80;
    await refused(
      call(wps, 'POST', '/wps/session/login', { body: { value: bytes.toString('base64') }, headers: s.headers }),
      400,
      'encryption.digest.mismatch',
    );
    await refused(
      call(wps, 'POST', '/wps/session/login', { body: { value: 'abc' }, headers: s.headers }),
      400,
      'encryption.payload.invalid',
    );
    await refused(
      call(wps, 'POST', '/wps/session/login', { body: { nope: 1 }, headers: s.headers }),
      400,
      'encryption.payload.invalid',
    );
  });

  test('a captured encrypted login replayed as is → request.replayed; only one session comes of it', async () => {
    const s = seal(fresh(loginBody('demo', 'Demo1234')), rsaKey);
    const send = () => call(wps, 'POST', '/wps/session/login', { body: s.body, headers: { ...s.headers, Device: 'MOBILE' } });
    const first = await send();
    assert.equal(first.body.success, true);
    for (let i = 0; i < 3; i++) await refused(send(), 400, 'request.replayed');
    // At the same moment too: one of them wins.
    const s2 = seal(fresh(loginBody('demo', 'Demo1234')), rsaKey);
    const together = await Promise.all(
      Array.from({ length: 4 }, () => call(wps, 'POST', '/wps/session/login', { body: s2.body, headers: s2.headers })),
    );
    assert.deepEqual(together.map((a) => a.body.errorCode ?? 'ok').sort(), [
      'ok',
      'request.replayed',
      'request.replayed',
      'request.replayed',
    ]);
  });

  test('an encrypted body without its nonce and time, or dated outside the window → refused before anything else', async () => {
    const plain = loginBody('demo', 'Demo1234');
    const at = (payload: unknown) => {
      const s = seal(payload, rsaKey);
      return call(wps, 'POST', '/wps/session/login', { body: s.body, headers: s.headers });
    };
    await refused(at(plain), 400, 'request.unfresh');
    await refused(at({ ...plain, requestNonce: 'short', requestTime: Date.now() }), 400, 'request.unfresh');
    await refused(at({ ...plain, requestNonce: '0'.repeat(32), requestTime: String(Date.now()) }), 400, 'request.unfresh');
    await refused(at(fresh({ ...plain, requestTime: Date.now() - FRESHNESS_WINDOW_MS - 5000 })), 400, 'request.expired');
    await refused(at(fresh({ ...plain, requestTime: Date.now() + FRESHNESS_WINDOW_MS + 5000 })), 400, 'request.expired');
    assert.equal((await at(fresh({ ...plain, requestTime: Date.now() - FRESHNESS_WINDOW_MS + 5000 }))).body.success, true);
  });

  test('the RSA key answer carries the server clock, so clients date their requests on it', async () => {
    const before = Date.now();
    const answer = await call(wps, 'GET', `/wps/session/key/rsa?_=${before}`);
    assert.ok(answer.body.value.serverTime >= before && answer.body.value.serverTime <= Date.now());
  });

  test('tampered digest → encryption.digest.mismatch', async () => {
    const s = seal(loginBody('demo', 'Demo1234'), rsaKey);
    const digest = s.headers['X-Digest'];
    const tampered = digest.slice(0, -1) + (digest.endsWith('a') ? 'b' : 'a');
    await refused(
      call(wps, 'POST', '/wps/session/login', { body: s.body, headers: { ...s.headers, 'X-Digest': tampered } }),
      400,
      'encryption.digest.mismatch',
    );
  });

  test('sealed plaintext that is JSON but not an object → request.malformed', async () => {
    for (const payload of [[1, 2], 'text', null, 7]) {
      await refused(sealedCall(wps, '/wps/session/login', payload, rsaKey), 400, 'request.malformed');
    }
  });

  test('sealed payload with wrong types or missing fields → request.invalid naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...loginBody('demo', 'Demo1234'), type: 'password' }, 'type'],
      [{ ...loginBody('demo', 'Demo1234'), username: 42 }, 'username'],
      [{ ...loginBody('demo', 'Demo1234'), merchant: undefined }, 'merchant'],
      [{ ...loginBody('demo', 'Demo1234'), loginDeviceId: 'not-a-uuid' }, 'loginDeviceId'],
      [{ ...loginBody('demo', 'Demo1234'), isOfficialAppLogin: 'yes' }, 'isOfficialAppLogin'],
      [{ ...loginBody('demo', 'Demo1234'), username: 'u'.repeat(65) }, 'username'],
    ];
    for (const [payload, field] of cases) {
      const body = await refused(sealedCall(wps, '/wps/session/login', payload, rsaKey), 400, 'request.invalid');
      assert.match(body.message!, new RegExp(`"${field}"`));
      assert.ok(!body.message!.includes('Demo1234'), 'the message never echoes values');
    }
  });

  test('each login type needs its own fields (the schema variant on type): missing or blank → "missing", named', async () => {
    const base = { merchant: 'demo', loginDeviceId: '0b7c2c2e-1f5a-4c3e-9d6f-2a1b3c4d5e6f' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, type: 'username', password: 'Demo1234' }, 'username'],
      [{ ...base, type: 'username', username: '   ', password: 'Demo1234' }, 'username'],
      [{ ...base, type: 'username', username: 'demo' }, 'password'],
      [{ ...base, type: 'username', username: 'demo', password: '' }, 'password'],
      [{ ...base, type: 'sms', mobileNum: '912345678', verificationCode: '123456' }, 'countryDialingCode'],
      [{ ...base, type: 'sms', countryDialingCode: '+63', verificationCode: '123456' }, 'mobileNum'],
      [{ ...base, type: 'sms', countryDialingCode: '+63', mobileNum: '912345678', verificationCode: ' ' }, 'verificationCode'],
      [{ ...base, type: 'firebase', firebaseChannel: 'google.com' }, 'firebaseIdToken'],
      [{ ...base }, 'type'],
    ];
    for (const [payload, field] of cases) {
      const body = await refused(sealedCall(wps, '/wps/session/login', payload, rsaKey), 400, 'request.invalid');
      assert.equal(body.message, `field "${field}" is missing`, JSON.stringify(payload));
    }
  });

  test('plain calls: malformed JSON, non-object JSON, wrong types, missing fields', async () => {
    // memberLanguage needs a session: log in first so the body checks are reached.
    const login = await sealedCall(wps, '/wps/session/login', loginBody('demo', 'Demo1234'), rsaKey);
    const token = login.body.value.token;
    for (const raw of ['{', 'not json', '', '[]', 'null', '"EN"', '\u00ff']) {
      await refused(call(wps, 'POST', '/wps/member/language', { raw, token }), 400, 'request.malformed');
    }
    const missing = await refused(call(wps, 'POST', '/wps/member/language', { body: {}, token }), 400, 'request.invalid');
    assert.match(missing.message!, /"language" is missing/);
    const wrong = await refused(
      call(wps, 'POST', '/wps/member/language', { body: { language: 7 }, token }),
      400,
      'request.invalid',
    );
    assert.match(wrong.message!, /"language" is invalid/);
    await refused(call(wps, 'POST', '/wps/member/language', { body: { language: 'english' }, token }), 400, 'request.invalid');
  });

  test('missing or invalid token → 401 CUSTOMER_NOT_LOGIN', async () => {
    await refused(call(wps, 'GET', '/wps/member/info'), 401, 'CUSTOMER_NOT_LOGIN');
    await refused(call(wps, 'GET', '/wps/member/info', { token: 'nope' }), 401, 'CUSTOMER_NOT_LOGIN');
    await refused(call(wps, 'GET', '/wps/member/info', { token: 'x'.repeat(5000) }), 401, 'CUSTOMER_NOT_LOGIN');
    await refused(call(wps, 'POST', '/wps/session/logout', { token: '' }), 401, 'CUSTOMER_NOT_LOGIN');
  });

  test('a thrown error → 500 server.error without details, and the server keeps serving', async () => {
    const original = handlers.availablePromotions;
    handlers.availablePromotions = () => {
      throw new Error('secret detail /etc/passwd');
    };
    const errors: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const a = await call(wps, 'GET', '/wps/relay/MCSFE_getMerchantAvailablePromotions');
      assert.equal(a.status, 500);
      assert.deepEqual(a.body, { success: false, errorCode: 'server.error', message: 'Internal server error' });
      assert.equal(errors.length, 1);
    } finally {
      handlers.availablePromotions = original;
      console.error = consoleError;
    }
    await stillServing();
    assert.equal((await call(wps, 'GET', '/wps/relay/MCSFE_getMerchantAvailablePromotions')).status, 200);
  });

  test("an ApiError thrown by a handler keeps its status (its code's row in the error table) and errorCode", async () => {
    const original = handlers.systemCountry;
    handlers.systemCountry = () => {
      throw new ApiError('task.not.done', 'Some message');
    };
    try {
      await refused(call(wps, 'GET', '/wps/system/country'), 409, 'task.not.done');
    } finally {
      handlers.systemCountry = original;
    }
  });
});

describe('CORS', () => {
  test('an allowed origin gets the CORS headers, also on refusals', async () => {
    const a = await call(wps, 'GET', '/wps/system/status', { headers: { Origin: TEST_ORIGIN } });
    assert.equal(a.headers.get('Access-Control-Allow-Origin'), TEST_ORIGIN);
    assert.equal(a.headers.get('Access-Control-Allow-Credentials'), 'true');
    assert.match(a.headers.get('Vary') ?? '', /Origin/);
    const refusal = await call(wps, 'GET', '/wps/member/info', { headers: { Origin: TEST_ORIGIN } });
    assert.equal(refusal.status, 401);
    assert.equal(refusal.headers.get('Access-Control-Allow-Origin'), TEST_ORIGIN);
  });

  test('a foreign origin gets no CORS headers', async () => {
    for (const origin of ['https://evil.example', 'null', TEST_ORIGIN + '.evil.example', 'http://localhost:5556']) {
      const a = await call(wps, 'GET', '/wps/system/status', { headers: { Origin: origin } });
      assert.equal(a.status, 200);
      assert.equal(a.headers.get('Access-Control-Allow-Origin'), null, origin);
      assert.equal(a.headers.get('Access-Control-Allow-Credentials'), null);
    }
  });

  test('preflight: 204, allowed methods and headers for an allowed origin only', async () => {
    const preflight = (origin: string) =>
      wps.app.request('/wps/session/login', {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'x-rsa, x-digest, encryption',
        },
      });
    const ok = await preflight(TEST_ORIGIN);
    assert.equal(ok.status, 204);
    assert.equal(ok.headers.get('Access-Control-Allow-Origin'), TEST_ORIGIN);
    assert.equal(ok.headers.get('Access-Control-Allow-Credentials'), 'true');
    const allowed = (ok.headers.get('Access-Control-Allow-Headers') ?? '').toLowerCase();
    for (const h of [
      'merchant',
      'language',
      'authorization',
      'moduleid',
      'content-type',
      'encryption',
      'x-rsa',
      'x-digest',
      'device',
    ]) {
      assert.ok(allowed.split(/,\s*/).includes(h), h);
    }
    assert.match(ok.headers.get('Access-Control-Allow-Methods') ?? '', /POST/);
    const foreign = await preflight('https://evil.example');
    assert.equal(foreign.status, 204);
    assert.equal(foreign.headers.get('Access-Control-Allow-Origin'), null);
    assert.equal(foreign.headers.get('Access-Control-Allow-Headers'), null);
  });
});

describe('dev controls', () => {
  test('GET /dev/health', async () => {
    const a = await call(wps, 'GET', '/dev/health');
    assert.deepEqual(a.body, { success: true });
  });

  test('POST /dev/members/:username/expire-session ends that member’s sessions', async () => {
    const login = await sealedCall(wps, '/wps/session/login', loginBody('demo', 'Demo1234'), rsaKey);
    const token = login.body.value.token;
    assert.equal((await call(wps, 'GET', '/wps/member/info', { token })).status, 200);
    const expired = await call(wps, 'POST', '/dev/members/DEMO/expire-session');
    assert.equal(expired.body.success, true);
    assert.ok(expired.body.value.deleted >= 1);
    await refused(call(wps, 'GET', '/wps/member/info', { token }), 401, 'CUSTOMER_NOT_LOGIN');
    await refused(call(wps, 'POST', '/dev/members/nobody/expire-session'), 404, 'not.found');
  });
});
