/**
 * An unknown username is not answered faster than a wrong password (docs/server.md, "Passwords"):
 * the clock's side of members.test.ts's hash count. Medians of 5 logins, interleaved. Here, run with
 * nothing beside it: a busy neighbour on the 2-core machine skews one side's medians.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { call, loginBody, rsaKeyOf, sealedCall, testApp } from '../helpers.ts';

let wps: Awaited<ReturnType<typeof testApp>>;
let rsaKey: string;

before(async () => {
  wps = await testApp();
  rsaKey = await rsaKeyOf(wps);
});
after(() => wps.close());

const login = (username: string) => sealedCall(wps, '/wps/session/login', loginBody(username, 'wrong-password1'), rsaKey);

test('an unknown user takes as long to refuse as a wrong password', async () => {
  await login('nobody_warm_up'); // the dummy hash is made once, on first use
  const time = async (username: string) => {
    const start = performance.now();
    const answer = await login(username);
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    return performance.now() - start;
  };
  const knownTimes: number[] = [];
  const unknownTimes: number[] = [];
  for (let i = 0; i < 5; i++) {
    knownTimes.push(await time('demo'));
    unknownTimes.push(await time('nobody_here'));
    // Five wrong logins would lock the name (docs/product.md §9): the counters start again.
    assert.equal((await call(wps, 'POST', '/dev/reset')).status, 200);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]!;
  const ratio = median(unknownTimes) / median(knownTimes);
  assert.ok(ratio > 0.75 && ratio < 1.33, `unknown/known ${ratio.toFixed(2)} (${unknownTimes} vs ${knownTimes})`);
});
