/**
 * Push (docs/api.md, "Push"; docs/push.md, "The push-service stand-in"): the relay's bind, subscribe
 * and unsubscribe calls, the push service stand-in's registrations API, the push config in the site
 * status and the dev control that lists both. One in-memory app; POST /dev/reset between tests clears
 * the rate limits.
 */
import assert from 'node:assert/strict';
import { createECDH, createHash, randomBytes } from 'node:crypto';
import { after, afterEach, before, describe, test } from 'node:test';
import { abbreviated, TOPICS_PER_TOKEN } from '../../server/push/relay.ts';
import { newRegistrationToken } from '../../server/push/push-service.ts';
import { call, loginBody, registerBody, rsaKeyOf, sealedCall, testApp, type Answer } from './helpers.ts';

let wps: Awaited<ReturnType<typeof testApp>>;
let rsaKey: string;

const BIND = '/wps/relay/CSP_fcmBind';
const SUBSCRIBE = '/wps/relay/CSP_fcmSubscribe';
const UNSUBSCRIBE = '/wps/relay/CSP_fcmUnsubscribe';
const DEMO_PROJECT = 'demo-test';
const DEMO_KEY = 'fake-api-key';
const REGISTRATIONS = `/push-service/v1/projects/${DEMO_PROJECT}/registrations`;

before(async () => {
  wps = await testApp();
  rsaKey = await rsaKeyOf(wps);
});
after(() => wps.close());
afterEach(async () => {
  assert.equal((await call(wps, 'POST', '/dev/reset')).status, 200);
});

async function newMember(prefix = 'push'): Promise<{ username: string; token: string }> {
  const username = `${prefix}${randomBytes(4).toString('hex')}`.slice(0, 16);
  const a = await sealedCall(wps, '/wps/member/register', registerBody(username, 'Fresh1234'), rsaKey);
  assert.equal(a.status, 200, JSON.stringify(a.body));
  return { username, token: a.body.value.token };
}

function ok<T = any>(a: Answer<T>): T {
  assert.equal(a.status, 200, JSON.stringify(a.body));
  assert.equal(a.body.success, true);
  return a.body.value as T;
}

function refused(a: Answer, status: number, errorCode: string) {
  assert.equal(a.status, status, JSON.stringify(a.body));
  assert.equal(a.body.success, false);
  assert.equal(a.body.errorCode, errorCode, JSON.stringify(a.body));
  assert.equal(typeof a.body.message, 'string');
}

const post = (path: string, body: unknown, token?: string) => call(wps, 'POST', path, { body, token });

async function topicsOf(registrationToken: string): Promise<string[] | undefined> {
  const tokens: { token: string; topics: string[] }[] = ok(await call(wps, 'GET', '/dev/push')).tokens;
  return tokens.find((t) => t.token === abbreviated(registrationToken))?.topics;
}

describe('push relay', () => {
  test('bind, subscribe (idempotent), unsubscribe: answers null, the dev control follows', async () => {
    const m = await newMember();
    const token = newRegistrationToken();
    assert.equal(ok(await post(BIND, { registrationToken: token }, m.token)), null);
    assert.equal(ok(await post(BIND, { registrationToken: token }, m.token)), null, 'bound twice: fine');
    assert.deepEqual(await topicsOf(token), []);
    for (const topic of ['news', 'vip.level-2', 'news']) {
      assert.equal(ok(await post(SUBSCRIBE, { registrationToken: token, topic }, m.token)), null);
    }
    assert.deepEqual(await topicsOf(token), ['news', 'vip.level-2']);
    const listed = ok(await call(wps, 'GET', '/dev/push')).tokens.find((t: any) => t.token === abbreviated(token));
    assert.equal(listed.username, m.username);
    assert.equal(typeof listed.boundAt, 'number');
    assert.ok(!JSON.stringify(ok(await call(wps, 'GET', '/dev/push'))).includes(token), 'tokens are abbreviated');

    // With the member's session, while it lives.
    assert.equal(ok(await post(UNSUBSCRIBE, { registrationToken: token, unsubscribeAll: true }, m.token)), null);
    assert.equal(await topicsOf(token), undefined);
    // Unknown token: nothing to do.
    assert.equal(ok(await post(UNSUBSCRIBE, { registrationToken: newRegistrationToken() })), null);
    // After it, subscribing needs a new bind.
    refused(await post(SUBSCRIBE, { registrationToken: token, topic: 'news' }, m.token), 404, 'push.token.not.found');
  });

  test('bind and subscribe need a session; unsubscribe does not once the binding session is gone', async () => {
    const token = newRegistrationToken();
    refused(await post(BIND, { registrationToken: token }), 401, 'CUSTOMER_NOT_LOGIN');
    refused(await post(SUBSCRIBE, { registrationToken: token, topic: 'news' }), 401, 'CUSTOMER_NOT_LOGIN');
    refused(await post(BIND, { registrationToken: token }, 'not-a-session'), 401, 'CUSTOMER_NOT_LOGIN');
    const m = await newMember();
    ok(await post(BIND, { registrationToken: token }, m.token));
    ok(await call(wps, 'POST', '/wps/session/logout', { token: m.token }));
    // The session is gone; the page can still stop its pushes.
    assert.equal(ok(await post(UNSUBSCRIBE, { registrationToken: token })), null);
    assert.equal(await topicsOf(token), undefined);
  });

  test('knowing a token is not enough: another member cannot take it, nobody without its member’s session can unbind it', async () => {
    const a = await newMember('pa');
    const b = await newMember('pb');
    const token = newRegistrationToken();
    ok(await post(BIND, { registrationToken: token }, a.token));
    ok(await post(SUBSCRIBE, { registrationToken: token, topic: 'member_a' }, a.token));
    refused(await post(BIND, { registrationToken: token }, b.token), 403, 'push.token.forbidden');
    refused(await post(UNSUBSCRIBE, { registrationToken: token, unsubscribeAll: true }), 403, 'push.token.forbidden');
    refused(await post(UNSUBSCRIBE, { registrationToken: token }, b.token), 403, 'push.token.forbidden');
    refused(await post(UNSUBSCRIBE, { registrationToken: token }, 'not-a-session'), 403, 'push.token.forbidden');
    refused(await post(SUBSCRIBE, { registrationToken: token, topic: 'x' }, b.token), 404, 'push.token.not.found');
    const listed = ok(await call(wps, 'GET', '/dev/push')).tokens.filter((t: any) => t.token === abbreviated(token));
    assert.equal(listed.length, 1);
    assert.equal(listed[0].username, a.username, 'still the first member’s');
    assert.deepEqual(listed[0].topics, ['member_a']);
    // The member's own session unbinds it.
    ok(await post(UNSUBSCRIBE, { registrationToken: token }, a.token));
    assert.equal(await topicsOf(token), undefined);
  });

  test('once the session that bound a token ended (logout, expiry), the next member of that browser binds it, without the first one’s topics', async () => {
    const a = await newMember('pa');
    const b = await newMember('pb');
    const token = newRegistrationToken();
    ok(await post(BIND, { registrationToken: token }, a.token));
    ok(await post(SUBSCRIBE, { registrationToken: token, topic: 'member_a' }, a.token));
    // A's logout did not reach the relay's unsubscribe (offline): the binding is stale, not A's to keep.
    ok(await call(wps, 'POST', '/wps/session/logout', { token: a.token }));
    ok(await post(BIND, { registrationToken: token }, b.token));
    const listed = ok(await call(wps, 'GET', '/dev/push')).tokens.filter((t: any) => t.token === abbreviated(token));
    assert.equal(listed.length, 1);
    assert.equal(listed[0].username, b.username);
    assert.deepEqual(listed[0].topics, []);
    refused(await post(SUBSCRIBE, { registrationToken: token, topic: 'x' }, a.token), 401, 'CUSTOMER_NOT_LOGIN');
    ok(await post(SUBSCRIBE, { registrationToken: token, topic: 'member_b' }, b.token));
    assert.deepEqual(await topicsOf(token), ['member_b']);
    // B's session expires (server time): the page that finds it expired can still stop its pushes.
    const hash = createHash('sha256').update(b.token).digest('hex');
    await wps.db!.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hash]);
    ok(await post(UNSUBSCRIBE, { registrationToken: token, unsubscribeAll: true }));
    assert.equal(await topicsOf(token), undefined);
  });

  test('a member binding a token again (a new login) keeps it theirs under the new session', async () => {
    const m = await newMember();
    const token = newRegistrationToken();
    ok(await post(BIND, { registrationToken: token }, m.token));
    const again = await sealedCall(wps, '/wps/session/login', loginBody(m.username, 'Fresh1234'), rsaKey);
    const second = again.body.value.token as string;
    ok(await call(wps, 'POST', '/wps/session/logout', { token: m.token }));
    ok(await post(BIND, { registrationToken: token }, second));
    // The binding follows the new session: without it, the token cannot be unbound now.
    refused(await post(UNSUBSCRIBE, { registrationToken: token }), 403, 'push.token.forbidden');
    ok(await post(UNSUBSCRIBE, { registrationToken: token }, second));
  });

  test('topics are checked; a token bound to nobody (or another merchant) is not found', async () => {
    const m = await newMember();
    const token = newRegistrationToken();
    for (const topic of ['', 'has space', 'a/b', 'ü', 'x'.repeat(257), 'a#b']) {
      refused(await post(SUBSCRIBE, { registrationToken: token, topic }, m.token), 400, 'request.invalid');
    }
    refused(await post(SUBSCRIBE, { registrationToken: token, topic: 'news' }, m.token), 404, 'push.token.not.found');
    ok(await post(BIND, { registrationToken: token }, m.token));
    ok(await post(SUBSCRIBE, { registrationToken: token, topic: 'A-z_0.9~%' }, m.token));
    ok(await post(SUBSCRIBE, { registrationToken: token, topic: 'x'.repeat(256) }, m.token));
    // The limit on topics per token.
    for (let i = 2; i < TOPICS_PER_TOKEN; i++) {
      if (i % 50 === 0) assert.equal((await call(wps, 'POST', '/dev/reset')).status, 200); // the rate limit
      ok(await post(SUBSCRIBE, { registrationToken: token, topic: `t${i}` }, m.token));
    }
    assert.equal((await topicsOf(token))!.length, TOPICS_PER_TOKEN);
    assert.equal((await call(wps, 'POST', '/dev/reset')).status, 200);
    refused(await post(SUBSCRIBE, { registrationToken: token, topic: 'one-more' }, m.token), 400, 'push.topic.limit');
    assert.equal((await topicsOf(token))!.length, TOPICS_PER_TOKEN);
  });

  test('bad input: 4xx with an errorCode, and the server keeps serving', async () => {
    const m = await newMember();
    const cases: [string, unknown, number, string][] = [
      [BIND, {}, 400, 'request.invalid'],
      [BIND, { registrationToken: '' }, 400, 'request.invalid'],
      [BIND, { registrationToken: 'has space' }, 400, 'request.invalid'],
      [BIND, { registrationToken: 42 }, 400, 'request.invalid'],
      [BIND, { registrationToken: 'x'.repeat(4097) }, 400, 'request.invalid'],
      [SUBSCRIBE, { registrationToken: 'abc' }, 400, 'request.invalid'],
      [UNSUBSCRIBE, { registrationToken: 'abc', unsubscribeAll: 'yes' }, 400, 'request.invalid'],
      [UNSUBSCRIBE, [], 400, 'request.malformed'],
    ];
    for (const [path, body, status, code] of cases) refused(await post(path, body, m.token), status, code);
    refused(await call(wps, 'POST', BIND, { raw: '{not json', token: m.token }), 400, 'request.malformed');
    refused(await call(wps, 'POST', UNSUBSCRIBE, { raw: 'x'.repeat(70_000) }), 413, 'request.too.large');
    ok(await post(BIND, { registrationToken: newRegistrationToken() }, m.token));
  });

  test('rate limit per address: 429 TOO_MANY_REQUEST_PUSH with retryAfter', async () => {
    let last: Answer | undefined;
    for (let i = 0; i < 61; i++) last = await post(UNSUBSCRIBE, { registrationToken: `t${i}` });
    refused(last!, 429, 'TOO_MANY_REQUEST_PUSH');
    assert.equal(typeof last!.body.value.retryAfter, 'number');
    assert.ok(Number(last!.headers.get('Retry-After')) > 0);
  });
});

/** A real-looking Web Push subscription (a P-256 public key, a 16-byte auth secret). */
function subscription(endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    web: {
      endpoint,
      auth: randomBytes(16).toString('base64url'),
      p256dh: ecdh.getPublicKey().toString('base64url'),
    },
  };
}

const service = (method: string, path: string, body?: unknown, apiKey: string | null = DEMO_KEY, headers = {}) =>
  call(wps, method, path, {
    body,
    headers: { ...(apiKey === null ? {} : { 'x-goog-api-key': apiKey }), ...headers },
  });

function googleError(a: Answer, code: number, status: string) {
  assert.equal(a.status, code, JSON.stringify(a.body));
  assert.equal(a.body.error.code, code);
  assert.equal(a.body.error.status, status);
  assert.equal(typeof a.body.error.message, 'string');
  assert.equal(a.headers.get('Access-Control-Allow-Origin'), '*');
}

describe('push service stand-in', () => {
  test('create, patch, delete; the dev control lists the registrations', async () => {
    const created = await service('POST', REGISTRATIONS, subscription(), DEMO_KEY, { Origin: 'https://merchant.example' });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.equal(created.headers.get('Access-Control-Allow-Origin'), '*');
    assert.equal(created.headers.get('Access-Control-Allow-Credentials'), null);
    const token: string = created.body.token;
    assert.match(token, /^[A-Za-z0-9_-]{22}:APA91b[A-Za-z0-9_-]{134}$/);
    assert.deepEqual(Object.keys(created.body), ['token']);
    const other = await service('POST', REGISTRATIONS, subscription());
    assert.notEqual(other.body.token, token);

    const patched = await service('PATCH', `${REGISTRATIONS}/${token}`, subscription('http://127.0.0.1:9/push'));
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.deepEqual(patched.body, { token });
    const listed = ok(await call(wps, 'GET', '/dev/push')).registrations.find((r: any) => r.token === abbreviated(token));
    assert.equal(listed.projectId, DEMO_PROJECT);
    assert.equal(listed.endpoint, 'http://127.0.0.1:9');

    const deleted = await service('DELETE', `${REGISTRATIONS}/${token}`);
    assert.equal(deleted.status, 200);
    assert.deepEqual(deleted.body, {});
    googleError(await service('DELETE', `${REGISTRATIONS}/${token}`), 404, 'NOT_FOUND');
    googleError(await service('PATCH', `${REGISTRATIONS}/${token}`, subscription()), 404, 'NOT_FOUND');
    // The token the stand-in gave binds like any other.
    const m = await newMember();
    ok(await post(BIND, { registrationToken: other.body.token }, m.token));
  });

  test('wrong api key or unknown project: 403 PERMISSION_DENIED', async () => {
    googleError(await service('POST', REGISTRATIONS, subscription(), 'wrong-key'), 403, 'PERMISSION_DENIED');
    googleError(await service('POST', REGISTRATIONS, subscription(), null), 403, 'PERMISSION_DENIED');
    googleError(await service('POST', '/push-service/v1/projects/nope/registrations', subscription()), 403, 'PERMISSION_DENIED');
    // Another merchant's project takes its own key only.
    googleError(
      await service('POST', '/push-service/v1/projects/demo-two/registrations', subscription(), DEMO_KEY),
      403,
      'PERMISSION_DENIED',
    );
    const two = await service('POST', '/push-service/v1/projects/demo-two/registrations', subscription(), 'demo-two-api-key');
    assert.equal(two.status, 200, JSON.stringify(two.body));
    // A token of one project is not found through another.
    googleError(await service('DELETE', `${REGISTRATIONS}/${two.body.token}`), 404, 'NOT_FOUND');
  });

  test('invalid endpoint, auth, p256dh, applicationPubKey or body: 400 INVALID_ARGUMENT', async () => {
    const good = subscription();
    const bad = (web: Record<string, unknown>) => ({ web: { ...good.web, ...web } });
    for (const body of [
      bad({ endpoint: 'http://push.example/x' }),
      bad({ endpoint: 'ftp://push.example/x' }),
      bad({ endpoint: 'not a url' }),
      bad({ endpoint: undefined }),
      bad({ auth: 'short' }),
      bad({ auth: '+/+/+/+/+/+/+/+/+/+/+w' }),
      bad({ p256dh: 'abc' }),
      // Standard base64 ('+' and '/'), not base64url, of an otherwise well-formed point: fixed bytes, so
      // the row cannot pass by chance (random bytes did, about once in 4,000 runs).
      bad({ p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 0xfb)]).toString('base64') }),
      bad({ p256dh: Buffer.concat([Buffer.from([3]), randomBytes(64)]).toString('base64url') }),
      bad({ applicationPubKey: subscription().web.p256dh }),
      bad({ applicationPubKey: 'nope' }),
      {},
      { web: 'x' },
    ]) {
      googleError(await service('POST', REGISTRATIONS, body), 400, 'INVALID_ARGUMENT');
    }
    googleError(
      await call(wps, 'POST', REGISTRATIONS, { raw: '{', headers: { 'x-goog-api-key': DEMO_KEY } }),
      400,
      'INVALID_ARGUMENT',
    );
    googleError(
      await call(wps, 'POST', REGISTRATIONS, { raw: 'x'.repeat(5000), headers: { 'x-goog-api-key': DEMO_KEY } }),
      413,
      'INVALID_ARGUMENT',
    );
    // The project's own VAPID key is accepted as applicationPubKey.
    const vapidKey = ok(await call(wps, 'GET', '/wps/system/status')).info.sms.vapidKey;
    assert.equal((await service('POST', REGISTRATIONS, bad({ applicationPubKey: vapidKey }))).status, 200);
  });

  test('CORS preflight for any origin', async () => {
    const res = await wps.app.request(REGISTRATIONS, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://merchant.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-goog-api-key',
      },
    });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('Access-Control-Allow-Origin'), '*');
    assert.equal(res.headers.get('Access-Control-Allow-Credentials'), null);
    assert.match(res.headers.get('Access-Control-Allow-Methods') ?? '', /POST.*PATCH.*DELETE/);
    const allowed = (res.headers.get('Access-Control-Allow-Headers') ?? '').toLowerCase();
    for (const h of ['content-type', 'x-goog-api-key', 'x-goog-firebase-installations-auth']) assert.ok(allowed.includes(h), h);
  });

  test('rate limit per address: 429 RESOURCE_EXHAUSTED', async () => {
    let last: Answer | undefined;
    for (let i = 0; i < 61; i++) last = await service('DELETE', `${REGISTRATIONS}/nope${i}`);
    googleError(last!, 429, 'RESOURCE_EXHAUSTED');
    assert.ok(Number(last!.headers.get('Retry-After')) > 0);
  });

  test('not served in production', async () => {
    const prod = await testApp({ production: true });
    try {
      assert.equal((await call(prod, 'POST', REGISTRATIONS, { body: subscription() })).status, 404);
      const sms = ok(await call(prod, 'GET', '/wps/system/status')).info.sms;
      assert.equal(sms.pushServiceUrl, undefined, 'no stand-in URL in production');
      assert.equal(sms.projectId, DEMO_PROJECT);
    } finally {
      await prod.close();
    }
  });
});

describe('push config in the site status', () => {
  test('the push merchants carry the Firebase web config, a real VAPID key and (demo mode) the stand-in URL', async () => {
    for (const [merchant, project] of [
      ['demo', DEMO_PROJECT],
      ['demo2', 'demo-two'],
    ] as const) {
      const sms = ok(await call(wps, 'GET', '/wps/system/status', { merchant, headers: { Host: 'localhost:8080' } })).info.sms;
      for (const field of ['apiKey', 'appId', 'projectId', 'messagingSenderId', 'authDomain', 'vapidKey']) {
        assert.equal(typeof sms[field], 'string', `${merchant}: ${field}`);
        assert.ok(sms[field].length > 0, `${merchant}: ${field}`);
      }
      assert.equal(sms.projectId, project);
      const raw = Buffer.from(sms.vapidKey, 'base64url');
      assert.equal(raw.length, 65, 'an uncompressed P-256 point');
      assert.equal(raw[0], 4);
      assert.equal(raw.toString('base64url'), sms.vapidKey.replace(/=+$/, ''), 'base64url');
      // A point on the curve: node:crypto computes a shared secret with it.
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      assert.equal(ecdh.computeSecret(raw).length, 32);
      assert.equal(sms.pushServiceUrl, 'http://localhost:8080/push-service/v1', 'a name it answers to, on its port');
    }
    // Another port is not the one it listens on: the public origin (issue 26, item 12), never the Host.
    const other = ok(await call(wps, 'GET', '/wps/system/status', { headers: { Host: 'localhost:9000' } })).info.sms;
    assert.equal(other.pushServiceUrl, 'http://127.0.0.1:8080/push-service/v1', 'one cached status per origin');
    assert.equal(other.firebase, false, 'whatever the identity provider setting');
  });
});
