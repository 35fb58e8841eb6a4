/**
 * Dev controls under /dev/: demo and test mode only (never with NODE_ENV=production or --upstream;
 * server/app.ts decides). Tests and the e2e suite use them to put the server into a state, and a
 * person trying the demo uses the page `GET /dev/` to see every screen (maintenance, access denied,
 * domain error, unstable line, update notice, captchas, the second check, password expiry). Later
 * issues add routes here (content).
 *
 * Every control takes a JSON body (the merchant from the `Merchant` header, default merchant when
 * absent) and answers `{ success: true, value }`; or a form post of the /dev/ page
 * (`application/x-www-form-urlencoded`, the merchant in a `merchant` field), answered with a 303 back
 * to the page. A POST whose `Origin` is another site is refused (403), so no other page can switch them.
 */
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import type { Deps } from '../api/call.ts';
import { deleteMemberSessions } from '../db/sessions.ts';
import {
  GEETEST_VERSIONS,
  WHITELABEL_FLAG,
  DESCRIPTION_MAX,
  LANGUAGE_CODE,
  authEmulatorUrlSchema,
  maintenanceEndSchema,
  maintenanceTextsSchema,
  pingModeSchema,
  PING_MODES,
  TITLE_MAX,
  type MerchantState,
} from '../db/state-fields.ts';
import { parseJsonObject, readBody, utf8, validate } from '../infra/body.ts';
import { ApiError, fieldError } from '../infra/errors.ts';
import { clearLimits, clock } from '../infra/limits.ts';
import type { Merchant } from '../merchants/merchants.ts';
import { CAPTCHA_MODES, type CaptchaMode } from '../signin/captcha.ts';
import { gaSecret, memberByUsername, recordIp } from '../signin/members.ts';
import { normalizeDialingCode, normalizeMobileNum } from '../signin/sms.ts';
import { currentTotp } from '../signin/totp.ts';

const DEV_BODY_LIMIT = 16 * 1024;

const onOff = v.strictObject({ on: v.boolean() });
const maintenanceBody = v.strictObject({
  on: v.boolean(),
  end: v.optional(maintenanceEndSchema),
  texts: v.optional(maintenanceTextsSchema),
});
const pingBody = v.strictObject({ mode: pingModeSchema });
const noBody = v.strictObject({});
const siteSettingsBody = v.strictObject({
  loginCaptcha: v.optional(v.boolean()),
  smsCaptcha: v.optional(v.boolean()),
  registerCaptcha: v.optional(v.boolean()),
  geetestVersion: v.optional(v.picklist(GEETEST_VERSIONS)),
  mobilePassword: v.optional(v.boolean()),
  autoRegister: v.optional(v.boolean()),
  /** Identity provider sign-in; on needs an emulator URL (given here or already set). */
  firebase: v.optional(v.boolean()),
  /** The Firebase Auth emulator's origin (a trailing slash is dropped); null forgets it. */
  authEmulatorUrl: v.optional(v.nullable(v.pipe(v.string(), v.transform((s) => s.trim().replace(/\/+$/, '')), authEmulatorUrlSchema))),
});
const SETTING_FLAGS = ['loginCaptcha', 'smsCaptcha', 'registerCaptcha', 'mobilePassword', 'autoRegister'] as const;
const whitelabelBody = v.strictObject({ flag: v.pipe(v.string(), v.regex(WHITELABEL_FLAG)), on: v.boolean() });
const captchaBody = v.strictObject({ mode: v.picklist(CAPTCHA_MODES) });
const ipBody = v.strictObject({ ip: v.pipe(v.string(), v.maxLength(64), v.check((s) => isIP(s.trim()) !== 0, 'not an IP address')) });
const ageBody = v.strictObject({ days: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(36_500)) });
/** Flags the SPEC names (SPEC §6), shown on the page even when merchants.json does not list them. */
const KNOWN_FLAGS = ['CBS3', 'MOBILEAUTOLOGIN3', 'PWDEXPFORCECHANGE3', 'UPDATEMOBILEICC3', 'FIREBASECREATEACC3', 'LOTTMINIGAME3'];
const OUTBOX_LIMIT = 20;

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
  app.get('/dev/', async (c) => {
    const merchant = merchants.byCode.get(c.req.query('merchant') ?? '') ?? merchants.byCode.get(merchants.defaultCode)!;
    const html = page(deps, merchant, await state.get(merchant), await pageData(deps, merchant, runtime));
    return c.html(html, 200, { 'Content-Security-Policy': PAGE_CSP, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  });

  app.get('/dev/health', (c) => c.json({ success: true }));

  /** The merchant's whole runtime state (server/db/state.ts). */
  app.get('/dev/state', async (c) => c.json({ success: true, value: await state.get(headerMerchant(c, deps)) }));

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

  /** assetRevision + 1: both asset manifests change, the open page shows the update notice. */
  app.post('/dev/asset-manifest/publish', async (c) => {
    const input = await readInput(c, deps);
    if (!input.form) validate(noBody, input.fields);
    return answer(c, input, { assetRevision: await state.publish(input.merchant) });
  });

  /**
   * Back to the merchants.json `status` and `info` settings (and assetRevision 0); also the captcha
   * stand-in back to 'ok' and every in-memory attempt counter and rate limit forgotten.
   */
  app.post('/dev/reset', async (c) => {
    const input = await readInput(c, deps);
    if (!input.form) validate(noBody, input.fields);
    runtime.captchaMode = 'ok';
    clearLimits(deps.limits);
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
    return c.json({ success: true, value: await outbox(deps, merchant, { mobileNum, countryDialingCode }) }, 200, { 'Cache-Control': 'no-store' });
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
    const days = input.form && typeof input.fields.days === 'string' && /^\d{1,5}$/.test(input.fields.days) ? Number(input.fields.days) : input.fields.days;
    const body = validate(ageBody, { days });
    const changed = clock.now() - body.days * 24 * 60 * 60 * 1000;
    await deps.db.query('UPDATE members SET password_changed_at = $1 WHERE id = $2', [new Date(changed).toISOString(), member.id]);
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

  /** Ends every session of a member of the merchant (default merchant if absent). */
  app.post('/dev/members/:username/expire-session', async (c) => {
    const input = await readInput(c, deps);
    const deleted = await deleteMemberSessions(deps.db, input.merchant.code, c.req.param('username'));
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

async function devMember(deps: Deps, merchant: Merchant, username: string) {
  const member = await memberByUsername(deps.db, merchant.code, username);
  if (!member) throw new ApiError(404, 'not.found', 'No such member');
  return member;
}

async function ipsOf(deps: Deps, memberId: number): Promise<string[]> {
  const { rows } = await deps.db.query<{ ip: string }>('SELECT ip FROM member_ips WHERE member_id = $1 ORDER BY created_at, ip', [memberId]);
  return rows.map((r) => r.ip);
}

export interface OutboxEntry {
  mobileNum: string;
  countryDialingCode: string;
  code: string;
  createdAt: number;
  expirationTime: number;
}

async function outbox(deps: Deps, merchant: Merchant, filter: { mobileNum?: string; countryDialingCode?: string }): Promise<OutboxEntry[]> {
  const { rows } = await deps.db.query<{ mobile_num: string; country_dialing_code: string; code: string; created_at: Date | string; expires_at: Date | string }>(
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
    const code = typeof fields.merchant === 'string' && fields.merchant !== '' ? fields.merchant : c.req.header('Merchant')?.trim();
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
    if (value === '') continue;
    out[key] = (SETTING_FLAGS as readonly string[]).includes(key) || key === 'firebase' ? formFlag(value) : value;
  }
  return out;
}

/** The page's maintenance form: on, endMinutes (from now) or end (epoch ms), lang + title + description. */
function maintenanceForm(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { on: formFlag(fields.on) };
  const digits = (s: unknown) => (typeof s === 'string' && /^\d{1,16}$/.test(s) ? Number(s) : s === '' || s === undefined ? undefined : NaN);
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

// ---- the page ------------------------------------------------------------------------------

const STYLE = [
  'body{font:16px/1.45 system-ui,sans-serif;margin:1rem auto;max-width:48rem;padding:0 1rem;color:#222}',
  'h1{font-size:1.4rem}h2{font-size:1.1rem;margin:1.4rem 0 .3rem}p{margin:.3rem 0}',
  'table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.2rem .5rem;text-align:left;vertical-align:top}',
  'form{display:inline-block;margin:.2rem .4rem .2rem 0}form.block{display:block}',
  'label{display:block;margin:.25rem 0}input,textarea,button{font:inherit}textarea{width:100%;min-height:3rem}',
  '.on{color:#b00000;font-weight:bold}nav a{margin-right:.7rem}a[aria-current]{font-weight:bold}',
  '.hint{color:#555;font-size:.9rem}',
].join('\n');
const PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const esc = (s: unknown) =>
  String(s).replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function form(action: string, merchant: Merchant, fields: Record<string, string>, button: string, inner = '', cls = ''): string {
  const hidden = Object.entries({ merchant: merchant.code, ...fields })
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
    .join('');
  return `<form method="post" action="${esc(action)}"${cls ? ` class="${cls}"` : ''}>${hidden}${inner}<button type="submit">${esc(button)}</button></form>`;
}

function switchSection(title: string, hint: string, action: string, merchant: Merchant, on: boolean): string {
  return `<h2>${esc(title)}: <span class="${on ? 'on' : ''}">${on ? 'on' : 'off'}</span></h2>
<p class="hint">${hint}</p>
${form(action, merchant, { on: on ? '0' : '1' }, on ? 'Turn off' : 'Turn on')}`;
}

interface PageData {
  captchaMode: string;
  outbox: OutboxEntry[];
  members: { username: string; factors: string[]; ips: string[]; totp: boolean }[];
}

async function pageData(deps: Deps, merchant: Merchant, runtime: Runtime): Promise<PageData> {
  const members: PageData['members'] = [];
  for (const m of merchant.members) {
    const row = await memberByUsername(deps.db, merchant.code, m.username);
    if (!row) continue;
    const factors = [
      row.email ? `email ${row.email}` : '',
      row.payee_name ? `real name ${row.payee_name}` : '',
      row.mobile_num ? `mobile ${row.country_dialing_code} ${row.mobile_num}` : '',
      gaSecret(deps.secrets, row) ? 'authenticator' : '',
    ].filter(Boolean);
    members.push({ username: row.username, factors, ips: await ipsOf(deps, row.id), totp: factors.includes('authenticator') });
  }
  return { captchaMode: runtime.captchaMode, outbox: await outbox(deps, merchant, {}), members };
}

const SETTING_TEXT: Record<(typeof SETTING_FLAGS)[number], string> = {
  loginCaptcha: 'Login captcha (<code>info.login.captcha.enabled</code>): a username login needs a solved captcha (also when the sms or register captcha is on, SPEC §5).',
  smsCaptcha: 'SMS captcha (<code>info.sms.captcha.enabled</code>): requesting an SMS code needs a solved v4 captcha.',
  registerCaptcha: 'Registration captcha (<code>info.register.captcha.enabled</code>).',
  mobilePassword: 'Mobile registration asks for a password (<code>info.register.mobilePassword</code>; off: the client sends the default password).',
  autoRegister: 'Social login registers unknown accounts itself (<code>info.register.autoRegister</code>).',
};

function page(deps: Deps, merchant: Merchant, s: MerchantState, data: PageData): string {
  const nav = [...deps.merchants.byCode.keys()]
    .map((code) => `<a href="/dev/?merchant=${esc(encodeURIComponent(code))}"${code === merchant.code ? ' aria-current="page"' : ''}>${esc(code)}</a>`)
    .join('');
  const end = s.maintenanceEnd === null ? 'none' : `${new Date(s.maintenanceEnd).toISOString()} (${s.maintenanceEnd})`;
  const rows: [string, string][] = [
    ['maintenance', `${s.maintenance}`],
    ['maintenanceEnd', end],
    ['maintenanceTexts', s.maintenanceTexts === null ? 'none' : JSON.stringify(s.maintenanceTexts)],
    ['regionRestriction', `${s.regionRestriction}`],
    ['domainUnavailable', `${s.domainUnavailable}`],
    ['pingMode', s.pingMode],
    ['test', `${s.test}`],
    ['assetRevision', `${s.assetRevision}`],
    ['firebase', s.firebase ? `on (${s.authEmulatorUrl ?? 'merchant config'})` : 'off'],
  ];
  const maintenanceStart = form(
    '/dev/maintenance',
    merchant,
    { on: '1' },
    s.maintenance ? 'Restart maintenance with these texts' : 'Start maintenance',
    `<label>Ends in minutes (optional) <input type="number" name="endMinutes" min="1" max="525600"></label>
<label>Language of the texts <input name="lang" value="EN" size="6" pattern="${LANGUAGE_CODE.source.slice(1, -1)}"></label>
<label>Title (optional; the catalogue's otherwise) <input name="title" maxlength="${TITLE_MAX}" size="40"></label>
<label>Description (optional) <textarea name="description" maxlength="${DESCRIPTION_MAX}"></textarea></label>`,
    'block',
  );
  const pingForms = PING_MODES.map((mode) =>
    form('/dev/ping', merchant, { mode }, mode === s.pingMode ? `${mode} (now)` : mode),
  ).join('');
  const members = merchant.members
    .map((m) => form(`/dev/members/${encodeURIComponent(m.username)}/expire-session`, merchant, {}, `End the sessions of ${m.username}`))
    .join('');
  const settings = SETTING_FLAGS.map((key) => {
    const on = s[key];
    return `<p>${SETTING_TEXT[key]} <span class="${on ? 'on' : ''}">${on ? 'on' : 'off'}</span></p>
${form('/dev/site-settings', merchant, { [key]: on ? '0' : '1' }, `${on ? 'Turn off' : 'Turn on'} ${key}`)}`;
  }).join('\n');
  const versions = GEETEST_VERSIONS.map((version) =>
    form('/dev/site-settings', merchant, { geetestVersion: version }, version === s.geetestVersion ? `${version} (now)` : version),
  ).join('');
  const flags = [...new Set([...KNOWN_FLAGS, ...Object.keys(s.whitelabel)])].sort();
  const flagRows = flags
    .map((flag) => {
      const on = s.whitelabel[flag] === true;
      return `<tr><th scope="row">${esc(flag)}</th><td class="${on ? 'on' : ''}">${on ? 'on' : 'off'}</td><td>${form('/dev/whitelabel', merchant, { flag, on: on ? '0' : '1' }, on ? `Turn off ${flag}` : `Turn on ${flag}`)}</td></tr>`;
    })
    .join('');
  const captchaForms = CAPTCHA_MODES.map((mode) =>
    form('/dev/captcha', merchant, { mode }, mode === data.captchaMode ? `${mode} (now)` : mode),
  ).join('');
  const outboxRows = data.outbox.length
    ? `<table><tr><th scope="col">Number</th><th scope="col">Code</th><th scope="col">Sent</th><th scope="col">Expires</th></tr>${data.outbox
        .map((o) => `<tr><td>${esc(o.countryDialingCode)} ${esc(o.mobileNum)}</td><td><strong>${esc(o.code)}</strong></td><td>${esc(new Date(o.createdAt).toISOString())}</td><td>${esc(new Date(o.expirationTime).toISOString())}</td></tr>`)
        .join('')}</table>`
    : '<p>No code sent yet.</p>';
  const memberSections = data.members
    .map((m) => {
      const path = `/dev/members/${encodeURIComponent(m.username)}`;
      return `<h3>${esc(m.username)}</h3>
<p>Factors: ${m.factors.length ? esc(m.factors.join(', ')) : 'none (logs in without a second check)'}. Recorded IPs: ${m.ips.length ? esc(m.ips.join(', ')) : 'none'}.</p>
${m.totp ? `<p><a href="${esc(path)}/totp?merchant=${esc(encodeURIComponent(merchant.code))}">Current authenticator code of ${esc(m.username)}</a></p>` : ''}
${form(`${path}/ips`, merchant, {}, 'Record this IP', `<label>IP address <input name="ip" size="20" required></label>`)}
${form(`${path}/ips`, merchant, { forget: '1' }, `Forget every IP of ${m.username}`)}
${form(`${path}/password-age`, merchant, {}, 'Age the password', `<label>Password changed this many days ago <input type="number" name="days" min="0" max="36500" value="${merchant.passwordMaxAgeDays + 1}"></label>`)}`;
    })
    .join('\n');

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>wps-mobile dev controls</title>
<style>${STYLE}</style>
</head>
<body>
<h1>wps-mobile dev controls</h1>
<p>Switch a state here, then open or reload <a href="/m/home">/m/home</a> to see its screen. These
controls exist in demo and test mode only (never with <code>NODE_ENV=production</code> or
<code>--upstream</code>); what they switch is kept in the database until you reset it.</p>
<nav>Merchant: ${nav}</nav>

<h2>State of ${esc(merchant.code)}</h2>
<table>${rows.map(([k, val]) => `<tr><th scope="row">${esc(k)}</th><td>${esc(val)}</td></tr>`).join('')}</table>

<h2>Maintenance page: <span class="${s.maintenance ? 'on' : ''}">${s.maintenance ? 'on' : 'off'}</span></h2>
<p class="hint">The status call answers <code>maintenance: true</code>: the app shows the System Maintenance page (title, optional end time, description, contact us).</p>
${maintenanceStart}
${s.maintenance ? form('/dev/maintenance', merchant, { on: '0' }, 'End maintenance') : ''}

${switchSection('Access denied (region restriction)', 'The status call answers <code>regionRestriction: true</code> with your IP: the app shows the Access Denied page.', '/dev/region-restriction', merchant, s.regionRestriction)}

${switchSection('Domain not available', 'The status call fails with <code>domain_not_available</code>: the app shows the domain-error modal (customer service, retry).', '/dev/domain-unavailable', merchant, s.domainUnavailable)}

<h2>Line ping: ${esc(s.pingMode)}</h2>
<p class="hint"><code>/wps/system/test/ping</code> answers pong (ok), never answers (hang: the client gives up after 5 s, 10 s in the line speed test), or fails with 503 <code>line.unavailable</code> (fail). hang and fail show the unstable-line notice.</p>
${pingForms}

${switchSection('Test flag', 'The status call answers <code>test: true</code> (a test site).', '/dev/test-flag', merchant, s.test)}

<h2>Update notice (asset revision ${esc(s.assetRevision)})</h2>
<p class="hint">Publishes a new revision of both asset manifests: an open page shows the update notice at its next check (when it becomes visible again, or hourly).</p>
${form('/dev/asset-manifest/publish', merchant, {}, 'Publish a new release')}

${members ? `<h2>Sessions</h2>\n<p class="hint">The next call of a logged-in page answers 401: the app shows the "please login" notice.</p>\n${members}` : ''}

<h2>Sign-in settings</h2>
${settings}
<p>Captcha version (<code>gw.GEETEST_VERSION</code>): ${esc(s.geetestVersion)}</p>
${versions}

<h2>Identity provider (Firebase Auth emulator): <span class="${s.firebase ? 'on' : ''}">${s.firebase ? `on, ${esc(s.authEmulatorUrl ?? '')}` : 'off'}</span></h2>
<p class="hint">Social and phone sign-in against a local Auth emulator (<code>npx firebase emulators:start --only auth --project demo-test</code>, port 9099 by default): the status call then gives its demo web config in <code>info.sms</code>, and the server checks ID tokens with the emulator. Account creation with the provider also needs auto-register or <code>FIREBASECREATEACC3</code>.</p>
${form('/dev/site-settings', merchant, { firebase: '1' }, s.firebase ? 'Change the emulator URL' : 'Turn on with this emulator', `<label>Emulator URL <input name="authEmulatorUrl" size="30" required value="${esc(s.authEmulatorUrl ?? 'http://127.0.0.1:9099')}"></label>`)}
${s.firebase ? form('/dev/site-settings', merchant, { firebase: '0' }, 'Turn off') : ''}

<h2>Whitelabel flags</h2>
<table>${flagRows}</table>

<h2>Captcha stand-in: ${esc(data.captchaMode)}</h2>
<p class="hint">For every merchant. hang-script: <code>/captcha/gt.js</code> and <code>gt4.js</code> never answer (the client's script timeout, 60204); hang-extra: the extra resource never answers (60205).</p>
${captchaForms}

<h2>SMS outbox</h2>
<p class="hint">The codes "sent" by <code>/wps/verification/sms/noLogin</code> (demo and test mode only), newest first. Reload to see new ones.</p>
${outboxRows}

<h2>Members: second check and password age</h2>
<p class="hint">A login from an IP that is not recorded, by a member with a factor, answers <code>login_verify_required</code> (the two-factor modal). A password older than ${esc(merchant.passwordMaxAgeDays)} days logs in with <code>passwordExpired: true</code>.</p>
${memberSections}

<h2>Reset</h2>
<p class="hint">The state above back to merchants.json (the <code>status</code> block, the captcha and register settings and whitelabel flags of <code>info</code>), asset revision 0; also the captcha stand-in back to ok and every login, verification, captcha and SMS counter forgotten. Member IPs, password ages and the outbox stay.</p>
${form('/dev/reset', merchant, {}, `Reset ${merchant.code}`)}
</body>
</html>
`;
}
