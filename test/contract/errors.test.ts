/**
 * The error table (src/contract/errors.ts) is the one list of errorCodes: every code the server's
 * source can send has a row with a status, every such row is still sent, the server answers a code
 * with its row's status, and docs/api.md lists the same codes with the same statuses.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  ERRORS,
  LIMITS,
  NOTICES,
  OWN_REACTIONS,
  reactionOf,
  type ErrorCode,
  type ServerErrorCode,
} from '../../src/contract/errors.ts';
import { ApiError } from '../../server/infra/errors.ts';
import { call, testApp } from '../server/helpers.ts';

const statusOf = (code: string) => (ERRORS as Record<string, { status?: number }>)[code]?.status;
const serverRows = (Object.keys(ERRORS) as ErrorCode[]).filter((code) => statusOf(code) !== undefined);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(ts|js|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The codes server/ names where a refusal is made: ApiError, failure, refusal, crypto's refuse, and the limits' codes. */
function serverCodes(): Map<string, string> {
  const found = new Map<string, string>();
  const site = /(?:new ApiError|failure|refusal\(c,|refuse)\(?\s*(['`])([\w.${}]+)\1|'(TOO_MANY_REQUEST_[A-Z_]+)'/g;
  for (const file of sources('server')) {
    for (const m of readFileSync(file, 'utf8').matchAll(site)) {
      const code = m[2] ?? m[3]!;
      // Built from a name: `${what}.not.found` (member-centre/common.ts), `${spec.what}.expired` (rewards.ts).
      const names = code.includes('${') ? ['reward', 'voucher', 'task'].map((w) => code.replace(/\$\{[^}]+\}/, w)) : [code];
      for (const name of names) if (!found.has(name)) found.set(name, file);
    }
  }
  return found;
}

describe('error table', () => {
  const codes = serverCodes();

  test('the scan of server/ finds the refusals (else its pattern no longer fits the source)', () => {
    assert.ok(codes.size >= 60, `only ${codes.size} codes found`);
    for (const code of [
      'CUSTOMER_NOT_LOGIN',
      'not.found',
      'TOO_MANY_REQUEST_LOGIN',
      'encryption.key.invalid',
      'HOST_NOT_ALLOWED',
    ])
      assert.ok(codes.has(code), code);
  });

  test('every code the server can send has a row with its status', () => {
    // task.expired is a name the template could make, never one the code makes (tasks do not expire).
    const missing = [...codes].filter(([code]) => code !== 'task.expired' && statusOf(code) === undefined);
    assert.deepEqual(missing, []);
  });

  test('every row with a status is still sent by the server', () => {
    // Also a code held in a variable first (register.ts's checkPassword takes its code as a parameter).
    const text = sources('server')
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    assert.deepEqual(
      serverRows.filter((code) => !codes.has(code) && !text.includes(`'${code}'`)),
      [],
    );
  });

  test('a code is in one section only (ERRORS joins them), and a code not in the table does not compile', () => {
    const sections = [NOTICES, LIMITS, OWN_REACTIONS].map((s) => Object.keys(s));
    assert.equal(new Set(sections.flat()).size, sections.flat().length);
    assert.equal(Object.keys(ERRORS).length, sections.flat().length);
    // @ts-expect-error: no such code
    const unknown: ErrorCode = 'no.such.code';
    // @ts-expect-error: a code the server never sends (no status) is no ServerErrorCode
    const clientOwn: ServerErrorCode = 'network.error';
    assert.equal(new ApiError('task.not.done', 'x').status, 409);
    assert.ok(unknown && clientOwn);
  });

  test('the catalogue: TOO_MANY_REQUEST codes silent, the session codes log out, the rest as docs/product.md §8', () => {
    for (const code of Object.keys(ERRORS))
      if (code.startsWith('TOO_MANY_REQUEST')) assert.equal(reactionOf(code), 'silent', code);
    assert.equal(reactionOf('TOO_MANY_REQUEST_NEWER_BACK_END'), 'silent');
    for (const code of ['CUSTOMER_NOT_LOGIN', 'customer.not.login', 'user.or.token.invalid', 'login.not.session'])
      assert.equal(reactionOf(code), 'logout', code);
    assert.equal(reactionOf('login_verify_required'), 'twoFactor');
    assert.equal(reactionOf('bind_customer_required'), 'bind');
    assert.equal(reactionOf('login.cred.err'), 'forgetRememberedLogin');
    assert.equal(reactionOf('not.exists.user'), 'forgetRememberedLogin');
    assert.equal(reactionOf('token_ip_different'), 'autoLoginOff');
    assert.equal(reactionOf('ECONNABORTED'), 'timeoutRetry');
    assert.equal(reactionOf('network.error'), 'network');
    assert.equal(reactionOf('some.unknown.code'), undefined);
    assert.equal(reactionOf('constructor'), undefined);
  });

  test('docs/api.md lists every code the server sends, with the table status', () => {
    const documented = new Map<string, number>();
    for (const line of readFileSync('docs/api.md', 'utf8').split('\n')) {
      const row = /^\| (`[^|]+`) \| (\d{3}) \|/.exec(line);
      if (!row) continue;
      for (const [, code] of row[1]!.matchAll(/`([^`]+)`/g)) documented.set(code!, Number(row[2]));
    }
    const wrong = [...documented].filter(([code, status]) => statusOf(code) !== status);
    assert.deepEqual(wrong, [], 'documented with another status than the table, or not in the table');
    assert.deepEqual(
      serverRows.filter((code) => !documented.has(code)),
      [],
      'in the table, not in docs/api.md',
    );
  });
});

describe('the server answers a code with its row status', () => {
  let wps: Awaited<ReturnType<typeof testApp>>;
  before(async () => {
    wps = await testApp();
  });
  after(() => wps.close());

  const samples: Array<[ErrorCode, () => ReturnType<typeof call>]> = [
    ['not.found', () => call(wps, 'GET', '/wps/no/such/call')],
    ['CUSTOMER_NOT_LOGIN', () => call(wps, 'GET', '/wps/member/info')],
    ['merchant.unknown', () => call(wps, 'GET', '/wps/system/status', { merchant: 'nope' })],
    ['request.malformed', () => call(wps, 'POST', '/wps/tracking/events', { raw: 'not json' })],
    ['request.too.large', () => call(wps, 'POST', '/wps/tracking/events', { raw: 'x'.repeat(2 * 1024 * 1024) })],
  ];
  for (const [code, answer] of samples) {
    test(code, async () => {
      const { status, body } = await answer();
      assert.equal(body.errorCode, code);
      assert.equal(status, statusOf(code));
    });
  }
});
