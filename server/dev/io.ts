/**
 * What every room's dev controls share (docs/server.md, "Dev controls"): the request as fields
 * (`readInput`: a JSON body, or a form post of the /dev/ page whose `merchant` field names the
 * merchant), the answer (`answer`: the envelope, or a 303 back to the page), the merchant and member
 * lookups, and the form value readers. A room mounts its controls as a Hono app under /dev
 * (`app.route('/dev', ...)` in ./controls.ts).
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { Deps } from '../api/call.ts';
import { parseJsonObject, readBody, utf8 } from '../infra/body.ts';
import { ApiError, fieldError } from '../infra/errors.ts';
import type { Merchant } from '../merchants/merchants.ts';
import type { CaptchaMode } from '../signin/captcha.ts';
import { memberByUsername } from '../signin/members.ts';

const DEV_BODY_LIMIT = 16 * 1024;

/**
 * What the dev controls switch that is not per merchant (the captcha stand-in's script has no
 * Merchant header); server/app.ts makes it and hands it to the captcha stand-in too.
 */
export interface Runtime {
  captchaMode: CaptchaMode;
}

export interface Input {
  form: boolean;
  merchant: Merchant;
  fields: Record<string, unknown>;
}

export const NO_STORE = { 'Cache-Control': 'no-store' };

/** Text the database can store (PostgreSQL refuses NUL). */
export const noNul = v.check((s: string) => !s.includes('\u0000'), 'contains NUL');
/** An empty body (or a form post) with nothing to say. */
export const noBody = v.strictObject({});

export function headerMerchant(c: Context, deps: Deps): Merchant {
  return merchantOf(c.req.header('Merchant')?.trim(), deps);
}

/** The `Merchant` header, else the `merchant` query (a GET the page links to). */
export function queryMerchant(c: Context, deps: Deps): Merchant {
  return merchantOf(c.req.header('Merchant')?.trim() || c.req.query('merchant'), deps);
}

function merchantOf(code: string | undefined, deps: Deps): Merchant {
  const merchant = deps.merchants.byCode.get(code || deps.merchants.defaultCode);
  if (!merchant) throw new ApiError('merchant.unknown', 'Unknown merchant');
  return merchant;
}

/** A username from the path: text the database can store (no NUL), at most 64 characters. */
export function usernameParam(username: string): string {
  if (username.includes('\u0000') || username.length > 64) throw fieldError('username', false);
  return username;
}

export async function devMember(deps: Deps, merchant: Merchant, username: string) {
  usernameParam(username);
  const member = await memberByUsername(deps.db, merchant.code, username);
  if (!member) throw new ApiError('not.found', 'No such member');
  return member;
}

/**
 * The body as fields: a form post (its `merchant` field names the merchant), or JSON (an empty body
 * counts as `{}`; the merchant comes from the header). An unknown merchant is `400 merchant.unknown`.
 */
export async function readInput(c: Context, deps: Deps): Promise<Input> {
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
export function answer(c: Context, input: Input, value: unknown) {
  if (input.form) return c.redirect(`/dev/?merchant=${encodeURIComponent(input.merchant.code)}`, 303);
  return c.json({ success: true, value });
}

/** Form values of `on`: 1/0, true/false, on/off; anything else is left for the schema to refuse. */
export function formFlag(value: unknown): unknown {
  if (value === '1' || value === 'true' || value === 'on') return true;
  if (value === '0' || value === 'false' || value === 'off') return false;
  return value;
}

/** A form's whole number (digits only); anything else is left for the schema to refuse. */
export function formNumber(value: unknown): unknown {
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
}
