/**
 * The leaderboard (`mc_scores`): per merchant and UTC period (day; week from Monday; month), ranked by
 * score, then by who got there first (the earliest update). The top entries, names masked but the
 * member's own, and the member's place; prizes for the first places are the merchant's rules.
 */
import type { Leaderboard, LeaderboardEntry } from '../../src/contract/endpoints.ts';
import type { Db, Query } from '../db/db.ts';
import { clock } from '../infra/limits.ts';
import type { Merchant } from '../merchants/merchants.ts';
import { currencyOf, num, periodOf, rulesOf, type Period } from './common.ts';

export const PERIODS = ['day', 'week', 'month'] as const satisfies readonly Period[];
const TOP = 20;

/** Others see `pl***01`: the first two and last two characters of a long name, less of a short one. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length >= 6) return `${chars.slice(0, 2).join('')}***${chars.slice(-2).join('')}`;
  if (chars.length >= 4) return `${chars[0]}***${chars[chars.length - 1]}`;
  return `${chars[0] ?? ''}***`;
}

const memberPlayer = (memberId: number) => `m:${memberId}`;

interface RankedRow {
  player: string;
  name: string;
  score: string;
  rank: string | number;
}

export async function leaderboardOf(
  db: Db,
  merchant: Merchant,
  member: { id: number; username: string },
  period: Period,
): Promise<Leaderboard> {
  const { key, startsAt, endsAt } = periodOf(period, clock.now());
  const me = memberPlayer(member.id);
  const { rows } = await db.query<RankedRow>(
    `WITH ranked AS (
       SELECT player, name, score, row_number() OVER (ORDER BY score DESC, updated_at, player) AS rank
         FROM mc_scores WHERE merchant_code = $1 AND period = $2 AND period_key = $3)
     SELECT player, name, score, rank FROM ranked WHERE rank <= ${TOP} OR player = $4 ORDER BY rank`,
    [merchant.code, period, key, me],
  );
  const prizes = (await rulesOf(db.query, merchant.code)).prizes[period];
  const entries: LeaderboardEntry[] = [];
  let mine: RankedRow | undefined;
  for (const r of rows) {
    const rank = Number(r.rank);
    const own = r.player === me;
    if (own) mine = r;
    if (rank > TOP) continue;
    const prize = prizes[rank - 1];
    entries.push({
      rank,
      name: own ? member.username : maskName(r.name),
      score: num(r.score),
      ...(prize !== undefined && prize > 0 && { prize }),
      ...(own && { me: true }),
    });
  }
  return {
    period,
    currency: currencyOf(merchant),
    startsAt,
    endsAt,
    entries,
    me: mine ? { rank: Number(mine.rank), score: num(mine.score), name: member.username } : { score: 0, name: member.username },
  };
}

/** Sets a player's score in the current period (dev control and demo seed). */
export async function setScore(
  query: Query,
  merchantCode: string,
  period: Period,
  player: { memberId: number; name: string } | { name: string },
  score: number,
  at = clock.now(),
): Promise<void> {
  const { key } = periodOf(period, at);
  const memberId = 'memberId' in player ? player.memberId : null;
  await query(
    `INSERT INTO mc_scores (merchant_code, period, period_key, player, member_id, name, score, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (merchant_code, period, period_key, player) DO UPDATE SET name = EXCLUDED.name, score = EXCLUDED.score,
       updated_at = EXCLUDED.updated_at`,
    [
      merchantCode,
      period,
      key,
      memberId === null ? `x:${player.name}` : memberPlayer(memberId),
      memberId,
      player.name,
      score,
      new Date(at).toISOString(),
    ],
  );
}
