/**
 * Dev controls under /dev/: demo and test mode only (never with NODE_ENV=production or --upstream;
 * server/app.ts decides). Tests and the e2e suite use them to put the server into a state, and a
 * person trying the demo uses the page `GET /dev/` to see every screen (maintenance, access denied,
 * domain error, unstable line, update notice, captchas, the second check, password expiry, popups,
 * promotions, chat, VIP and game launches). Later issues add routes here (content).
 *
 * Every control takes a JSON body (the merchant from the `Merchant` header, default merchant when
 * absent) and answers `{ success: true, value }`; or a form post of the /dev/ page
 * (`application/x-www-form-urlencoded`, the merchant in a `merchant` field), answered with a 303 back
 * to the page. A POST whose `Origin` is another site is refused (403), so no other page can switch them.
 *
 * The page is a static template (page.html, with dev.js and dev.css beside it): its script reads the
 * state from the JSON routes below and fills the page in; its buttons are those form posts.
 */
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { PROMOTION_TYPES } from '../../src/core/api/promotionTypes.ts';
import type { Deps } from '../api/call.ts';
import { deleteMemberSessions } from '../db/sessions.ts';
import {
  APP_VERSION,
  GEETEST_VERSIONS,
  WHITELABEL_FLAG,
  authEmulatorUrlSchema,
  gameLaunchModeSchema,
  maintenanceEndSchema,
  maintenanceTextsSchema,
  pingModeSchema,
} from '../db/state-fields.ts';
import {
  allAnnouncements,
  clearAnnouncements,
  CODE,
  deleteAnnouncement,
  EXECUTIONS,
  PLATFORMS,
  publishAnnouncement,
} from '../engagement/announcements.ts';
import { setUnread } from '../engagement/chat.ts';
import { PROMOTION_ID, promotionSummary, setPromotionsEnabled } from '../engagement/promotions.ts';
import { setVip, vipLabels } from '../engagement/vip.ts';
import { parseJsonObject, readBody, utf8, validate } from '../infra/body.ts';
import { ApiError, fieldError } from '../infra/errors.ts';
import { clearLimits, clock } from '../infra/limits.ts';
import type { Merchant } from '../merchants/merchants.ts';
import { CAPTCHA_MODES, type CaptchaMode } from '../signin/captcha.ts';
import { gaSecret, memberByUsername, recordIp } from '../signin/members.ts';
import { normalizeDialingCode, normalizeMobileNum } from '../signin/sms.ts';
import { currentTotp } from '../signin/totp.ts';
import { mountMemberCentreDev } from './member-centre.ts';
import { mountPushTrackingDev } from './push-tracking.ts';

const DEV_BODY_LIMIT = 16 * 1024;

const onOff = v.strictObject({ on: v.boolean() });
const maintenanceBody = v.strictObject({
  on: v.boolean(),
  end: v.optional(maintenanceEndSchema),
  texts: v.optional(maintenanceTextsSchema),
});
const pingBody = v.strictObject({ mode: pingModeSchema });
const gamesBody = v.strictObject({ launchMode: gameLaunchModeSchema });
const noBody = v.strictObject({});
const siteSettingsBody = v.strictObject({
  loginCaptcha: v.optional(v.boolean()),
  smsCaptcha: v.optional(v.boolean()),
  registerCaptcha: v.optional(v.boolean()),
  geetestVersion: v.optional(v.picklist(GEETEST_VERSIONS)),
  mobilePassword: v.optional(v.boolean()),
  autoRegister: v.optional(v.boolean()),
  installSupport: v.optional(v.boolean()),
  /** The current native app version ('' or null: none) and the mandatory flag. */
  appVersion: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.transform((s) => s.trim() || null),
        v.nullable(v.pipe(v.string(), v.regex(APP_VERSION))),
      ),
    ),
  ),
  appMandatory: v.optional(v.boolean()),
  /** Identity provider sign-in; on needs an emulator URL (given here or already set). */
  firebase: v.optional(v.boolean()),
  /** The Firebase Auth emulator's origin (a trailing slash is dropped); null forgets it. */
  authEmulatorUrl: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.transform((s) => s.trim().replace(/\/+$/, '')),
        authEmulatorUrlSchema,
      ),
    ),
  ),
});
const SETTING_FLAGS = [
  'loginCaptcha',
  'smsCaptcha',
  'registerCaptcha',
  'mobilePassword',
  'autoRegister',
  'installSupport',
  'appMandatory',
] as const;
const whitelabelBody = v.strictObject({ flag: v.pipe(v.string(), v.regex(WHITELABEL_FLAG)), on: v.boolean() });
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

/** Text the database can store (PostgreSQL refuses NUL). */
const noNul = v.check((s: string) => !s.includes('\u0000'), 'contains NUL');
export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_CONTENT_MAX = 10_000;
/** HTML allowed, stored as written: the client sanitises popup content (docs/api.md). */
const announcementBody = v.strictObject({
  title: v.pipe(v.string(), v.trim(), v.nonEmpty(), noNul, v.maxLength(ANNOUNCEMENT_TITLE_MAX)),
  content: v.pipe(v.string(), v.nonEmpty(), noNul, v.maxLength(ANNOUNCEMENT_CONTENT_MAX)),
  execution: v.picklist(EXECUTIONS),
  promotionType: v.optional(v.nullable(v.picklist(PROMOTION_TYPES))),
  promotionId: v.optional(v.nullable(v.pipe(v.string(), v.regex(PROMOTION_ID)))),
  forceRead: v.optional(v.boolean()),
  platform: v.optional(v.picklist(PLATFORMS)),
  category: v.optional(v.nullable(v.pipe(v.string(), v.regex(CODE)))),
});
/** An announcement id as the list gives it (a string of digits) or as a number. */
const announcementIdBody = v.strictObject({
  id: v.union([
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/), v.transform(Number)),
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999_999_999)),
  ]),
});
const promotionsBody = v.strictObject({ type: v.picklist(PROMOTION_TYPES), enabled: v.boolean() });
const usernameField = v.pipe(v.string(), v.nonEmpty(), noNul, v.maxLength(64));
export const UNREAD_MAX = 99;
const chatUnreadBody = v.strictObject({
  username: usernameField,
  count: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(UNREAD_MAX)),
});
const vipBody = v.strictObject({
  username: usernameField,
  /** A label name of the merchant (any case); null or '' for none. */
  label: v.nullable(v.pipe(v.string(), noNul, v.maxLength(64))),
  completed: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
});

/** The page's own CSP: script, style and calls from this server only, nothing inline, no frames. */
const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');
/** The page and its assets (files beside this one), read once when the controls are mounted. */
const PAGE_FILES = [
  ['/dev/', 'page.html', 'text/html; charset=utf-8'],
  ['/dev/dev.js', 'dev.js', 'text/javascript; charset=utf-8'],
  ['/dev/dev.css', 'dev.css', 'text/css; charset=utf-8'],
] as const;

/**
 * What the dev controls switch that is not per merchant (the captcha stand-in's script has no
 * Merchant header); server/app.ts makes it and hands it to the captcha stand-in too.
 */
export interface Runtime {
  captchaMode: CaptchaMode;
}

interface Input {
  form: boolean;
  merchant: Merchant;
  fields: Record<string, unknown>;
}

export function mountDev(app: Hono, deps: Deps, runtime: Runtime): void {
  const { merchants, state } = deps;

  // Cross-site form posts (CSRF) are refused; a browser always sends Origin with a POST or DELETE.
  app.use('/dev/*', async (c, next) => {
    if (c.req.method === 'POST' || c.req.method === 'DELETE') {
      const origin = c.req.header('Origin');
      if (origin !== undefined && !sameHost(c, origin)) {
        throw new ApiError(403, 'request.forbidden', 'Dev controls take posts from their own page only');
      }
    }
    await next();
  });

  app.get('/dev', (c) => c.redirect('/dev/', 302));
  for (const [path, file, type] of PAGE_FILES) {
    const text = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
    const headers = {
      'Content-Type': type,
      'Content-Security-Policy': PAGE_CSP,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    };
    app.get(path, (c) => c.body(text, 200, headers));
  }

  app.get('/dev/health', (c) => c.json({ success: true }));

  /** The merchant's whole runtime state (server/db/state.ts). */
  app.get('/dev/state', async (c) => c.json({ success: true, value: await state.get(headerMerchant(c, deps)) }));

  /** Every merchant's code and password age limit (the page's merchant links), and the default one. */
  app.get('/dev/merchants', (c) => {
    const list = [...merchants.byCode.values()].map((m) => ({ code: m.code, passwordMaxAgeDays: m.passwordMaxAgeDays }));
    return c.json({ success: true, value: { defaultCode: merchants.defaultCode, merchants: list } });
  });

  /** The merchant's demo members (merchants.json): their second-check factors and recorded IPs, no secret. */
  app.get('/dev/members', async (c) =>
    c.json({ success: true, value: await devMembers(deps, headerMerchant(c, deps)) }, 200, { 'Cache-Control': 'no-store' }),
  );

  /** `{ on, end?, texts? }`: end (epoch ms) and texts default to null. */
  app.post('/dev/maintenance', async (c) => {
    const input = await readInput(c, deps);
    const body = validate(maintenanceBody, input.form ? maintenanceForm(input.fields) : input.fields);
    const value = await state.update(input.merchant, {
      maintenance: body.on,
      maintenanceEnd: body.end ?? null,
      maintenanceTexts: body.texts ?? null,
    });
    return answer(c, input, value);
  });

  const toggle = (path: string, field: 'regionRestriction' | 'test' | 'domainUnavailable') =>
    app.post(path, async (c) => {
      const input = await readInput(c, deps);
      const body = validate(onOff, input.form ? { on: formFlag(input.fields.on) } : input.fields);
      return answer(c, input, await state.update(input.merchant, { [field]: body.on }));
    });
  toggle('/dev/region-restriction', 'regionRestriction');
  toggle('/dev/test-flag', 'test');
  toggle('/dev/domain-unavailable', 'domainUnavailable');

  /** `{ mode: 'ok' | 'hang' | 'fail' }`. */
  app.post('/dev/ping', async (c) => {
    const input = await readInput(c, deps);
    const body = validate(pingBody, input.form ? { mode: input.fields.mode } : input.fields);
    return answer(c, input, await state.update(input.merchant, { pingMode: body.mode }));
  });

  /** `{ launchMode: 'ok' | 'hang' | 'fail' | 'page-hang' }`: how game launches and their pages behave (server/games/). */
  app.post('/dev/games', async (c) => {
    const input = await readInput(c, deps);
    const body = validate(gamesBody, input.form ? { launchMode: input.fields.launchMode } : input.fields);
    return answer(c, input, await state.update(input.merchant, { gameLaunchMode: body.launchMode }));
  });

  /** assetRevision + 1: both asset manifests change, the open page shows the update notice. */
  app.post('/dev/asset-manifest/publish', async (c) => {
    const input = await readInput(c, deps);
    if (!input.form) validate(noBody, input.fields);
    return answer(c, input, { assetRevision: await state.publish(input.merchant) });
  });

  /**
   * Back to the merchants.json `status` and `info` settings (and assetRevision 0); also the captcha
   * stand-in back to 'ok' and every attempt counter and rate limit cleared (in the database).
   */
  app.post('/dev/reset', async (c) => {
    const input = await readInput(c, deps);
    if (!input.form) validate(noBody, input.fields);
    runtime.captchaMode = 'ok';
    await clearLimits(deps.limits);
    return answer(c, input, await state.reset(input.merchant));
  });

  /**
   * `{ loginCaptcha?, smsCaptcha?, registerCaptcha?, geetestVersion?, mobilePassword?, autoRegister?,
   * firebase?, authEmulatorUrl? }`. Identity provider sign-in here is the emulator's only: firebase
   * on needs an emulator URL (in the body or set before), and the URL cannot be dropped while on.
   */
  app.post('/dev/site-settings', async (c) => {
    const input = await readInput(c, deps);
    const fields = input.form ? settingsForm(input.fields) : input.fields;
    const body = validate(siteSettingsBody, fields);
    const patch = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    if (body.firebase !== undefined || body.authEmulatorUrl !== undefined) {
      const current = await state.get(input.merchant);
      const firebase = body.firebase ?? current.firebase;
      const url = body.authEmulatorUrl === undefined ? current.authEmulatorUrl : body.authEmulatorUrl;
      if (firebase && !url) throw fieldError('authEmulatorUrl', true);
    }
    return answer(c, input, await state.update(input.merchant, patch));
  });

  /** `{ flag, on }`: one flag of info.whitelabelVal (MOBILEAUTOLOGIN3, PWDEXPFORCECHANGE3, ...). */
  app.post('/dev/whitelabel', async (c) => {
    const input = await readInput(c, deps);
    const body = validate(whitelabelBody, input.form ? { flag: input.fields.flag, on: formFlag(input.fields.on) } : input.fields);
    return answer(c, input, await state.setWhitelabel(input.merchant, body.flag, body.on));
  });

  /** The captcha stand-in's mode: `{ mode }`. */
  app.get('/dev/captcha', (c) => c.json({ success: true, value: { mode: runtime.captchaMode } }));

  /** `{ mode: 'ok' | 'hang-script' | 'hang-extra' }`: for every merchant (the scripts carry no Merchant header). */
  app.post('/dev/captcha', async (c) => {
    const input = await readInput(c, deps);
    const body = validate(captchaBody, input.form ? { mode: input.fields.mode } : input.fields);
    runtime.captchaMode = body.mode;
    return answer(c, input, { mode: runtime.captchaMode });
  });

  /** The SMS codes "sent" to the merchant's numbers, newest first (`?mobileNum=&countryDialingCode=` filter). */
  app.get('/dev/outbox', async (c) => {
    const merchant = merchantOf(c.req.header('Merchant')?.trim() || c.req.query('merchant'), deps);
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
  app.post('/dev/members/:username/ips', async (c) => {
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
  app.delete('/dev/members/:username/ips', async (c) => {
    const member = await devMember(deps, headerMerchant(c, deps), c.req.param('username'));
    const { rowCount } = await deps.db.query('DELETE FROM member_ips WHERE member_id = $1', [member.id]);
    return c.json({ success: true, value: { deleted: rowCount } });
  });

  /** `{ days }`: the password was changed that many days ago (90+ days: passwordExpired at login). */
  app.post('/dev/members/:username/password-age', async (c) => {
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
  app.get('/dev/members/:username/totp', async (c) => {
    const merchant = merchantOf(c.req.header('Merchant')?.trim() || c.req.query('merchant'), deps);
    const member = await devMember(deps, merchant, c.req.param('username'));
    const secret = gaSecret(deps.secrets, member);
    if (!secret) throw new ApiError(404, 'not.found', 'This member has no authenticator');
    const { code, secondsLeft } = currentTotp(secret);
    return c.json({ success: true, value: { code, secondsLeft } }, 200, { 'Cache-Control': 'no-store' });
  });

  /**
   * How a member registered, as the server recorded it: `{ referralCode, affiliateCode, registerMethod,
   * domain }` (null where none was given). The register request is sealed and no /wps answer returns
   * these: here an operator (and a test) sees which agent a player signed up under.
   */
  app.get('/dev/members/:username/registration', async (c) => {
    const merchant = merchantOf(c.req.header('Merchant')?.trim() || c.req.query('merchant'), deps);
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
    return c.json({ success: true, value }, 200, { 'Cache-Control': 'no-store' });
  });

  /** What the page shows of the home engagement features: popups, promotions by type, VIP labels, the demo members' chat and VIP. */
  app.get('/dev/engagement', async (c) => {
    const merchant = headerMerchant(c, deps);
    const value = {
      promotionTypes: PROMOTION_TYPES,
      announcements: await allAnnouncements(deps.db, merchant.code),
      promotions: await promotionSummary(deps.db, merchant.code),
      vipLabels: await vipLabels(deps.db, merchant.code),
      members: await engagementMembers(deps, merchant),
    };
    return c.json({ success: true, value }, 200, { 'Cache-Control': 'no-store' });
  });

  /** `{ title, content, execution, promotionType?, promotionId?, forceRead?, platform?, category? }`: publishes a popup item. */
  app.post('/dev/announcements', async (c) => {
    const input = await readInput(c, deps);
    const body = validate(announcementBody, input.form ? announcementForm(input.fields) : input.fields);
    return answer(c, input, { id: await publishAnnouncement(deps.db.query, input.merchant.code, body) });
  });

  /** `{ id }`: deletes one of the merchant's announcements; 404 when it has none of that id. */
  app.post('/dev/announcements/delete', async (c) => {
    const input = await readInput(c, deps);
    const { id } = validate(announcementIdBody, input.form ? { id: input.fields.id } : input.fields);
    if (!(await deleteAnnouncement(deps.db, input.merchant.code, id)))
      throw new ApiError(404, 'not.found', 'No such announcement');
    return answer(c, input, { deleted: 1 });
  });

  /** Deletes every announcement of the merchant. */
  app.post('/dev/announcements/clear', async (c) => {
    const input = await readInput(c, deps);
    if (!input.form) validate(noBody, input.fields);
    return answer(c, input, { deleted: await clearAnnouncements(deps.db, input.merchant.code) });
  });

  /** `{ type, enabled }`: every promotion of the type; 404 when the merchant has none of it. */
  app.post('/dev/promotions', async (c) => {
    const input = await readInput(c, deps);
    const fields = input.form ? { type: input.fields.type, enabled: formFlag(input.fields.enabled) } : input.fields;
    const body = validate(promotionsBody, fields);
    const changed = await setPromotionsEnabled(deps.db, input.merchant.code, body.type, body.enabled);
    if (changed === 0) throw new ApiError(404, 'not.found', 'This merchant has no promotion of this type');
    return answer(c, input, { ...body, changed });
  });

  /** `{ username, count }`: exactly that many unread agent messages (added, or the oldest marked read). */
  app.post('/dev/chat-unread', async (c) => {
    const input = await readInput(c, deps);
    const fields = input.form ? { username: input.fields.username, count: formNumber(input.fields.count) } : input.fields;
    const body = validate(chatUnreadBody, fields);
    const member = await devMember(deps, input.merchant, body.username);
    return answer(c, input, { username: member.username, unReadCount: await setUnread(deps.db, member.id, body.count) });
  });

  /** `{ username, label, completed }`: the member's VIP label (a name of the merchant's, or null / '' for none) and progress. */
  app.post('/dev/vip', async (c) => {
    const input = await readInput(c, deps);
    const fields = input.form
      ? { username: input.fields.username, label: input.fields.label ?? null, completed: formNumber(input.fields.completed) }
      : input.fields;
    const body = validate(vipBody, fields);
    const member = await devMember(deps, input.merchant, body.username);
    const name = body.label?.trim() || null;
    const label =
      name === null
        ? undefined
        : (await vipLabels(deps.db, input.merchant.code)).find((l) => l.name.toLowerCase() === name.toLowerCase());
    if (name !== null && !label) throw fieldError('label', false);
    await setVip(deps.db, member.id, label?.id ?? null, body.completed);
    return answer(c, input, { username: member.username, label: label?.name ?? null, completed: body.completed });
  });

  // The member centre's controls (dev/member-centre.ts), with this file's request helpers.
  mountMemberCentreDev(app, deps, { readInput, answer, devMember, headerMerchant });
  // Push tokens, the push service stand-in, tracking events and pixel ids (dev/push-tracking.ts).
  mountPushTrackingDev(app, deps, { readInput, answer, headerMerchant });

  /** Ends every session of a member of the merchant (default merchant if absent). */
  app.post('/dev/members/:username/expire-session', async (c) => {
    const input = await readInput(c, deps);
    const deleted = await deleteMemberSessions(deps.db, input.merchant.code, usernameParam(c.req.param('username')));
    if (deleted === undefined) throw new ApiError(404, 'not.found', 'No such member');
    return answer(c, input, { deleted });
  });
}

function sameHost(c: Context, origin: string): boolean {
  try {
    return new URL(origin).host === (c.req.header('Host') ?? new URL(c.req.url).host);
  } catch {
    return false; // "null" (sandboxed or opaque origins) and garbage
  }
}

function headerMerchant(c: Context, deps: Deps): Merchant {
  return merchantOf(c.req.header('Merchant')?.trim(), deps);
}

function merchantOf(code: string | undefined, deps: Deps): Merchant {
  const merchant = deps.merchants.byCode.get(code || deps.merchants.defaultCode);
  if (!merchant) throw new ApiError(400, 'merchant.unknown', 'Unknown merchant');
  return merchant;
}

/** A username from the path: text the database can store (no NUL), at most 64 characters. */
function usernameParam(username: string): string {
  if (username.includes('\u0000') || username.length > 64) throw fieldError('username', false);
  return username;
}

async function devMember(deps: Deps, merchant: Merchant, username: string) {
  usernameParam(username);
  const member = await memberByUsername(deps.db, merchant.code, username);
  if (!member) throw new ApiError(404, 'not.found', 'No such member');
  return member;
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

/** The demo members' chat and VIP: unread agent messages, label name, conditions done. */
async function engagementMembers(deps: Deps, merchant: Merchant) {
  const out: { username: string; unread: number; vipLabel: string | null; vipCompleted: number }[] = [];
  for (const m of merchant.members) {
    const { rows } = await deps.db.query<{
      username: string;
      label: string | null;
      vip_completed: number;
      unread: string | number;
    }>(
      `SELECT m.username, l.name AS label, m.vip_completed,
              (SELECT count(*) FROM chat_messages c WHERE c.member_id = m.id AND c.sender = 'agent' AND c.read_at IS NULL) AS unread
         FROM members m LEFT JOIN vip_labels l ON l.id = m.vip_label_id
        WHERE m.merchant_code = $1 AND lower(m.username) = lower($2)`,
      [merchant.code, m.username],
    );
    const row = rows[0];
    if (!row) continue;
    out.push({ username: row.username, unread: Number(row.unread), vipLabel: row.label, vipCompleted: row.vip_completed });
  }
  return out;
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

/**
 * The body as fields: a form post (its `merchant` field names the merchant), or JSON (an empty body
 * counts as `{}`; the merchant comes from the header). An unknown merchant is `400 merchant.unknown`.
 */
async function readInput(c: Context, deps: Deps): Promise<Input> {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  const text = utf8(await readBody(c.req.raw, DEV_BODY_LIMIT));
  const pick = (code: string | undefined): Merchant => merchantOf(code, deps);
  if (type === 'application/x-www-form-urlencoded') {
    // Object.fromEntries makes own properties only (a field named __proto__ stays a plain field).
    const fields: Record<string, unknown> = Object.fromEntries(new URLSearchParams(text));
    const code =
      typeof fields.merchant === 'string' && fields.merchant !== '' ? fields.merchant : c.req.header('Merchant')?.trim();
    delete fields.merchant;
    return { form: true, merchant: pick(code), fields };
  }
  const fields = text.trim() === '' ? {} : parseJsonObject(text);
  return { form: false, merchant: pick(c.req.header('Merchant')?.trim()), fields };
}

/** JSON: the envelope; a form post: back to the page of that merchant. */
function answer(c: Context, input: Input, value: unknown) {
  if (input.form) return c.redirect(`/dev/?merchant=${encodeURIComponent(input.merchant.code)}`, 303);
  return c.json({ success: true, value });
}

/** Form values of `on`: 1/0, true/false, on/off; anything else is left for the schema to refuse. */
function formFlag(value: unknown): unknown {
  if (value === '1' || value === 'true' || value === 'on') return true;
  if (value === '0' || value === 'false' || value === 'off') return false;
  return value;
}

/** The page's site-settings forms: on/off values of the flags, v3/v4; empty fields are left out. */
function settingsForm(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === '' && key !== 'appVersion') continue; // an empty version clears it
    out[key] = (SETTING_FLAGS as readonly string[]).includes(key) || key === 'firebase' ? formFlag(value) : value;
  }
  return out;
}

/** The page's maintenance form: on, endMinutes (from now) or end (epoch ms), lang + title + description. */
function maintenanceForm(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { on: formFlag(fields.on) };
  const digits = (s: unknown) =>
    typeof s === 'string' && /^\d{1,16}$/.test(s) ? Number(s) : s === '' || s === undefined ? undefined : NaN;
  const minutes = digits(fields.endMinutes);
  const end = digits(fields.end);
  if (minutes !== undefined) out.end = Number.isNaN(minutes) ? 'invalid' : Date.now() + minutes * 60_000;
  else if (end !== undefined) out.end = Number.isNaN(end) ? 'invalid' : end;
  const title = typeof fields.title === 'string' ? fields.title.trim() : '';
  const description = typeof fields.description === 'string' ? fields.description.trim() : '';
  if (title || description) {
    const lang = typeof fields.lang === 'string' && fields.lang.trim() ? fields.lang.trim().toUpperCase() : 'EN';
    out.texts = { [lang]: { ...(title ? { title } : {}), ...(description ? { description } : {}) } };
  }
  return out;
}

/** A form's whole number (digits only); anything else is left for the schema to refuse. */
function formNumber(value: unknown): unknown {
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
}

/** The page's publish form: empty optional fields are left out, the force-read checkbox is on or absent. */
function announcementForm(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === '' && key !== 'title' && key !== 'content') continue;
    out[key] = key === 'forceRead' ? formFlag(value) : value;
  }
  return out;
}
