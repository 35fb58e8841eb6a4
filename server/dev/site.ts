/**
 * The site's dev controls, under /dev (./controls.ts mounts them): the runtime state every room
 * reads (server/db/state.ts): maintenance, region restriction, the test flag, the line failures,
 * the ping, the asset manifests, the site settings and whitelabel flags, and the reset.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { Deps } from '../api/call.ts';
import {
  APP_VERSION,
  GEETEST_VERSIONS,
  WHITELABEL_FLAG,
  authEmulatorUrlSchema,
  maintenanceEndSchema,
  maintenanceTextsSchema,
  pingModeSchema,
} from '../db/state-fields.ts';
import { validate } from '../infra/body.ts';
import { fieldError } from '../infra/errors.ts';
import { clearLimits } from '../infra/limits.ts';
import { answer, formFlag, noBody, readInput, type Runtime } from './io.ts';

const onOff = v.strictObject({ on: v.boolean() });
const maintenanceBody = v.strictObject({
  on: v.boolean(),
  end: v.optional(maintenanceEndSchema),
  texts: v.optional(maintenanceTextsSchema),
});
const pingBody = v.strictObject({ mode: pingModeSchema });
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

export function siteDev(deps: Deps, runtime: Runtime): Hono {
  const { state } = deps;
  const dev = new Hono();

  /** `{ on, end?, texts? }`: end (epoch ms) and texts default to null. */
  dev.post('/maintenance', async (c) => {
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
    dev.post(path, async (c) => {
      const input = await readInput(c, deps);
      const body = validate(onOff, input.form ? { on: formFlag(input.fields.on) } : input.fields);
      return answer(c, input, await state.update(input.merchant, { [field]: body.on }));
    });
  toggle('/region-restriction', 'regionRestriction');
  toggle('/test-flag', 'test');
  toggle('/domain-unavailable', 'domainUnavailable');

  /** `{ mode: 'ok' | 'hang' | 'fail' }`. */
  dev.post('/ping', async (c) => {
    const input = await readInput(c, deps);
    const body = validate(pingBody, input.form ? { mode: input.fields.mode } : input.fields);
    return answer(c, input, await state.update(input.merchant, { pingMode: body.mode }));
  });

  /** assetRevision + 1: both asset manifests change, the open page shows the update notice. */
  dev.post('/asset-manifest/publish', async (c) => {
    const input = await readInput(c, deps);
    if (!input.form) validate(noBody, input.fields);
    return answer(c, input, { assetRevision: await state.publish(input.merchant) });
  });

  /**
   * Back to the merchants.json `status` and `info` settings (and assetRevision 0); also the captcha
   * stand-in back to 'ok' and every attempt counter and rate limit cleared (in the database).
   */
  dev.post('/reset', async (c) => {
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
  dev.post('/site-settings', async (c) => {
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
  dev.post('/whitelabel', async (c) => {
    const input = await readInput(c, deps);
    const body = validate(whitelabelBody, input.form ? { flag: input.fields.flag, on: formFlag(input.fields.on) } : input.fields);
    return answer(c, input, await state.setWhitelabel(input.merchant, body.flag, body.on));
  });

  return dev;
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
