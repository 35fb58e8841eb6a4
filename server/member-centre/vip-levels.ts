/**
 * The VIP levels page: the merchant's VIP labels (engagement/vip.ts), lowest rank first, each with its
 * benefits (`mc_vip_benefits`, a JSON array of `{ kind, value }` per label). A benefit of a kind the
 * contract does not know, or without a number, is left out.
 */
import type { VipBenefitKind, VipLevel } from '../../src/contract/endpoints.ts';
import type { Db, Query } from '../db/db.ts';
import { num } from './common.ts';

export const BENEFIT_KINDS = [
  'UPGRADE_BONUS',
  'BIRTHDAY_BONUS',
  'WEEKLY_CASHBACK',
  'DAILY_WITHDRAWALS',
  'WITHDRAWAL_LIMIT',
  'PRIORITY_SUPPORT',
] as const satisfies readonly VipBenefitKind[];

const isKind = (k: unknown): k is VipBenefitKind => (BENEFIT_KINDS as readonly unknown[]).includes(k);

function benefitsOf(value: unknown): VipLevel['benefits'] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((b: { kind?: unknown; value?: unknown } | null) =>
    b && isKind(b.kind) && Number.isFinite(Number(b.value)) ? [{ kind: b.kind, value: num(b.value) }] : [],
  );
}

export async function vipLevelsOf(db: Db, merchantCode: string): Promise<VipLevel[]> {
  const { rows } = await db.query<{
    id: number;
    name: string;
    type: VipLevel['type'];
    rank_level: number;
    expected_conditions: number;
    benefits: unknown;
  }>(
    `SELECT l.id, l.name, l.type, l.rank_level, l.expected_conditions, b.benefits
       FROM vip_labels l LEFT JOIN mc_vip_benefits b ON b.label_id = l.id
      WHERE l.merchant_code = $1 ORDER BY l.rank_level, l.name`,
    [merchantCode],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    type: r.type,
    rankLevel: r.rank_level,
    expectedConditions: r.expected_conditions,
    benefits: benefitsOf(r.benefits),
  }));
}

/** Sets a label's benefits (the demo seed). */
export async function setVipBenefits(query: Query, labelId: number, benefits: VipLevel['benefits']): Promise<void> {
  await query(
    `INSERT INTO mc_vip_benefits (label_id, benefits) VALUES ($1, $2::jsonb)
     ON CONFLICT (label_id) DO UPDATE SET benefits = EXCLUDED.benefits`,
    [labelId, JSON.stringify(benefits)],
  );
}
