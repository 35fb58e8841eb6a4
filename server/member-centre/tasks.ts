/**
 * Novice tasks: the merchant's definitions (`mc_tasks`) and each member's progress and claim
 * (`mc_task_progress`). A task is open until progress reaches its goal, then claimable, then claimed;
 * the claim is one conditional UPDATE (done and not claimed yet) with the credit, in one transaction,
 * so it pays once however many claims arrive together.
 */
import type { ClaimResult, NoviceTask, TaskKind } from '../../src/contract/endpoints.ts';
import type { Db, Query } from '../db/db.ts';
import { ApiError } from '../infra/errors.ts';
import type { Merchant } from '../merchants/merchants.ts';
import { balanceOf, claimResult, credit, currencyOf, notFound, nowIso, num } from './common.ts';

export const TASK_KINDS = ['PROFILE', 'SIGN_IN', 'DEPOSIT', 'PLAY', 'INVITE'] as const satisfies readonly TaskKind[];

interface TaskRow {
  id: string;
  kind: TaskKind;
  goal: number;
  amount: string;
  link: string | null;
  progress: number | null;
  claimed_amount: string | null;
  claimed_at: Date | string | null;
}

async function taskRows(query: Query, merchantCode: string, memberId: number): Promise<TaskRow[]> {
  const { rows } = await query<TaskRow>(
    `SELECT t.id, t.kind, t.goal, t.amount, t.link, p.progress, p.claimed_amount, p.claimed_at
       FROM mc_tasks t LEFT JOIN mc_task_progress p ON p.task_id = t.id AND p.member_id = $2
      WHERE t.merchant_code = $1 ORDER BY t.sort, t.id`,
    [merchantCode, memberId],
  );
  return rows;
}

function task(r: TaskRow): NoviceTask {
  const progress = Math.min(r.progress ?? 0, r.goal);
  const state = r.claimed_at !== null ? 'claimed' : progress >= r.goal ? 'claimable' : 'open';
  return {
    id: r.id,
    kind: r.kind,
    goal: r.goal,
    progress,
    // A claimed task shows what it paid (the definition may have changed since).
    amount: r.claimed_at !== null ? num(r.claimed_amount) : num(r.amount),
    state,
    ...(r.link !== null && { link: r.link }),
  };
}

export async function tasksOf(db: Db, merchantCode: string, memberId: number): Promise<NoviceTask[]> {
  return (await taskRows(db.query, merchantCode, memberId)).map(task);
}

export async function claimableTasks(query: Query, merchantCode: string, memberId: number): Promise<number> {
  return (await taskRows(query, merchantCode, memberId)).map(task).filter((t) => t.state === 'claimable').length;
}

/** Adds `by` to the member's progress on the merchant's tasks of a kind (in the caller's transaction). */
export async function advanceTasks(query: Query, merchantCode: string, memberId: number, kind: TaskKind, by = 1) {
  await query(
    `INSERT INTO mc_task_progress (member_id, task_id, progress)
     SELECT $1, id, LEAST($4, goal) FROM mc_tasks WHERE merchant_code = $2 AND kind = $3
     ON CONFLICT (member_id, task_id) DO UPDATE SET progress = LEAST(mc_task_progress.progress + $4,
       (SELECT goal FROM mc_tasks WHERE merchant_code = $2 AND id = mc_task_progress.task_id))`,
    [memberId, merchantCode, kind, by],
  );
}

/** Sets the member's progress on one task (dev control); false when the merchant has no such task. */
export async function setTaskProgress(db: Db, merchantCode: string, memberId: number, taskId: string, progress: number) {
  const { rowCount } = await db.query(
    `INSERT INTO mc_task_progress (member_id, task_id, progress)
     SELECT $1, id, LEAST($4, goal) FROM mc_tasks WHERE merchant_code = $2 AND id = $3
     ON CONFLICT (member_id, task_id) DO UPDATE SET progress = EXCLUDED.progress`,
    [memberId, merchantCode, taskId, progress],
  );
  return rowCount > 0;
}

export async function claimTask(db: Db, merchant: Merchant, memberId: number, id: string): Promise<ClaimResult> {
  const currency = currencyOf(merchant);
  return db.transaction(async (query) => {
    const { rows: defs } = await query<{ goal: number; amount: string }>(
      'SELECT goal, amount FROM mc_tasks WHERE merchant_code = $1 AND id = $2',
      [merchant.code, id],
    );
    const def = defs[0];
    if (!def) throw notFound('task', 'No such task');
    const done = await query<{ claimed_at: Date | string }>(
      `UPDATE mc_task_progress SET claimed_at = $3, claimed_amount = $4
        WHERE member_id = $1 AND task_id = $2 AND claimed_at IS NULL AND progress >= $5 RETURNING claimed_at`,
      [memberId, id, nowIso(), def.amount, def.goal],
    );
    if (done.rows[0]) {
      const amount = num(def.amount);
      return claimResult(id, amount, done.rows[0].claimed_at, true, { balance: await credit(query, memberId, amount), currency });
    }
    const { rows } = await query<{ claimed_amount: string | null; claimed_at: Date | string | null }>(
      'SELECT claimed_amount, claimed_at FROM mc_task_progress WHERE member_id = $1 AND task_id = $2',
      [memberId, id],
    );
    const row = rows[0];
    if (row?.claimed_at) {
      return claimResult(id, num(row.claimed_amount), row.claimed_at, false, {
        balance: await balanceOf(query, memberId),
        currency,
      });
    }
    throw new ApiError('task.not.done', 'This task is not done yet');
  });
}
