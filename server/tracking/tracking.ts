/**
 * The tracking post (docs/api.md, "Tracking"): `POST /wps/tracking/events` with a TrackingBody
 * (src/contract/tracking/wire.ts), sent by navigator.sendBeacon from the player's page, so it is read as
 * JSON whatever its Content-Type (a beacon says text/plain), needs no session and answers any origin
 * (no credentials: server/app.ts sets the CORS headers).
 *
 * Checked strictly, all or nothing: a bad field refuses the whole batch (`400 request.invalid` naming
 * the field, never its value). Each event is stored once per merchant and id (table
 * `tracking_events`), so a beacon sent twice counts once. Payloads are never logged.
 *
 * Anybody can post, so what is stored is bounded and labelled (docs/tracking.md, "What the server
 * believes"):
 * - at most EVENTS_PER_CLIENT_MINUTE events stored from one client in a minute, the client being its
 *   address (what it cannot choose: not its merchant code, session or event ids); a post over it is
 *   refused whole, `429 TOO_MANY_REQUEST_TRACKING`;
 * - rows older than the attribution window (RETENTION_MS, 90 days) are deleted;
 * - an event is `verified` only when its customerId is the member of the post's session (its
 *   `Authorization`, which the page sends on its own origin); any other is kept, unverified.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { ConversionEvent } from '../../src/contract/tracking/events.ts';
import {
  ATTRIBUTION_KEYS,
  ATTRIBUTION_MAX_AGE_S,
  TRACKING_BATCH_MAX,
  TRACKING_BODY_LIMIT,
} from '../../src/contract/tracking/wire.ts';
import type { Deps } from '../api/call.ts';
import type { Db } from '../db/db.ts';
import { optionalSession } from '../db/sessions.ts';
import { parseJsonObject, readBody, validate } from '../infra/body.ts';
import { ApiError, fieldError } from '../infra/errors.ts';
import { clock, MINUTE } from '../infra/limits.ts';

/** Events stored from one client (its address) in a minute, whatever it posts: ten full batches. */
export const EVENTS_PER_CLIENT_MINUTE = 200;
/** Events are kept for the attribution window (docs/product.md §9: 90 days), no longer. */
export const RETENTION_MS = ATTRIBUTION_MAX_AGE_S * 1000;
/** Old rows are deleted at most this often per database, by a post or the dev listing. */
const SWEEP_EVERY_MS = 60 * MINUTE;
const lastSweep = new WeakMap<Db, number>();

const iso = (ms: number) => new Date(ms).toISOString();

/** Deletes the rows past the retention (at most once an hour per database in this process). */
async function sweep(db: Db): Promise<void> {
  const now = clock.now();
  const last = lastSweep.get(db);
  if (last !== undefined && now - last < SWEEP_EVERY_MS && now >= last) return;
  lastSweep.set(db, now);
  await db.query('DELETE FROM tracking_events WHERE received_at <= $1', [iso(now - RETENTION_MS)]);
}

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
    throw new ApiError('request.malformed', 'events is not JSON');
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
  await deps.limits.tracking.take(ip, 'TOO_MANY_REQUEST_TRACKING', 'Too many tracking posts. Please try again later.');
  const body = validate(bodySchema, parseJsonObject(await readBody(c.req.raw, TRACKING_BODY_LIMIT)));
  const merchant = deps.merchants.byCode.get(body.merchant);
  if (!merchant) throw new ApiError('merchant.unknown', 'Unknown merchant');
  const events = eventsOf(body.events);
  const attribution = body.attribution && Object.keys(body.attribution).length ? JSON.stringify(body.attribution) : null;
  const now = clock.now();
  const received = iso(now);
  // Who sent it: a customerId is the sender's only when it is the member of the post's session.
  const sender = await optionalSession(deps.db, c.req.header('Authorization'), merchant.code);
  const senderId = sender ? String(sender.member.id) : undefined;

  const seen = new Set<string>();
  const params: unknown[] = [];
  const rows: string[] = [];
  for (const e of events) {
    const id = e.id.toLowerCase();
    if (seen.has(id)) continue; // the same id twice in one batch: once
    seen.add(id);
    const { id: _id, name, time, page, ...payload } = e;
    const verified = senderId !== undefined && e.customerId === senderId;
    const n = params.length;
    params.push(merchant.code, id, name, Math.round(time), page, JSON.stringify(payload), attribution, received, ip, verified);
    rows.push(
      `($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6}::jsonb, $${n + 7}::jsonb, $${n + 8}, $${n + 9}, $${n + 10})`,
    );
  }
  await sweep(deps.db);
  const inserted = await deps.db.transaction(async (query) => {
    // One post per address at a time, on every instance: concurrent posts cannot all pass the count.
    await query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`tracking_events\n${ip}`]);
    const { rows: lastMinute } = await query<{ received_at: Date | string }>(
      `SELECT received_at FROM tracking_events WHERE client_ip = $1 AND received_at > $2
        ORDER BY received_at DESC LIMIT $3`,
      [ip, iso(now - MINUTE), EVENTS_PER_CLIENT_MINUTE],
    );
    const over = lastMinute.length + rows.length - EVENTS_PER_CLIENT_MINUTE;
    if (over > 0) {
      // Room comes back when the `over` oldest of the last minute's events leave the window.
      const leaves = new Date(lastMinute[lastMinute.length - over]!.received_at).getTime() + MINUTE;
      throw new ApiError('TOO_MANY_REQUEST_TRACKING', 'Too many tracking events. Please try again later.', {
        retryAfter: Math.max(1, Math.ceil((leaves - now) / 1000)),
      });
    }
    return (
      await query(
        `INSERT INTO tracking_events (merchant_code, event_id, name, event_time, page, payload, attribution, received_at, client_ip, verified)
         VALUES ${rows.join(', ')} ON CONFLICT (merchant_code, event_id) DO NOTHING RETURNING 1`,
        params,
      )
    ).rows;
  });
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
  /** Its customerId is the member of the session that posted it; false: anybody may have sent it. */
  verified: boolean;
}

/** The merchant's last 50 events received within the retention, newest first (the dev page). */
export async function trackingEventsOf(db: Db, merchantCode: string): Promise<TrackingListing[]> {
  await sweep(db);
  const { rows } = await db.query<{
    event_id: string;
    name: string;
    event_time: string | number;
    page: string;
    payload: unknown;
    attribution: unknown;
    received_at: Date | string;
    verified: boolean;
  }>(
    `SELECT event_id, name, event_time, page, payload, attribution, received_at, verified FROM tracking_events
      WHERE merchant_code = $1 AND received_at > $2 ORDER BY id DESC LIMIT 50`,
    [merchantCode, iso(clock.now() - RETENTION_MS)],
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
      verified: r.verified === true,
    };
  });
}
