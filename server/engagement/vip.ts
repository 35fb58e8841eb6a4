/**
 * VIP labels (table `vip_labels`) and a member's place among them (`members.vip_label_id`,
 * `vip_completed`): the `clubLabel` of /wps/member/info and MCSFE_getPlayerRankProgress.
 */
import type { MemberInfo, RankProgress } from '../../src/contract/endpoints.ts';
import type { Db } from '../db/db.ts';

export const LABEL_TYPES = ['AUTO', 'MANUAL'] as const;

export interface VipLabel {
  id: number;
  name: string;
  type: (typeof LABEL_TYPES)[number];
  rankLevel: number;
  expectedConditions: number;
}

interface LabelRow {
  id: number;
  name: string;
  type: VipLabel['type'];
  rank_level: number;
  expected_conditions: number;
}

const label = (r: LabelRow): VipLabel => ({
  id: r.id,
  name: r.name,
  type: r.type,
  rankLevel: r.rank_level,
  expectedConditions: r.expected_conditions,
});

/** The merchant's labels, lowest rank first. */
export async function vipLabels(db: Db, merchantCode: string): Promise<VipLabel[]> {
  const { rows } = await db.query<LabelRow>(
    'SELECT id, name, type, rank_level, expected_conditions FROM vip_labels WHERE merchant_code = $1 ORDER BY rank_level, name',
    [merchantCode],
  );
  return rows.map(label);
}

/** The member's label and progress. */
async function standing(db: Db, memberId: number): Promise<{ label?: VipLabel; completed: number; merchantCode: string }> {
  const { rows } = await db.query<Partial<LabelRow> & { vip_completed: number; merchant_code: string }>(
    `SELECT l.id, l.name, l.type, l.rank_level, l.expected_conditions, m.vip_completed, m.merchant_code
       FROM members m LEFT JOIN vip_labels l ON l.id = m.vip_label_id WHERE m.id = $1`,
    [memberId],
  );
  const row = rows[0];
  if (!row) return { completed: 0, merchantCode: '' };
  return {
    label: row.id === undefined || row.id === null ? undefined : label(row as LabelRow),
    completed: row.vip_completed,
    merchantCode: row.merchant_code,
  };
}

/** `clubLabel` of the member info: the label's name, type and rank, or null without one. */
export async function clubLabelOf(db: Db, memberId: number): Promise<MemberInfo['clubLabel']> {
  const { label: l } = await standing(db, memberId);
  return l ? { labelName: l.name, type: l.type, rankLevel: l.rankLevel } : null;
}

/**
 * Progress towards the next level: the conditions done, and those the next AUTO label (the lowest
 * rank above the member's) expects; at the top (or with a MANUAL label above every AUTO one) the
 * member's own label's. Without a label: towards the lowest AUTO label, `labelId` null.
 */
export async function rankProgressOf(db: Db, memberId: number): Promise<RankProgress> {
  const { label: l, completed, merchantCode } = await standing(db, memberId);
  const { rows } = await db.query<{ expected_conditions: number }>(
    `SELECT expected_conditions FROM vip_labels
      WHERE merchant_code = $1 AND type = 'AUTO' AND ($2::int IS NULL OR rank_level > $2) ORDER BY rank_level LIMIT 1`,
    [merchantCode, l?.rankLevel ?? null],
  );
  const expected = rows[0]?.expected_conditions ?? l?.expectedConditions ?? 0;
  return { completedConditions: completed, totalExpectedConditions: expected, labelId: l?.id ?? null };
}

/** Puts the member at a label (or none) with this many conditions done (dev control). */
export async function setVip(db: Db, memberId: number, labelId: number | null, completed: number): Promise<void> {
  await db.query('UPDATE members SET vip_label_id = $2, vip_completed = $3 WHERE id = $1', [memberId, labelId, completed]);
}
