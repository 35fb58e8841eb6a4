/**
 * Infrastructure hardening: the client IP behind N trusted proxies (X-Forwarded-For spoofing).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { call, loginBody, rsaKeyOf, sealedCall, testApp, type Answer } from './helpers.ts';

function refused(a: Answer, status: number, errorCode: string) {
  assert.equal(a.status, status, JSON.stringify(a.body));
  assert.equal(a.body.errorCode, errorCode, JSON.stringify(a.body));
}

// ---- 2. the client IP behind trusted proxies --------------------------------------------------------

describe('client IP and X-Forwarded-For', () => {
  const apps = new Map<number, Awaited<ReturnType<typeof testApp>>>();
  before(async () => {
    for (const hops of [0, 1, 2]) apps.set(hops, await testApp({ trustProxy: hops }));
  });
  after(async () => {
    for (const app of apps.values()) await app.close();
  });

  // The socket address of app.request() is 127.0.0.1. REAL is the player, 10.0.0.2 our outer proxy.
  const REAL = '203.0.113.9';
  const rows: [hops: number, header: string | undefined, expected: string, what: string][] = [
    [0, undefined, '127.0.0.1', 'no proxy: the socket'],
    [0, `1.2.3.4, ${REAL}`, '127.0.0.1', 'no proxy: the header is ignored'],
    [1, REAL, REAL, 'our proxy replaced the header'],
    [1, `1.2.3.4, ${REAL}`, REAL, 'the client sent a header, our proxy appended'],
    [1, `6.6.6.6, 7.7.7.7, ${REAL}`, REAL, 'several forged entries'],
    [1, `1.2.3.4, not-an-ip`, '127.0.0.1', 'what our proxy wrote is no IP: the socket'],
    [1, `1.2.3.4, ::ffff:${REAL}`, REAL, 'mapped IPv4'],
    [1, '1.2.3.4, 2001:db8::9', '2001:db8::9', 'IPv6'],
    [1, undefined, '127.0.0.1', 'no header: the socket'],
    [2, `${REAL}, 10.0.0.2`, REAL, 'two proxies, the outer replaced the header'],
    [2, `1.2.3.4, ${REAL}, 10.0.0.2`, REAL, 'two proxies, the client sent a header'],
    [2, `1.2.3.4, 5.6.7.8, ${REAL}, 10.0.0.2`, REAL, 'two proxies, several forged entries'],
    [2, '10.0.0.2', '127.0.0.1', 'fewer entries than proxies: the socket, never a client entry'],
  ];
  for (const [hops, header, expected, what] of rows) {
    test(`TRUST_PROXY=${hops}, X-Forwarded-For ${JSON.stringify(header ?? null)}: ${expected} (${what})`, async () => {
      const headers: Record<string, string> = header === undefined ? {} : { 'X-Forwarded-For': header };
      const a = await call(apps.get(hops)!, 'GET', '/wps/system/status', { headers });
      assert.equal(a.status, 200, JSON.stringify(a.body));
      assert.equal(a.body.value.location.ip, expected);
    });
  }

  test('a rotating forged first entry does not get around the login lockout', async () => {
    const wps = apps.get(1)!;
    const rsaKey = await rsaKeyOf(wps);
    const from = (i: number) => ({ headers: { 'X-Forwarded-For': `198.51.100.${i}, ${REAL}` } });
    for (let i = 1; i <= 5; i++) {
      refused(await sealedCall(wps, '/wps/session/login', loginBody('demo', 'wrong123'), rsaKey, from(i)), 400, 'login.cred.err');
    }
    const locked = await sealedCall(wps, '/wps/session/login', loginBody('demo', 'Demo1234'), rsaKey, from(6));
    refused(locked, 400, 'TOO_MANY_REQUEST_LOGIN');
  });
});
