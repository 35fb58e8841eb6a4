/**
 * The sign-in room's dev controls, under /dev (server/dev/controls.ts mounts them): the captcha
 * stand-in's mode, the SMS outbox, the demo members' factors, recorded IPs, password age, current
 * authenticator code, registration record and sessions.
 */
import { isIP } from 'node:net';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { Deps } from '../api/call.ts';
import { deleteMemberSessions } from '../db/sessions.ts';
import {
  answer,
  devMember,
  formFlag,
  headerMerchant,
  NO_STORE,
  queryMerchant,
  readInput,
  usernameParam,
  type Runtime,
} from '../dev/io.ts';
import { validate } from '../infra/body.ts';
import { ApiError, fieldError } from '../infra/errors.ts';
import { clock } from '../infra/limits.ts';
import type { Merchant } from '../merchants/merchants.ts';
import { CAPTCHA_MODES } from './captcha.ts';
import { gaSecret, memberByUsername, recordIp } from './members.ts';
import { normalizeDialingCode, normalizeMobileNum } from './sms.ts';
import { currentTotp } from './totp.ts';

const captchaBody = v.strictObject({ mode: v.picklist(CAPTCHA_MODES) });
const ipBody = v.strictObject({
  ip: v.pipe(
    v.string(),
    v.maxLength(64),
    v.check((s) => isIP(s.trim()) !== 0, 'not an IP address'),
  ),
});
const ageBody = v.strictObject({ days: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(36_500)) });
const OUTBOX_LIMIT = 20;

export function signinDev(deps: Deps, runtime: Runtime): Hono {
  const dev = new Hono();

  /** The merchant's demo members (merchants.json): their second-check factors and recorded IPs, no secret. */
  dev.get('/members', async (c) =>
    c.json({ success: true, value: await devMembers(deps, headerMerchant(c, deps)) }, 200, NO_STORE),
  );

  /** The captcha stand-in's mode: `{ mode }`. */
  dev.get('/captcha', (c) => c.json({ success: true, value: { mode: runtime.captchaMode } }));

  /** `{ mode: 'ok' | 'hang-script' | 'hang-extra' }`: for every merchant (the scripts carry no Merchant header). */
  dev.post('/captcha', async (c) => {
    const input = await readInput(c, deps);
    const body = validate(captchaBody, input.form ? { mode: input.fields.mode } : input.fields);
    runtime.captchaMode = body.mode;
    return answer(c, input, { mode: runtime.captchaMode });
  });

  /** The SMS codes "sent" to the merchant's numbers, newest first (`?mobileNum=&countryDialingCode=` filter). */
  dev.get('/outbox', async (c) => {
    const merchant = queryMerchant(c, deps);
    const num = c.req.query('mobileNum');
    const dial = c.req.query('countryDialingCode');
    const mobileNum = num === undefined || num === '' ? undefined : normalizeMobileNum(num);
    const countryDialingCode = dial === undefined || dial === '' ? undefined : normalizeDialingCode(dial);
    if (mobileNum === undefined && num) throw fieldError('mobileNum', false);
    if (countryDialingCode === undefined && dial) throw fieldError('countryDialingCode', false);
    return c.json({ success: true, value: await outbox(deps, merchant, { mobileNum, countryDialingCode }) }, 200, {
      'Cache-Control': 'no-store',
    });
  });

  /** `{ ip }` records a login IP for the member; a form post with `forget=1` forgets them all. */
  dev.post('/members/:username/ips', async (c) => {
    const input = await readInput(c, deps);
    const member = await devMember(deps, input.merchant, c.req.param('username'));
    if (input.form && formFlag(input.fields.forget) === true) {
      await deps.db.query('DELETE FROM member_ips WHERE member_id = $1', [member.id]);
    } else {
      const body = validate(ipBody, input.form ? { ip: input.fields.ip } : input.fields);
      await recordIp(deps.db, member.id, body.ip.trim());
    }
    return answer(c, input, { ips: await ipsOf(deps, member.id) });
  });

  /** Forgets every recorded IP of the member: the next login asks for the second check. */
  dev.delete('/members/:username/ips', async (c) => {
    const member = await devMember(deps, headerMerchant(c, deps), c.req.param('username'));
    const { rowCount } = await deps.db.query('DELETE FROM member_ips WHERE member_id = $1', [member.id]);
    return c.json({ success: true, value: { deleted: rowCount } });
  });

  /** `{ days }`: the password was changed that many days ago (90+ days: passwordExpired at login). */
  dev.post('/members/:username/password-age', async (c) => {
    const input = await readInput(c, deps);
    const member = await devMember(deps, input.merchant, c.req.param('username'));
    const days =
      input.form && typeof input.fields.days === 'string' && /^\d{1,5}$/.test(input.fields.days)
        ? Number(input.fields.days)
        : input.fields.days;
    const body = validate(ageBody, { days });
    const changed = clock.now() - body.days * 24 * 60 * 60 * 1000;
    await deps.db.query('UPDATE members SET password_changed_at = $1 WHERE id = $2', [
      new Date(changed).toISOString(),
      member.id,
    ]);
    return answer(c, input, { passwordChangedAt: changed });
  });

  /** The member's current authenticator code (test helper): `{ code, secondsLeft }`. */
  dev.get('/members/:username/totp', async (c) => {
    const merchant = queryMerchant(c, deps);
    const member = await devMember(deps, merchant, c.req.param('username'));
    const secret = gaSecret(deps.secrets, member);
    if (!secret) throw new ApiError('not.found', 'This member has no authenticator');
    const { code, secondsLeft } = currentTotp(secret);
    return c.json({ success: true, value: { code, secondsLeft } }, 200, NO_STORE);
  });

  /**
   * How a member registered, as the server recorded it: `{ referralCode, affiliateCode, registerMethod,
   * domain }` (null where none was given). The register request is sealed and no /wps answer returns
   * these: here an operator (and a test) sees which agent a player signed up under.
   */
  dev.get('/members/:username/registration', async (c) => {
    const merchant = queryMerchant(c, deps);
    const member = await devMember(deps, merchant, c.req.param('username'));
    const { rows } = await deps.db.query<{
      referral_code: string | null;
      affiliate_code: string | null;
      register_method: string | null;
      domain: string | null;
    }>('SELECT referral_code, affiliate_code, register_method, domain FROM members WHERE id = $1', [member.id]);
    const row = rows[0]!;
    const value = {
      referralCode: row.referral_code,
      affiliateCode: row.affiliate_code,
      registerMethod: row.register_method,
      domain: row.domain,
    };
    return c.json({ success: true, value }, 200, NO_STORE);
  });
  /** Ends every session of a member of the merchant (default merchant if absent). */
  dev.post('/members/:username/expire-session', async (c) => {
    const input = await readInput(c, deps);
    const deleted = await deleteMemberSessions(deps.db, input.merchant.code, usernameParam(c.req.param('username')));
    if (deleted === undefined) throw new ApiError('not.found', 'No such member');
    return answer(c, input, { deleted });
  });
  return dev;
}

async function ipsOf(deps: Deps, memberId: number): Promise<string[]> {
  const { rows } = await deps.db.query<{ ip: string }>('SELECT ip FROM member_ips WHERE member_id = $1 ORDER BY created_at, ip', [
    memberId,
  ]);
  return rows.map((r) => r.ip);
}

interface DevMember {
  username: string;
  factors: { email: string | null; payeeName: string | null; mobile: string | null; authenticator: boolean };
  ips: string[];
}

async function devMembers(deps: Deps, merchant: Merchant): Promise<DevMember[]> {
  const members: DevMember[] = [];
  for (const m of merchant.members) {
    const row = await memberByUsername(deps.db, merchant.code, m.username);
    if (!row) continue;
    const factors = {
      email: row.email,
      payeeName: row.payee_name,
      mobile: row.mobile_num ? `${row.country_dialing_code} ${row.mobile_num}` : null,
      authenticator: gaSecret(deps.secrets, row) !== undefined,
    };
    members.push({ username: row.username, factors, ips: await ipsOf(deps, row.id) });
  }
  return members;
}

export interface OutboxEntry {
  mobileNum: string;
  countryDialingCode: string;
  code: string;
  createdAt: number;
  expirationTime: number;
}

async function outbox(
  deps: Deps,
  merchant: Merchant,
  filter: { mobileNum?: string; countryDialingCode?: string },
): Promise<OutboxEntry[]> {
  const { rows } = await deps.db.query<{
    mobile_num: string;
    country_dialing_code: string;
    code: string;
    created_at: Date | string;
    expires_at: Date | string;
  }>(
    `SELECT mobile_num, country_dialing_code, code, created_at, expires_at FROM sms_outbox
      WHERE merchant_code = $1 AND ($2::text IS NULL OR mobile_num = $2) AND ($3::text IS NULL OR country_dialing_code = $3)
      ORDER BY created_at DESC, id DESC LIMIT ${OUTBOX_LIMIT}`,
    [merchant.code, filter.mobileNum ?? null, filter.countryDialingCode ?? null],
  );
  return rows.map((r) => ({
    mobileNum: r.mobile_num,
    countryDialingCode: r.country_dialing_code,
    code: r.code,
    createdAt: new Date(r.created_at).getTime(),
    expirationTime: new Date(r.expires_at).getTime(),
  }));
}
