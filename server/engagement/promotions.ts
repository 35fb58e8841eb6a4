/**
 * Promotions (table `promotions`): the live ones of a merchant for MCSFE_getPromotionList, and what
 * MCSFE_getMerchantAvailablePromotions says per type. Live means enabled and within its time window
 * on the server's clock (infra/limits.ts), so a test can move past an end time. A promotion's texts
 * are answered in the request's language when its `texts` has that language, else as its row holds
 * them (docs/api.md, "Language of the content").
 */
import type { AvailablePromotions, Promotion, PromotionType } from '../../src/contract/endpoints.ts';
import { PROMOTION_TYPES } from '../../src/contract/promotionTypes.ts';
import type { Db } from '../db/db.ts';
import { ApiError } from '../infra/errors.ts';
import { clock } from '../infra/limits.ts';

interface PromotionRow {
  id: string;
  type: string;
  title: string;
  summary: string;
  content: string;
  image_url: string | null;
  start_time: Date | string;
  end_time: Date | string | null;
}

/** A promotion id (the contract's promotionListQuery allows the same). */
export const PROMOTION_ID = /^[A-Za-z0-9_-]{1,64}$/;

const LIVE = `enabled AND start_time <= $2::timestamptz AND (end_time IS NULL OR end_time > $2::timestamptz)`;
const nowParam = () => new Date(clock.now()).toISOString();
const ms = (t: Date | string | null) => (t === null ? null : new Date(t).getTime());

export const isPromotionType = (s: string): s is PromotionType => (PROMOTION_TYPES as readonly string[]).includes(s);

/** A text column in `language` when the row's `texts` has it, else the column itself (`$n` is the language). */
export const inLanguage = (column: string, n: number) => `COALESCE(texts -> $${n}::text ->> '${column}', ${column}) AS ${column}`;

/**
 * The merchant's live promotions (sort, then the newest start first), their texts in `language`
 * (a language code, or undefined: as the rows hold them); with `id` that one, else 404.
 */
export async function livePromotions(db: Db, merchantCode: string, language?: string, id?: string): Promise<Promotion[]> {
  const { rows } = await db.query<PromotionRow>(
    `SELECT id, type, ${inLanguage('title', 4)}, ${inLanguage('summary', 4)}, ${inLanguage('content', 4)},
            image_url, start_time, end_time FROM promotions
      WHERE merchant_code = $1 AND ${LIVE} AND ($3::text IS NULL OR id = $3)
      ORDER BY sort, start_time DESC, id`,
    [merchantCode, nowParam(), id ?? null, language ?? null],
  );
  // A disabled, ended or not yet started one is as absent as an unknown id.
  if (id !== undefined && rows.length === 0) throw new ApiError('promotion.not.found', 'No such promotion');
  return rows.flatMap((r) =>
    // A type the contract does not know (written by hand into the table) is not offered.
    isPromotionType(r.type)
      ? [
          {
            id: r.id,
            type: r.type,
            title: r.title,
            summary: r.summary,
            content: r.content,
            imageUrl: r.image_url,
            startTime: ms(r.start_time),
            endTime: ms(r.end_time),
          },
        ]
      : [],
  );
}

/**
 * Per type the merchant has any promotion of: `{ enabled: true, count }` with the number of live
 * ones, or `{ enabled: false, count: 0 }` when none is live (all disabled, ended or not started).
 */
export async function availablePromotions(db: Db, merchantCode: string): Promise<AvailablePromotions> {
  const { rows } = await db.query<{ type: string; live: string | number }>(
    `SELECT type, count(*) FILTER (WHERE ${LIVE}) AS live FROM promotions WHERE merchant_code = $1 GROUP BY type ORDER BY type`,
    [merchantCode, nowParam()],
  );
  const out: AvailablePromotions = {};
  for (const { type, live } of rows) {
    const count = Number(live);
    out[type] = { enabled: count > 0, count };
  }
  return out;
}

/** Enables or disables every promotion of a type (dev control); answers how many there are. */
export async function setPromotionsEnabled(db: Db, merchantCode: string, type: PromotionType, enabled: boolean) {
  const { rowCount } = await db.query('UPDATE promotions SET enabled = $3 WHERE merchant_code = $1 AND type = $2', [
    merchantCode,
    type,
    enabled,
  ]);
  return rowCount;
}

export interface PromotionSummary {
  type: string;
  /** Some promotion of the type is enabled. */
  enabled: boolean;
  /** Enabled and live now. */
  live: number;
  total: number;
}

/** Per type: enabled or not, how many are live, how many there are (the /dev/ page). */
export async function promotionSummary(db: Db, merchantCode: string): Promise<PromotionSummary[]> {
  const { rows } = await db.query<{ type: string; enabled: boolean; live: string | number; total: string | number }>(
    `SELECT type, bool_or(enabled) AS enabled, count(*) FILTER (WHERE ${LIVE}) AS live, count(*) AS total
       FROM promotions WHERE merchant_code = $1 GROUP BY type ORDER BY type`,
    [merchantCode, nowParam()],
  );
  return rows.map((r) => ({ type: r.type, enabled: r.enabled, live: Number(r.live), total: Number(r.total) }));
}
