/**
 * Rescue: relief on yesterday's net loss. The period is yesterday's local date in the member's zone
 * (the sign-in's pinned one, else UTC); the loss is `mc_losses`' row of that date; the rule is the
 * merchant's (minimum loss, percent, cap). Claimable until the end of the member's local today, once:
 * the claim is an INSERT into `mc_rescue_claims` (primary key member + period) that does nothing when
 * the period was claimed already, with the credit in the same transaction.
 */
import type { ClaimResult, RescueState } from '../../src/contract/endpoints.ts';
import type { Db, Query } from '../db/db.ts';
import { ApiError, fieldError } from '../infra/errors.ts';
import { clock } from '../infra/limits.ts';
import type { Merchant } from '../merchants/merchants.ts';
import {
  addDays,
  balanceOf,
  claimResult,
  credit,
  currencyOf,
  isDate,
  localDate,
  memberZone,
  nowIso,
  num,
  round2,
  rulesOf,
  startOfLocalDate,
  type Rules,
} from './common.ts';

/** The relief of a loss: min(cap, loss x rate / 100) from the minimum loss on, else 0. */
export function reliefOf(loss: number, rule: Rules['rescue']): number {
  if (loss <= 0 || loss < rule.minLoss) return 0;
  return round2(Math.min(rule.cap, (loss * rule.rate) / 100));
}

async function lossOf(query: Query, memberId: number, date: string): Promise<number> {
  const { rows } = await query<{ loss: string }>('SELECT loss FROM mc_losses WHERE member_id = $1 AND local_date = $2', [
    memberId,
    date,
  ]);
  return num(rows[0]?.loss);
}

async function claimOf(query: Query, memberId: number, period: string) {
  const { rows } = await query<{ amount: string; claimed_at: Date | string }>(
    'SELECT amount, claimed_at FROM mc_rescue_claims WHERE member_id = $1 AND period = $2',
    [memberId, period],
  );
  return rows[0];
}

/** The member's local today and yesterday (the period), and when today ends (epoch ms). */
async function window(query: Query, memberId: number) {
  const { zone } = await memberZone(query, memberId);
  const today = localDate(clock.now(), zone);
  return { today, period: addDays(today, -1), claimableUntil: startOfLocalDate(addDays(today, 1), zone) };
}

export async function rescueOf(query: Query, merchant: Merchant, memberId: number): Promise<RescueState> {
  const { period, claimableUntil } = await window(query, memberId);
  const rule = (await rulesOf(query, merchant.code)).rescue;
  const loss = await lossOf(query, memberId, period);
  const claimed = await claimOf(query, memberId, period);
  const amount = claimed ? num(claimed.amount) : reliefOf(loss, rule);
  return {
    currency: currencyOf(merchant),
    period,
    loss,
    ...rule,
    amount,
    state: claimed ? 'claimed' : amount > 0 ? 'available' : 'ineligible',
    claimableUntil,
  };
}

export async function claimRescue(db: Db, merchant: Merchant, memberId: number, period: string): Promise<ClaimResult> {
  if (!isDate(period)) throw fieldError('period', false);
  const currency = currencyOf(merchant);
  return db.transaction(async (query) => {
    const before = await claimOf(query, memberId, period);
    if (before) {
      return claimResult(period, num(before.amount), before.claimed_at, false, {
        balance: await balanceOf(query, memberId),
        currency,
      });
    }
    const current = await window(query, memberId);
    if (period < current.period) throw new ApiError('rescue.expired', 'The claim window for this day has passed');
    const amount =
      period === current.period
        ? reliefOf(await lossOf(query, memberId, period), (await rulesOf(query, merchant.code)).rescue)
        : 0;
    if (amount <= 0) throw new ApiError('rescue.not.eligible', 'There is no rescue amount for this day');
    const { rows } = await query<{ claimed_at: Date | string }>(
      `INSERT INTO mc_rescue_claims (member_id, period, amount, claimed_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (member_id, period) DO NOTHING RETURNING claimed_at`,
      [memberId, period, amount, nowIso()],
    );
    if (rows[0])
      return claimResult(period, amount, rows[0].claimed_at, true, { balance: await credit(query, memberId, amount), currency });
    // A concurrent claim of the same period committed first: answer it.
    const after = (await claimOf(query, memberId, period))!;
    return claimResult(period, num(after.amount), after.claimed_at, false, {
      balance: await balanceOf(query, memberId),
      currency,
    });
  });
}

/** Sets the member's loss of their local yesterday (dev control); answers that date. */
export async function setYesterdayLoss(db: Db, memberId: number, loss: number): Promise<string> {
  const { period } = await window(db.query, memberId);
  await db.query(
    `INSERT INTO mc_losses (member_id, local_date, loss) VALUES ($1, $2, $3)
     ON CONFLICT (member_id, local_date) DO UPDATE SET loss = EXCLUDED.loss`,
    [memberId, period, loss],
  );
  return period;
}
