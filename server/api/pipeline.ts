/**
 * The /wps call pipeline: one route per catalogue row that has a handler (api/handlers.ts), and the
 * checks every call goes through before its handler runs (`prepareCall`). server/app.ts assembles it
 * behind the gate of infra/cors.ts.
 */
import type { Context, Hono } from 'hono';
import type * as v from 'valibot';
import { endpoints, type Endpoint, type payloadSchemaNames } from '../../src/contract/endpoints.ts';
import { catalogue, type EndpointName } from '../../src/contract/catalogue.ts';
import * as schemas from '../../src/contract/schemas.ts';
import { findSession } from '../db/sessions.ts';
import { parseJsonObject, readBody, requireObject, validate } from '../infra/body.ts';
import { clientIp } from '../infra/client-ip.ts';
import { requireEncryption, unseal } from '../infra/crypto.ts';
import { ApiError } from '../infra/errors.ts';
import { jsonAnswer, JsonText } from '../infra/answer.ts';
import type { Merchant, Merchants } from '../merchants/merchants.ts';
import { refuseLimitedAddress } from '../signin/guards.ts';
import type { Call, Deps } from './call.ts';
import { handlers } from './handlers.ts';

/** Registers a route for each row with a handler. */
export function registerCalls(app: Hono, deps: Deps, trustProxy: number): void {
  for (const [name, row] of Object.entries(catalogue) as [EndpointName, Endpoint][]) {
    if (!handlers[name] || !row.path.startsWith('/wps/')) continue; // a row without a handler answers 404
    const schema = row.payload ? schemaOf(row.payload) : undefined;
    app.on(row.method, row.path, async (c) => {
      const call = await prepareCall(c, row, schema, deps, trustProxy);
      // Looked up per request, so a test can put a failing handler in place.
      const handler = handlers[name] as (call: Call<unknown>) => unknown;
      const value = await handler(call);
      if (value instanceof JsonText) return jsonAnswer(c, new JsonText(`{"success":true,"value":${value.text}}`));
      return jsonAnswer(c, { success: true, value: value ?? null });
    });
  }
}

const schemaOf = (name: keyof typeof payloadSchemaNames): v.GenericSchema => schemas[name];

/**
 * The checks every call goes through, in this order: merchant, body size, session, decryption,
 * JSON, schema. Each refusal throws an ApiError with its own errorCode (docs/api.md).
 */
const WHILE_PASSWORD_CHANGE = new Set([endpoints.memberPassword.path, endpoints.memberInfo.path, endpoints.logout.path]);

async function prepareCall(
  c: Context,
  row: Endpoint,
  schema: v.GenericSchema | undefined,
  deps: Deps,
  trustProxy: number,
): Promise<Call<unknown>> {
  const merchant = resolveMerchant(c, deps.merchants);
  const ip = clientIp(c, trustProxy);
  // An address over a sign-in limit costs nothing more: refused before its body is read or opened.
  await refuseLimitedAddress(deps, merchant.code, row.path, ip);
  // A row may allow a larger body than the default (feedback with an image).
  const body = hasBody(c) ? await readBody(c.req.raw, row.bodyLimit) : undefined;

  let member, token;
  if (row.auth) {
    token = c.req.header('Authorization')?.replace(/^Bearer\s+/i, '');
    member = token && token.length <= 512 ? await findSession(deps.db, token) : undefined;
    // A token is valid only with the merchant it was issued for.
    if (!member || member.merchant_code !== merchant.code) {
      throw new ApiError('CUSTOMER_NOT_LOGIN', 'Please log in');
    }
    // A forced password change comes first: until then the session may only change it, read who it
    // is, and log out (docs/api.md, password.change.required).
    if (member.must_change_password && !WHILE_PASSWORD_CHANGE.has(row.path)) {
      throw new ApiError('password.change.required', 'Please change your password first');
    }
  }

  let input: unknown;
  if (row.method === 'GET') {
    input = c.req.query();
  } else if (row.encrypted) {
    const sealed = {
      encryption: c.req.header('Encryption'),
      xRsa: c.req.header('X-RSA'),
      xDigest: c.req.header('X-Digest'),
    };
    requireEncryption(sealed);
    // Single use and fresh: a captured body replayed later, or twice, is refused (infra/replay.ts).
    input = await deps.replay.accept(requireObject(unseal(deps.keys, sealed, parseJsonObject(body ?? ''))));
  } else if (schema) {
    input = parseJsonObject(body ?? '');
  }

  if (schema) input = validate(schema, input);

  return { c, deps, merchant, input, member, token, clientIp: ip };
}

export function resolveMerchant(c: Context, merchants: Merchants): Merchant {
  const code = c.req.header('Merchant')?.trim() || merchants.defaultCode;
  const merchant = merchants.byCode.get(code);
  if (!merchant) throw new ApiError('merchant.unknown', 'Unknown merchant');
  return merchant;
}

/** The request's merchant, or undefined for an unknown `Merchant` header (a page is still served). */
export function knownMerchant(c: Context, merchants: Merchants): Merchant | undefined {
  return merchants.byCode.get(c.req.header('Merchant')?.trim() || merchants.defaultCode);
}

export const hasBody = (c: Context) => c.req.method !== 'GET' && c.req.method !== 'HEAD';
