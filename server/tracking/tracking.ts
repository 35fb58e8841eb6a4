/**
 * The tracking post (docs/api.md, "Tracking"): `POST /wps/tracking/events` with a TrackingBody
 * (src/core/tracking/wire.ts), sent by navigator.sendBeacon from the player's page, so it is read as
 * JSON whatever its Content-Type (a beacon says text/plain), needs no session (a beacon carries no
 * headers: an Authorization that is there anyway is not looked at) and answers any origin (no
 * credentials: server/app.ts sets the CORS headers).
 *
 * Checked strictly, all or nothing: a bad field refuses the whole batch (`400 request.invalid` naming
 * the field, never its value). Each event is stored once per merchant and id (table
 * `tracking_events`), so a beacon sent twice counts once. Payloads are never logged.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { ConversionEvent } from '../../src/core/tracking/track.ts';
import { ATTRIBUTION_KEYS, TRACKING_BATCH_MAX, TRACKING_BODY_LIMIT } from '../../src/core/tracking/wire.ts';
import type { Deps } from '../api/call.ts';
import type { Db } from '../db/db.ts';
import { parseJsonObject, readBody, validate } from '../infra/body.ts';
import { ApiError, fieldError } from '../infra/errors.ts';
import { clock } from '../infra/limits.ts';

/** Every ConversionEvent name (the check below fails to compile when track.ts gains one). */
export const CONVERSION_EVENTS = [
  'firstOpen',
  'registerSubmit',
  'register',
  'depositSubmit',
  'firstDeposit',
  'withdraw',
  'deposit',
  'redeposit',
  'firstDepositArrival',
  'startTrial',
  'login',
  'viewContent',
  'downloadApp',
  'gameLaunch',
  'a2hsInstalled',
] as const satisfies readonly ConversionEvent[];
type Missing = Exclude<ConversionEvent, (typeof CONVERSION_EVENTS)[number]>;
const allNamed: [Missing] extends [never] ? true : false = true;
void allNamed;

const noNul = v.check((s: string) => !s.includes('\u0000'), 'contains NUL');
const text = (max: number) => v.pipe(v.string(), noNul, v.maxLength(max));
const finite = v.pipe(v.number(), v.finite());

/** One WireEvent. Fields the contract does not name are dropped (never stored). */
const eventSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/)),
  name: v.picklist(CONVERSION_EVENTS),
  time: v.pipe(finite, v.minValue(0), v.maxValue(8.64e15)),
  /** The page's path (no scheme, host or query). */
  page: v.pipe(text(512), v.regex(/^\/[^?#\s]*$/)),
  customerName: v.optional(text(256)),
  customerId: v.optional(text(256)),
  currency: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{1,3}$/))),
  revenue: v.optional(finite),
  amount: v.optional(finite),
  value: v.optional(finite),
});
const eventsSchema = v.pipe(v.array(eventSchema), v.minLength(1), v.maxLength(TRACKING_BATCH_MAX));

const attributionField = v.optional(text(256));
/** Attribution: its known string fields, each at most 256 characters; others are dropped. */
const attributionSchema = v.object(
  Object.fromEntries(ATTRIBUTION_KEYS.map((k) => [k, attributionField])) as Record<
    (typeof ATTRIBUTION_KEYS)[number],
    typeof attributionField
  >,
);

const bodySchema = v.object({
  merchant: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  events: v.string(),
  attribution: v.optional(attributionSchema),
});

export type StoredEvent = v.InferOutput<typeof eventSchema>;

/** The events of a body: `request.malformed` when `events` is not JSON, `request.invalid` for a bad event. */
function eventsOf(json: string): StoredEvent[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new ApiError(400, 'request.malformed', 'events is not JSON');
  }
  if (!Array.isArray(parsed)) throw fieldError('events', false);
  const result = v.safeParse(eventsSchema, parsed);
  if (result.success) return result.output;
  const path = v.getDotPath(result.issues[0]);
  throw fieldError(path ? `events.${path}` : 'events', false);
}

/** `POST /wps/tracking/events`: `{ stored }`, the number of events not stored before. */
export async function postTracking(c: Context, deps: Deps): Promise<{ stored: number }> {
  const ip = deps.clientIp(c);
  try {
    await deps.limits.tracking.take(ip, 'TOO_MANY_REQUEST_TRACKING', 'Too many tracking posts. Please try again later.');
  } catch (err) {
    if (err instanceof ApiError) throw new ApiError(429, err.errorCode, err.message, err.value);
    throw err;
  }
  const body = validate(bodySchema, parseJsonObject(await readBody(c.req.raw, TRACKING_BODY_LIMIT)));
  const merchant = deps.merchants.byCode.get(body.merchant);
  if (!merchant) throw new ApiError(400, 'merchant.unknown', 'Unknown merchant');
  const events = eventsOf(body.events);
  const attribution = body.attribution && Object.keys(body.attribution).length ? JSON.stringify(body.attribution) : null;
  const received = new Date(clock.now()).toISOString();

  const seen = new Set<string>();
  const params: unknown[] = [];
  const rows: string[] = [];
  for (const e of events) {
    const id = e.id.toLowerCase();
    if (seen.has(id)) continue; // the same id twice in one batch: once
    seen.add(id);
    const { id: _id, name, time, page, ...payload } = e;
    const n = params.length;
    params.push(merchant.code, id, name, Math.round(time), page, JSON.stringify(payload), attribution, received, ip);
    rows.push(
      `($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6}::jsonb, $${n + 7}::jsonb, $${n + 8}, $${n + 9})`,
    );
  }
  const { rows: inserted } = await deps.db.query(
    `INSERT INTO tracking_events (merchant_code, event_id, name, event_time, page, payload, attribution, received_at, client_ip)
     VALUES ${rows.join(', ')} ON CONFLICT (merchant_code, event_id) DO NOTHING RETURNING 1`,
    params,
  );
  return { stored: inserted.length };
}

export interface TrackingListing {
  id: string;
  name: string;
  time: number;
  page: string;
  customerName: string | null;
  customerId: string | null;
  currency: string | null;
  revenue: number | null;
  amount: number | null;
  value: number | null;
  /** What the batch said of the player's attribution (docs/tracking.md), or null. */
  attribution: Record<string, string> | null;
  receivedAt: number;
}

/** The merchant's last 50 events received, newest first (the dev page). */
export async function trackingEventsOf(db: Db, merchantCode: string): Promise<TrackingListing[]> {
  const { rows } = await db.query<{
    event_id: string;
    name: string;
    event_time: string | number;
    page: string;
    payload: unknown;
    attribution: unknown;
    received_at: Date | string;
  }>(
    `SELECT event_id, name, event_time, page, payload, attribution, received_at FROM tracking_events
      WHERE merchant_code = $1 ORDER BY id DESC LIMIT 50`,
    [merchantCode],
  );
  return rows.map((r) => {
    const p = (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>;
    const str = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : null);
    const num = (k: string) => (typeof p[k] === 'number' ? (p[k] as number) : null);
    return {
      id: r.event_id,
      name: r.name,
      time: Number(r.event_time),
      page: r.page,
      customerName: str('customerName'),
      customerId: str('customerId'),
      currency: str('currency'),
      revenue: num('revenue'),
      amount: num('amount'),
      value: num('value'),
      attribution: (typeof r.attribution === 'string' ? JSON.parse(r.attribution) : r.attribution) as Record<
        string,
        string
      > | null,
      receivedAt: new Date(r.received_at).getTime(),
    };
  });
}
