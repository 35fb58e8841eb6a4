/**
 * Field data from real visits (docs/field-data.md): the post /m sends when a page is hidden
 * (src/contract/fieldData.ts), kept bounded, and the summary the operator reads on /dev/.
 *
 * Anybody can post, so what is stored is bounded:
 * - a post is at most FIELD_DATA_BODY_LIMIT bytes (413 request.too.large) with at most
 *   FIELD_DATA_VITALS_MAX vitals and FIELD_DATA_ERRORS_MAX errors, checked strictly, all or nothing
 *   (400 request.invalid naming the field): a bad post stores nothing and touches nothing stored;
 * - at most POSTS_PER_CLIENT_MINUTE posts from one address in a minute (429 TOO_MANY_REQUEST_FIELD_DATA
 *   with Retry-After); a page posts once per hide;
 * - rows older than RETENTION_MS (30 days) are deleted.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import {
  APP_MODES,
  ERROR_MESSAGE_MAX,
  ERROR_STACK_MAX,
  FIELD_DATA_BODY_LIMIT,
  FIELD_DATA_ERRORS_MAX,
  FIELD_DATA_VITALS_MAX,
  ROUTE_MAX,
  TARGET_MAX,
  VITAL_NAMES,
  VITAL_THRESHOLDS,
  type VitalName,
} from '../../src/contract/fieldData.ts';
import type { Deps } from '../api/call.ts';
import type { Db } from '../db/db.ts';
import { parseJsonObject, readBody, validate } from '../infra/body.ts';
import { ApiError } from '../infra/errors.ts';
import { clock, MINUTE, WindowCounter } from '../infra/limits.ts';

export const POSTS_PER_CLIENT_MINUTE = 30;
export const RETENTION_MS = 30 * 24 * 60 * MINUTE;
/** Old rows are deleted at most this often per database, by a post or the summary. */
const SWEEP_EVERY_MS = 60 * MINUTE;
const lastSweep = new WeakMap<Db, number>();
/** One counter per database (an app), in limit_events like the others (infra/limits.ts). */
const counters = new WeakMap<Db, WindowCounter>();

const iso = (ms: number) => new Date(ms).toISOString();

async function sweep(db: Db): Promise<void> {
  const now = clock.now();
  const last = lastSweep.get(db);
  if (last !== undefined && now - last < SWEEP_EVERY_MS && now >= last) return;
  lastSweep.set(db, now);
  const before = iso(now - RETENTION_MS);
  await db.query('DELETE FROM field_vitals WHERE received_at <= $1', [before]);
  await db.query('DELETE FROM field_errors WHERE received_at <= $1', [before]);
}

const noNul = v.check((s: string) => !s.includes('\u0000'), 'contains NUL');
const text = (max: number) => v.pipe(v.string(), noNul, v.maxLength(max));
/** A path pattern, never a URL: no scheme, host, query or fragment. */
const route = v.pipe(text(ROUTE_MAX), v.regex(/^\/[^?#\s]*$/));

const vitalSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,64}$/)),
  name: v.picklist(VITAL_NAMES),
  // An hour at most (ms); CLS is unitless and small.
  value: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(3_600_000)),
  route,
  target: v.optional(text(TARGET_MAX)),
});
const errorSchema = v.object({
  route,
  kind: v.picklist(['error', 'rejection']),
  message: v.pipe(text(ERROR_MESSAGE_MAX), v.minLength(1)),
  stack: v.optional(text(ERROR_STACK_MAX)),
  count: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)),
});
const bodySchema = v.object({
  merchant: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  build: v.pipe(v.string(), v.regex(/^[A-Za-z0-9._+-]{1,40}$/)),
  mode: v.picklist(APP_MODES),
  connection: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,16}$/))),
  vitals: v.pipe(v.array(vitalSchema), v.maxLength(FIELD_DATA_VITALS_MAX)),
  errors: v.pipe(v.array(errorSchema), v.maxLength(FIELD_DATA_ERRORS_MAX)),
});

/** `POST /wps/field-data`: `{ vitals, errors }`, the rows stored (or replaced). */
export async function postFieldData(c: Context, deps: Deps): Promise<{ vitals: number; errors: number }> {
  const ip = deps.clientIp(c);
  let counter = counters.get(deps.db);
  if (!counter) counters.set(deps.db, (counter = new WindowCounter(deps.db, 'fieldData', POSTS_PER_CLIENT_MINUTE, MINUTE)));
  await counter.take(ip, 'TOO_MANY_REQUEST_FIELD_DATA', 'Too many field-data posts. Please try again later.');
  const body = validate(bodySchema, parseJsonObject(await readBody(c.req.raw, FIELD_DATA_BODY_LIMIT)));
  const merchant = deps.merchants.byCode.get(body.merchant);
  if (!merchant) throw new ApiError('merchant.unknown', 'Unknown merchant');
  const received = iso(clock.now());
  const connection = body.connection ?? null;
  await sweep(deps.db);
  await deps.db.transaction(async (query) => {
    for (const m of body.vitals) {
      await query(
        `INSERT INTO field_vitals (merchant_code, metric_id, name, value, route, target, build, mode, connection, received_at, client_ip)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (merchant_code, metric_id) DO UPDATE SET value = EXCLUDED.value, route = EXCLUDED.route,
           target = EXCLUDED.target, received_at = EXCLUDED.received_at`,
        [merchant.code, m.id, m.name, m.value, m.route, m.target ?? null, body.build, body.mode, connection, received, ip],
      );
    }
    for (const e of body.errors) {
      await query(
        `INSERT INTO field_errors (merchant_code, route, kind, message, stack, count, build, mode, received_at, client_ip)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [merchant.code, e.route, e.kind, e.message, e.stack ?? '', e.count, body.build, body.mode, received, ip],
      );
    }
  });
  return { vitals: body.vitals.length, errors: body.errors.length };
}

export interface VitalSummary {
  route: string;
  name: VitalName;
  count: number;
  p75: number;
  /** Shares of good, needs improvement and poor (0..1, summing to 1). */
  good: number;
  needsImprovement: number;
  poor: number;
  /** The most frequent LCP element or slow interaction target, when attribution gave one. */
  target: string | null;
}

export interface ErrorSummary {
  kind: string;
  message: string;
  stack: string;
  count: number;
  routes: string[];
  lastSeen: number;
}

/**
 * The merchant's vitals per route and metric over the retention: count, p75 (nearest rank, an
 * observed value: percentile_disc) and the shares by the Core Web Vitals thresholds (at or under
 * `good` is good, over `poor` is poor); and the top errors (by count).
 */
export async function summarise(db: Db, merchantCode: string): Promise<{ vitals: VitalSummary[]; errors: ErrorSummary[] }> {
  await sweep(db);
  const since = iso(clock.now() - RETENTION_MS);
  const thresholds = VITAL_NAMES.map((n, i) => `($${3 + i * 3}::text, $${4 + i * 3}::float8, $${5 + i * 3}::float8)`).join(', ');
  const params: unknown[] = [
    merchantCode,
    since,
    ...VITAL_NAMES.flatMap((n) => [n, VITAL_THRESHOLDS[n].good, VITAL_THRESHOLDS[n].poor]),
  ];
  const { rows } = await db.query<{
    route: string;
    name: VitalName;
    n: string | number;
    p75: number;
    good: string | number;
    poor: string | number;
    target: string | null;
  }>(
    `WITH t(name, good, poor) AS (VALUES ${thresholds})
     SELECT v.route, v.name, count(*) AS n,
            percentile_disc(0.75) WITHIN GROUP (ORDER BY v.value) AS p75,
            count(*) FILTER (WHERE v.value <= t.good) AS good,
            count(*) FILTER (WHERE v.value > t.poor) AS poor,
            mode() WITHIN GROUP (ORDER BY v.target) AS target
       FROM field_vitals v JOIN t ON t.name = v.name
      WHERE v.merchant_code = $1 AND v.received_at > $2
      GROUP BY v.route, v.name
      ORDER BY v.route, v.name`,
    params,
  );
  const vitals = rows.map((r) => {
    const count = Number(r.n);
    const good = Number(r.good) / count;
    const poor = Number(r.poor) / count;
    return {
      route: r.route,
      name: r.name,
      count,
      p75: Number(r.p75),
      good,
      needsImprovement: Math.max(0, 1 - good - poor),
      poor,
      target: r.target,
    };
  });
  const errorRows = await db.query<{
    kind: string;
    message: string;
    stack: string;
    n: string | number;
    routes: string[];
    last_seen: Date | string;
  }>(
    `SELECT kind, message, stack, sum(count) AS n, array_agg(DISTINCT route) AS routes, max(received_at) AS last_seen
       FROM field_errors WHERE merchant_code = $1 AND received_at > $2
      GROUP BY kind, message, stack ORDER BY n DESC, last_seen DESC LIMIT 10`,
    [merchantCode, since],
  );
  const errors = errorRows.rows.map((r) => ({
    kind: r.kind,
    message: r.message,
    stack: r.stack,
    count: Number(r.n),
    routes: [...r.routes].sort(),
    lastSeen: new Date(r.last_seen).getTime(),
  }));
  return { vitals, errors };
}
