/**
 * The captcha: the local GeeTest-compatible stand-in of docs/captcha.md (scripts, challenges,
 * answers) and the check of a captcha result carried by a login, registration or SMS code request.
 *
 * - v3: `GET /wps/captcha/geetest` issues a challenge (`{ gt, challenge, newCaptcha, success }`);
 *   the stand-in shows its 4 digits (`GET /captcha/local/question`) and trades a right answer for a
 *   `validate` (`POST /captcha/local/answer`); the request then carries `geetestChallenge` and
 *   `geetestSeccode` (`validate|jordan`).
 * - v4: `GET /captcha/local/load?captchaId=` issues a lot with its digits; a right answer gives
 *   `{ lot_number, captcha_output, pass_token, gen_time }`; the request carries its JSON text as
 *   `geetestValidateV4`.
 *
 * Challenges and lots live 10 minutes; a result lives 10 minutes from its making and is single use.
 * Results are stored as an HMAC only (`captcha_results`); the digits are derived from the challenge
 * with the server key, so they are not stored at all. The stand-in is readable by design: it is for
 * the demo and the tests, not a defence. An operator using GeeTest itself points GEETEST_JS /
 * GEETEST4_JS at GeeTest and replaces `verifyCaptcha` with GeeTest's server-side check.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import type { CaptchaFields } from '../../src/contract/schemas.ts';
import type { Deps } from '../api/call.ts';
import { parseJsonObject, readBody } from '../infra/body.ts';
import { ApiError } from '../infra/errors.ts';
import { hold } from '../infra/hold.ts';
import { clock, MINUTE } from '../infra/limits.ts';
import type { Merchant } from '../merchants/merchants.ts';

export const CAPTCHA_TTL_MS = 10 * MINUTE;
export const CAPTCHA_MODES = ['ok', 'hang-script', 'hang-extra'] as const;
export type CaptchaMode = (typeof CAPTCHA_MODES)[number];
/** How long 'hang-script' / 'hang-extra' hold a request when the client does not give up (tests shorten it). */
export const captchaLimits = { hangMs: 30_000 };

type Version = 'v3' | 'v4';

const at = (ms: number) => new Date(ms).toISOString();
const newId = () => randomBytes(16).toString('hex');
const HEX32 = /^[0-9a-f]{32}$/;

/** The 4 digits the stand-in shows for a challenge or lot (derived, never stored). */
export function codeOf(deps: Deps, id: string): string {
  return String(parseInt(deps.secrets.mac('captcha code', id).slice(0, 8), 16) % 10_000).padStart(4, '0');
}

const invalid = (message = 'The captcha check failed. Please verify again.') => new ApiError('captcha.invalid', message);

async function issueChallenge(deps: Deps, captchaId: string, version: Version, ip: string): Promise<string> {
  await deps.limits.captchaIssue.take(ip, 'TOO_MANY_REQUEST_CAPTCHA', 'Too many captcha requests. Please try again later.');
  const id = newId();
  const now = clock.now();
  await deps.db.query(
    `INSERT INTO captcha_challenges (id, captcha_id, version, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [id, captchaId, version, at(now), at(now + CAPTCHA_TTL_MS)],
  );
  // Housekeeping: what expired a day ago is of no use to anybody.
  await deps.db.query(`DELETE FROM captcha_challenges WHERE expires_at < $1`, [at(now - 24 * 60 * MINUTE)]);
  await deps.db.query(`DELETE FROM captcha_results WHERE expires_at < $1`, [at(now - 24 * 60 * MINUTE)]);
  return id;
}

/** `GET /wps/captcha/geetest`: a v3 challenge for the merchant's captcha id. */
export async function issueV3Config(deps: Deps, merchant: Merchant, ip: string) {
  const gt = merchant.info.gw.GEETEST_ID ?? '';
  const challenge = await issueChallenge(deps, gt, 'v3', ip);
  return { gt, challenge, newCaptcha: true, success: 1 };
}

async function liveChallenge(deps: Deps, id: unknown, version: Version): Promise<{ id: string; captcha_id: string } | undefined> {
  if (typeof id !== 'string' || !HEX32.test(id)) return undefined;
  const { rows } = await deps.db.query<{ id: string; captcha_id: string }>(
    `SELECT id, captcha_id FROM captcha_challenges WHERE id = $1 AND version = $2 AND expires_at > $3`,
    [id, version, at(clock.now())],
  );
  return rows[0];
}

const v3Hash = (deps: Deps, challenge: string, validate: string) => deps.secrets.mac('captcha result', 'v3', challenge, validate);
const v4Hash = (deps: Deps, r: V4Result) =>
  deps.secrets.mac('captcha result', 'v4', r.lot_number, r.pass_token, r.captcha_output, r.gen_time);

interface V4Result {
  lot_number: string;
  captcha_output: string;
  pass_token: string;
  gen_time: string;
}

/**
 * Checks and uses up the captcha result a request carries. No result at all → `400
 * captcha.required`; anything else that is not an unused, unexpired result this server made for
 * the merchant's captcha id (wrong, tampered, replayed, expired, other merchant) → `400
 * captcha.invalid`. `v4Only`: the SMS code request takes a v4 result only (docs/product.md §5).
 */
export async function verifyCaptcha(
  deps: Deps,
  merchant: Merchant,
  fields: CaptchaFields,
  { v4Only = false } = {},
): Promise<void> {
  const hasV4 = fields.geetestValidateV4 !== undefined && fields.geetestValidateV4 !== '';
  const hasV3 = !v4Only && (Boolean(fields.geetestChallenge) || Boolean(fields.geetestSeccode));
  if (!hasV4 && !hasV3) {
    throw new ApiError(
      'captcha.required',
      v4Only ? 'Please complete the captcha (v4) first.' : 'Please complete the captcha first.',
    );
  }
  let hash: string;
  let version: Version;
  if (hasV4) {
    const result = parseV4(fields.geetestValidateV4!);
    if (!result) throw invalid();
    hash = v4Hash(deps, result);
    version = 'v4';
  } else {
    const challenge = fields.geetestChallenge ?? '';
    const validate = (fields.geetestSeccode ?? '').split('|')[0]!;
    if (!HEX32.test(challenge) || !HEX32.test(validate)) throw invalid();
    hash = v3Hash(deps, challenge, validate);
    version = 'v3';
  }
  // One statement: of two requests with the same result, only one gets the row.
  const { rows } = await deps.db.query(
    `UPDATE captcha_results SET used_at = $4
      WHERE result_hash = $1 AND captcha_id = $2 AND version = $3 AND used_at IS NULL AND expires_at > $4
      RETURNING 1`,
    [hash, merchant.info.gw.GEETEST_ID ?? '', version, at(clock.now())],
  );
  if (!rows.length) throw invalid();
}

function parseV4(text: string): V4Result | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null) return undefined;
  const r = data as Record<string, unknown>;
  const fields = ['lot_number', 'captcha_output', 'pass_token', 'gen_time'] as const;
  if (!fields.every((f) => typeof r[f] === 'string' && (r[f] as string).length <= 512)) return undefined;
  return {
    lot_number: r.lot_number as string,
    captcha_output: r.captcha_output as string,
    pass_token: r.pass_token as string,
    gen_time: r.gen_time as string,
  };
}

// ---- the stand-in's own routes -------------------------------------------------------------------

/** The stand-in's look (the overlay) and behaviour, two files joined into one classic script inside one
 * function, so the overlay's `standInOverlay` is no global of the page. */
const standInPart = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const SCRIPT_SOURCE = `(function () {\n${standInPart('./captcha-standin-overlay.js')}\n${standInPart('./captcha-standin.js')}\n})();\n`;
const SCRIPTS = {
  v3: SCRIPT_SOURCE.replace("'__GEETEST_VERSION__'", "'v3'"),
  v4: SCRIPT_SOURCE.replace("'__GEETEST_VERSION__'", "'v4'"),
};
const EXTRA = `/* wps-mobile captcha stand-in: the extra resource its scripts load before they are ready. */\n`;

const PUBLIC = { 'Access-Control-Allow-Origin': '*', 'X-Content-Type-Options': 'nosniff' };
const NO_STORE = { ...PUBLIC, 'Cache-Control': 'no-store' };

function fail(c: Context, err: ApiError) {
  return c.json(
    { success: false, errorCode: err.errorCode, message: err.message, ...(err.value === undefined ? {} : { value: err.value }) },
    err.status,
    NO_STORE,
  );
}

/** The stand-in under /captcha/ (docs/captcha.md). `mode()` is the dev control's current mode. */
export function captchaRoutes(deps: Deps, mode: () => CaptchaMode): Hono {
  const app = new Hono();
  const script = (version: Version) => async (c: Context) => {
    if (mode() === 'hang-script') return hung(c);
    return c.body(SCRIPTS[version], 200, {
      ...PUBLIC,
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
    });
  };
  app.get('/captcha/gt.js', script('v3'));
  app.get('/captcha/gt4.js', script('v4'));
  app.get('/captcha/extra.js', async (c) => {
    if (mode() === 'hang-extra') return hung(c);
    return c.body(EXTRA, 200, { ...PUBLIC, 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
  });

  // Cross-origin pages (a merchant's own site) may use the stand-in: no cookies, no credentials.
  app.options('/captcha/*', (c) =>
    c.body(null, 204, {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
      'Access-Control-Allow-Headers': 'Content-Type',
      'Access-Control-Max-Age': '600',
    }),
  );

  /** v3: the digits of a live challenge. */
  app.get('/captcha/local/question', async (c) => {
    const row = await liveChallenge(deps, c.req.query('challenge'), 'v3');
    if (!row) return fail(c, invalid('This captcha has expired. Please load it again.'));
    return c.json({ code: codeOf(deps, row.id) }, 200, NO_STORE);
  });

  /** v4: a new lot for a captcha id some merchant uses, with its digits. */
  app.get('/captcha/local/load', async (c) => {
    const captchaId = c.req.query('captchaId') ?? '';
    const known = [...deps.merchants.byCode.values()].some(
      (m) => m.info.gw.GEETEST_ID !== undefined && m.info.gw.GEETEST_ID === captchaId,
    );
    if (!known) return fail(c, invalid('Unknown captchaId'));
    try {
      const lot = await issueChallenge(deps, captchaId, 'v4', deps.clientIp(c));
      return c.json({ lot_number: lot, code: codeOf(deps, lot) }, 200, NO_STORE);
    } catch (err) {
      if (err instanceof ApiError) return fail(c, err);
      throw err;
    }
  });

  /**
   * `{ challenge, answer }` (v3) or `{ lot_number, answer }` (v4), as JSON (text/plain is accepted
   * too, so a cross-origin page needs no preflight). Right: a fresh single-use result. Wrong:
   * `400 captcha.answer.wrong` (the overlay says "Try again"); 5 wrong answers from an IP in 15
   * minutes: `400 TOO_MANY_REQUEST_CAPTCHA` until the window passes. Unknown or expired challenge:
   * `400 captcha.invalid`.
   */
  app.post('/captcha/local/answer', async (c) => {
    try {
      const { challenge, lot_number: lot, answer } = parseJsonObject(await readBody(c.req.raw, 4096));
      const version: Version = lot !== undefined ? 'v4' : 'v3';
      const ip = deps.clientIp(c);
      await deps.limits.captchaAnswer.check(ip, 'TOO_MANY_REQUEST_CAPTCHA', 'Too many wrong answers. Please try again later.');
      const row = await liveChallenge(deps, version === 'v4' ? lot : challenge, version);
      if (!row) throw invalid('This captcha has expired. Please load it again.');
      const release = await deps.limits.captchaAnswer.take(
        ip,
        'TOO_MANY_REQUEST_CAPTCHA',
        'Too many wrong answers. Please try again later.',
      );
      const expected = codeOf(deps, row.id);
      const given = typeof answer === 'string' ? answer.trim() : '';
      if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) {
        throw new ApiError('captcha.answer.wrong', 'Wrong answer. Try again.');
      }
      await release(); // a right answer is not a failure
      const now = clock.now();
      let value: Record<string, string>;
      let hash: string;
      if (version === 'v3') {
        const validate = newId();
        value = { validate };
        hash = v3Hash(deps, row.id, validate);
      } else {
        const result: V4Result = {
          lot_number: row.id,
          captcha_output: randomBytes(48).toString('base64url'),
          pass_token: randomBytes(32).toString('hex'),
          gen_time: String(Math.floor(now / 1000)),
        };
        value = { ...result };
        hash = v4Hash(deps, result);
      }
      await deps.db.query(
        `INSERT INTO captcha_results (result_hash, challenge_id, captcha_id, version, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [hash, row.id, row.captcha_id, version, at(now), at(now + CAPTCHA_TTL_MS)],
      );
      return c.json(value, 200, NO_STORE);
    } catch (err) {
      if (err instanceof ApiError) return fail(c, err);
      throw err;
    }
  });

  return app;
}

/** 'hang-*' modes: no answer until the client gives up (or captchaLimits.hangMs pass). */
async function hung(c: Context) {
  await hold(c, captchaLimits.hangMs);
  return c.text('captcha stand-in: hung on purpose (dev control POST /dev/captcha)', 504, {
    ...PUBLIC,
    'Cache-Control': 'no-store',
  });
}
