/**
 * The push service stand-in (docs/push.md, "The push-service stand-in"): Firebase Cloud Messaging
 * has no emulator, so in demo and test mode this server answers the part of its registrations API a
 * page uses to turn its Web Push subscription into a registration token:
 *
 * - `POST   /push-service/v1/projects/:projectId/registrations`         `{ web: { endpoint, auth, p256dh, applicationPubKey? } }` → `{ token }`
 * - `PATCH  /push-service/v1/projects/:projectId/registrations/:token`  same body → `{ token }` (the same token)
 * - `DELETE /push-service/v1/projects/:projectId/registrations/:token`  → `{}`
 *
 * The project must be one a merchant configured for push (merchants.json `push`) and the
 * `x-goog-api-key` header its api key (else 403 PERMISSION_DENIED). Errors have Google's shape,
 * `{ error: { code, message, status } }`. Answers carry CORS `*` (no credentials): merchant pages call
 * it across origins. It sends no push: it only hands out and keeps registrations (table
 * `push_registrations`), so the relay (server/push/relay.ts) and the dev page have real-looking tokens.
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Deps } from '../api/call.ts';
import { readBody } from '../infra/body.ts';
import { ApiError } from '../infra/errors.ts';
import { clock } from '../infra/limits.ts';
import { isVapidKey, type Merchant } from '../merchants/merchants.ts';
import { abbreviated } from './relay.ts';

export const PUSH_SERVICE_BASE = '/push-service/v1';
export const PUSH_SERVICE_BODY_LIMIT = 4 * 1024;

/** The stand-in's base URL on the server's public origin (infra/public-origin.ts), for info.sms.pushServiceUrl in demo mode. */
export const pushServiceUrlOf = (origin: string): string => origin + PUSH_SERVICE_BASE;

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};
const PREFLIGHT = {
  ...CORS,
  'Access-Control-Allow-Methods': 'POST, PATCH, DELETE',
  'Access-Control-Allow-Headers': 'content-type, x-goog-api-key, x-goog-firebase-installations-auth',
  'Access-Control-Max-Age': '600',
};

type GoogleStatus = 'INVALID_ARGUMENT' | 'PERMISSION_DENIED' | 'NOT_FOUND' | 'RESOURCE_EXHAUSTED';

class GoogleError extends Error {
  constructor(
    readonly code: ContentfulStatusCode,
    readonly status: GoogleStatus,
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

const invalid = (message: string) => new GoogleError(400, 'INVALID_ARGUMENT', message);

/** https:, or http: on the machine itself (a test's or the demo's push endpoint); at most 2048 characters. */
function isEndpoint(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2048) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
}

/** base64url (padding allowed) decoding to `bytes` bytes. */
function base64urlOf(value: unknown, bytes: number): Buffer | undefined {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]+={0,2}$/.test(value) || value.length > 200) return undefined;
  const raw = Buffer.from(value, 'base64url');
  return raw.length === bytes ? raw : undefined;
}

interface WebSubscription {
  endpoint: string;
  auth: string;
  p256dh: string;
}

function subscriptionOf(text: string, vapidKey: string): WebSubscription {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalid('Invalid JSON payload received.');
  }
  const web = (body as { web?: unknown } | null)?.web;
  if (typeof web !== 'object' || web === null || Array.isArray(web)) throw invalid('Missing "web".');
  const { endpoint, auth, p256dh, applicationPubKey } = web as Record<string, unknown>;
  if (!isEndpoint(endpoint)) throw invalid('Invalid value at "web.endpoint".');
  if (!base64urlOf(auth, 16)) throw invalid('Invalid value at "web.auth" (16 bytes, base64url).');
  const key = base64urlOf(p256dh, 65);
  if (!key || key[0] !== 4) throw invalid('Invalid value at "web.p256dh" (a P-256 point, base64url).');
  if (applicationPubKey !== undefined) {
    if (typeof applicationPubKey !== 'string' || !isVapidKey(applicationPubKey)) {
      throw invalid('Invalid value at "web.applicationPubKey".');
    }
    // A subscription made with another key could never receive this project's pushes.
    if (!Buffer.from(applicationPubKey, 'base64url').equals(Buffer.from(vapidKey, 'base64url'))) {
      throw invalid('"web.applicationPubKey" is not the project\'s VAPID key.');
    }
  }
  return { endpoint, auth: auth as string, p256dh: p256dh as string };
}

/** A new registration token shaped like FCM's: 22 characters, `:APA91b`, 134 more (163 in all, URL-safe). */
export function newRegistrationToken(): string {
  return `${randomBytes(16).toString('base64url')}:APA91b${randomBytes(100).toString('base64url')}`;
}

const at = (ms: number) => new Date(ms).toISOString();

export function pushServiceRoutes(deps: Deps): Hono {
  const app = new Hono();
  /** The merchant whose push project this is, when the api key is its own. */
  const projectOf = (c: Context): Merchant => {
    const projectId = c.req.param('projectId');
    const apiKey = c.req.header('x-goog-api-key');
    for (const merchant of deps.merchants.byCode.values()) {
      const push = merchant.push;
      if (push && push.projectId === projectId && apiKey !== undefined && push.apiKey === apiKey) return merchant;
    }
    throw new GoogleError(403, 'PERMISSION_DENIED', 'The caller does not have permission (unknown project or wrong api key).');
  };

  const limited = async (c: Context) => {
    try {
      await deps.limits.pushService.take(deps.clientIp(c), 'TOO_MANY_REQUEST_PUSH_SERVICE', 'Too many requests');
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const retryAfter = (err.value as { retryAfter?: number } | undefined)?.retryAfter;
      throw new GoogleError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded. Please try again later.', retryAfter);
    }
  };

  const bodyText = async (c: Context) => {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(await readBody(c.req.raw, PUSH_SERVICE_BODY_LIMIT));
    } catch (err) {
      if (err instanceof ApiError && err.status === 413) {
        throw new GoogleError(
          413,
          'INVALID_ARGUMENT',
          `Request payload size exceeds the limit: ${PUSH_SERVICE_BODY_LIMIT} bytes.`,
        );
      }
      throw invalid('Invalid JSON payload received.');
    }
  };

  const answer = (fn: (c: Context) => Promise<Response>) => async (c: Context) => {
    try {
      return await fn(c);
    } catch (err) {
      if (!(err instanceof GoogleError)) throw err;
      const extra: Record<string, string> = err.retryAfter === undefined ? {} : { 'Retry-After': String(err.retryAfter) };
      return c.json({ error: { code: err.code, message: err.message, status: err.status } }, err.code, { ...CORS, ...extra });
    }
  };

  const base = `${PUSH_SERVICE_BASE}/projects/:projectId/registrations`;
  app.options(`${PUSH_SERVICE_BASE}/*`, (c) => c.body(null, 204, PREFLIGHT));

  app.post(
    base,
    answer(async (c) => {
      await limited(c);
      const merchant = projectOf(c);
      const web = subscriptionOf(await bodyText(c), merchant.push!.vapidKey);
      const token = newRegistrationToken();
      const now = at(clock.now());
      await deps.db.query(
        `INSERT INTO push_registrations (token, project_id, endpoint, auth, p256dh, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6)`,
        [token, merchant.push!.projectId, web.endpoint, web.auth, web.p256dh, now],
      );
      return c.json({ token }, 200, CORS);
    }),
  );

  app.patch(
    `${base}/:token`,
    answer(async (c) => {
      await limited(c);
      const merchant = projectOf(c);
      const web = subscriptionOf(await bodyText(c), merchant.push!.vapidKey);
      const token = c.req.param('token');
      const { rows } = await deps.db.query(
        `UPDATE push_registrations SET endpoint = $3, auth = $4, p256dh = $5, updated_at = $6
          WHERE token = $1 AND project_id = $2 RETURNING 1`,
        [token, merchant.push!.projectId, web.endpoint, web.auth, web.p256dh, at(clock.now())],
      );
      if (!rows.length) throw new GoogleError(404, 'NOT_FOUND', 'Requested entity was not found.');
      return c.json({ token }, 200, CORS);
    }),
  );

  app.delete(
    `${base}/:token`,
    answer(async (c) => {
      await limited(c);
      const merchant = projectOf(c);
      const { rows } = await deps.db.query('DELETE FROM push_registrations WHERE token = $1 AND project_id = $2 RETURNING 1', [
        c.req.param('token'),
        merchant.push!.projectId,
      ]);
      if (!rows.length) throw new GoogleError(404, 'NOT_FOUND', 'Requested entity was not found.');
      return c.json({}, 200, CORS);
    }),
  );

  return app;
}

export interface RegistrationListing {
  projectId: string;
  token: string;
  endpoint: string;
  createdAt: number;
  updatedAt: number;
}

/** The stand-in's registrations for a project, newest first (at most 100): tokens abbreviated, endpoints as origins only. */
export async function registrationsOf(deps: Pick<Deps, 'db'>, projectId: string): Promise<RegistrationListing[]> {
  const { rows } = await deps.db.query<{
    project_id: string;
    token: string;
    endpoint: string;
    created_at: Date | string;
    updated_at: Date | string;
  }>(
    `SELECT project_id, token, endpoint, created_at, updated_at FROM push_registrations
      WHERE project_id = $1 ORDER BY created_at DESC, token LIMIT 100`,
    [projectId],
  );
  return rows.map((r) => ({
    projectId: r.project_id,
    token: abbreviated(r.token),
    endpoint: new URL(r.endpoint).origin,
    createdAt: new Date(r.created_at).getTime(),
    updatedAt: new Date(r.updated_at).getTime(),
  }));
}
