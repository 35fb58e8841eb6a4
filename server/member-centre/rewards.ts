/**
 * Rewards (table `mc_rewards`) and vouchers (`mc_vouchers`): the member's list, and the claim.
 *
 * A claim is one conditional UPDATE (available, this member's, not expired -> claimed) and the credit
 * of the balance, in one transaction. Two claims at once (on one instance or several on one
 * PostgreSQL) cannot both pass it: the second waits for the first's row lock, then finds the row
 * claimed and answers the same claim again with `credited: false`.
 */
import type { ClaimResult, ClaimState, Reward, Voucher, VoucherKind } from '../../src/contract/endpoints.ts';
import { PROMOTION_TYPES } from '../../src/contract/promotionTypes.ts';
import type { Db, Query } from '../db/db.ts';
import { ApiError } from '../infra/errors.ts';
import { clock } from '../infra/limits.ts';
import type { Merchant } from '../merchants/merchants.ts';
import { balanceOf, claimResult, credit, currencyOf, ms, newId, notFound, nowIso, num } from './common.ts';

/** The newest this many of each are listed. */
const LIST_MAX = 100;

/** Available past its expiry reads as expired (no job turns it). */
function stateOf(state: string, expiresAt: Date | string | null, now: number): ClaimState {
  if (state === 'claimed') return 'claimed';
  return expiresAt !== null && new Date(expiresAt).getTime() <= now ? 'expired' : 'available';
}

interface RewardRow {
  id: string;
  title: string;
  source: string;
  amount: string;
  state: string;
  expires_at: Date | string | null;
  claimed_at: Date | string | null;
}

const isSource = (s: string): s is Reward['source'] => s === 'MANUAL' || (PROMOTION_TYPES as readonly string[]).includes(s);

export async function rewardsOf(db: Db, memberId: number): Promise<Reward[]> {
  const { rows } = await db.query<RewardRow>(
    `SELECT id, title, source, amount, state, expires_at, claimed_at FROM mc_rewards
      WHERE member_id = $1 ORDER BY created_at DESC, id LIMIT ${LIST_MAX}`,
    [memberId],
  );
  const now = clock.now();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    source: isSource(r.source) ? r.source : 'MANUAL',
    amount: num(r.amount),
    state: stateOf(r.state, r.expires_at, now),
    ...(r.expires_at !== null && { expiresAt: ms(r.expires_at) }),
    ...(r.claimed_at !== null && { claimedAt: ms(r.claimed_at) }),
  }));
}

interface VoucherRow {
  id: string;
  code: string;
  title: string;
  kind: VoucherKind;
  value: string;
  min_deposit: string | null;
  state: string;
  expires_at: Date | string | null;
  claimed_at: Date | string | null;
}

export async function vouchersOf(db: Db, memberId: number): Promise<Voucher[]> {
  const { rows } = await db.query<VoucherRow>(
    `SELECT id, code, title, kind, value, min_deposit, state, expires_at, claimed_at FROM mc_vouchers
      WHERE member_id = $1 ORDER BY created_at DESC, id LIMIT ${LIST_MAX}`,
    [memberId],
  );
  const now = clock.now();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    title: r.title,
    kind: r.kind,
    value: num(r.value),
    ...(r.min_deposit !== null && { minDeposit: num(r.min_deposit) }),
    state: stateOf(r.state, r.expires_at, now),
    ...(r.expires_at !== null && { expiresAt: ms(r.expires_at) }),
    ...(r.claimed_at !== null && { claimedAt: ms(r.claimed_at) }),
  }));
}

/** How many of the member's are available now (not claimed, not expired). */
export async function availableCounts(query: Query, memberId: number): Promise<{ rewards: number; vouchers: number }> {
  const live = `member_id = $1 AND state = 'available' AND (expires_at IS NULL OR expires_at > $2)`;
  const { rows } = await query<{ rewards: string | number; vouchers: string | number }>(
    `SELECT (SELECT count(*) FROM mc_rewards WHERE ${live}) AS rewards, (SELECT count(*) FROM mc_vouchers WHERE ${live}) AS vouchers`,
    [memberId, nowIso()],
  );
  return { rewards: Number(rows[0]?.rewards ?? 0), vouchers: Number(rows[0]?.vouchers ?? 0) };
}

interface ClaimSpec {
  table: 'mc_rewards' | 'mc_vouchers';
  /** errorCode prefix: reward, voucher. */
  what: 'reward' | 'voucher';
  /** SQL of the money the claim credits. A voucher's bonus is money; free spins and a cashback rate are not. */
  credit: string;
}

const SPECS = {
  reward: { table: 'mc_rewards', what: 'reward', credit: 'amount' },
  voucher: { table: 'mc_vouchers', what: 'voucher', credit: `CASE WHEN kind = 'BONUS' THEN value ELSE 0 END` },
} satisfies Record<string, ClaimSpec>;

async function claim(db: Db, spec: ClaimSpec, merchant: Merchant, memberId: number, id: string): Promise<ClaimResult> {
  const currency = currencyOf(merchant);
  return db.transaction(async (query) => {
    const now = nowIso();
    const done = await query<{ credit: string; claimed_at: Date | string }>(
      `UPDATE ${spec.table} SET state = 'claimed', claimed_at = $3
        WHERE id = $1 AND member_id = $2 AND state = 'available' AND (expires_at IS NULL OR expires_at > $3)
        RETURNING ${spec.credit} AS credit, claimed_at`,
      [id, memberId, now],
    );
    const claimed = done.rows[0];
    if (claimed) {
      const amount = num(claimed.credit);
      const balance = amount > 0 ? await credit(query, memberId, amount) : await balanceOf(query, memberId);
      return claimResult(id, amount, claimed.claimed_at, true, { balance, currency });
    }
    // Not claimed now: claimed before (a repeat), expired, or not the member's at all.
    const { rows } = await query<{ state: string; credit: string; claimed_at: Date | string | null }>(
      `SELECT state, ${spec.credit} AS credit, claimed_at FROM ${spec.table} WHERE id = $1 AND member_id = $2`,
      [id, memberId],
    );
    const row = rows[0];
    if (!row) throw notFound(spec.what, `No such ${spec.what}`);
    if (row.state === 'claimed' && row.claimed_at !== null) {
      return claimResult(id, num(row.credit), row.claimed_at, false, { balance: await balanceOf(query, memberId), currency });
    }
    throw new ApiError(`${spec.what}.expired`, `This ${spec.what} has expired`);
  });
}

export const claimReward = (db: Db, merchant: Merchant, memberId: number, id: string) =>
  claim(db, SPECS.reward, merchant, memberId, id);
export const claimVoucher = (db: Db, merchant: Merchant, memberId: number, id: string) =>
  claim(db, SPECS.voucher, merchant, memberId, id);

// ---- dev controls ---------------------------------------------------------------------------------

export interface NewReward {
  title: string;
  amount: number;
  source?: Reward['source'];
  /** Epoch ms; none: never expires. */
  expiresAt?: number | null;
}

export async function grantReward(query: Query, memberId: number, r: NewReward, createdAt = clock.now()): Promise<string> {
  const id = newId();
  await query(
    `INSERT INTO mc_rewards (id, member_id, title, source, amount, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      id,
      memberId,
      r.title,
      r.source ?? 'MANUAL',
      r.amount,
      r.expiresAt == null ? null : new Date(r.expiresAt).toISOString(),
      new Date(createdAt).toISOString(),
    ],
  );
  return id;
}

export interface NewVoucher {
  title: string;
  kind: VoucherKind;
  value: number;
  minDeposit?: number | null;
  expiresAt?: number | null;
  /** Default: a code made from the id. */
  code?: string;
}

export async function grantVoucher(query: Query, memberId: number, v: NewVoucher, createdAt = clock.now()): Promise<string> {
  const id = newId();
  await query(
    `INSERT INTO mc_vouchers (id, member_id, code, title, kind, value, min_deposit, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      id,
      memberId,
      v.code ??
        id
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, '')
          .slice(0, 8),
      v.title,
      v.kind,
      v.value,
      v.minDeposit ?? null,
      v.expiresAt == null ? null : new Date(v.expiresAt).toISOString(),
      new Date(createdAt).toISOString(),
    ],
  );
  return id;
}
