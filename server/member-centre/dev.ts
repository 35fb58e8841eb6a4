/**
 * The member centre's dev controls, under /dev (server/dev/controls.ts mounts them): grant a
 * reward or voucher, set a task's progress, yesterday's loss (rescue) or a leaderboard score, forget a
 * member's sign-ins, and read the feedback. JSON bodies or the /dev/ page's form posts, like the others.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { Deps } from '../api/call.ts';
import type { Db } from '../db/db.ts';
import { answer, devMember, headerMerchant, noNul, readInput } from '../dev/io.ts';
import { validate } from '../infra/body.ts';
import { fieldError } from '../infra/errors.ts';
import type { Merchant } from '../merchants/merchants.ts';
import { merchantFeedback } from './feedback.ts';
import { PERIODS, setScore } from './leaderboard.ts';
import { setYesterdayLoss } from './rescue.ts';
import { grantReward, grantVoucher } from './rewards.ts';
import { resetSignIns } from './signin.ts';
import { setTaskProgress } from './tasks.ts';

const username = v.pipe(v.string(), v.nonEmpty(), noNul, v.maxLength(64));
const title = v.pipe(v.string(), v.trim(), v.nonEmpty(), noNul, v.maxLength(120));
/** Currency units, cents at most. */
const money = v.pipe(
  v.number(),
  v.minValue(0),
  v.maxValue(1_000_000_000),
  v.check((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), 'more than 2 decimals'),
);
/** Epoch ms; null or absent: never expires. */
const expiresAt = v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(8_640_000_000_000))));

const rewardBody = v.strictObject({ username, title, amount: money, expiresAt });
const voucherBody = v.strictObject({
  username,
  title,
  kind: v.picklist(['BONUS', 'FREE_SPINS', 'CASHBACK']),
  value: money,
  minDeposit: v.optional(v.nullable(money)),
  expiresAt,
});
const taskBody = v.strictObject({
  username,
  task: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  progress: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
});
const lossBody = v.strictObject({ username, loss: money });
const scoreBody = v.strictObject({ username, period: v.picklist(PERIODS), score: money });
const memberBody = v.strictObject({ username });

/** A form's number (digits, optional 2 decimals); anything else is left for the schema to refuse. */
function formMoney(value: unknown): unknown {
  return typeof value === 'string' && /^\d{1,10}(\.\d{1,2})?$/.test(value) ? Number(value) : value;
}

/** The form's `expiresInHours` (empty: never) as `expiresAt`. */
function formExpiry(fields: Record<string, unknown>): Record<string, unknown> {
  const { expiresInHours, ...rest } = fields;
  if (expiresInHours === undefined || expiresInHours === '') return rest;
  const hours = typeof expiresInHours === 'string' && /^-?\d{1,6}$/.test(expiresInHours) ? Number(expiresInHours) : NaN;
  return { ...rest, expiresAt: Number.isNaN(hours) ? 'invalid' : Date.now() + hours * 3_600_000 };
}

/** The demo members' balance and pinned sign-in zone, and the merchant's tasks (the /dev/ page). */
async function overview(db: Db, merchant: Merchant) {
  const { rows: members } = await db.query<{ username: string; balance: string; sign_in_time_zone: string | null }>(
    `SELECT username, balance, sign_in_time_zone FROM members
      WHERE merchant_code = $1 AND lower(username) = ANY($2::text[]) ORDER BY username`,
    [merchant.code, merchant.members.map((m) => m.username.toLowerCase())],
  );
  const { rows: tasks } = await db.query<{ id: string; kind: string; goal: number }>(
    'SELECT id, kind, goal FROM mc_tasks WHERE merchant_code = $1 ORDER BY sort, id',
    [merchant.code],
  );
  return {
    members: members.map((m) => ({ username: m.username, balance: Number(m.balance), signInTimeZone: m.sign_in_time_zone })),
    tasks,
    periods: PERIODS,
  };
}

export function memberCentreDev(deps: Deps): Hono {
  const { db } = deps;
  const dev = new Hono();

  /** The page's part: the demo members (balance, pinned zone), the merchant's tasks and the periods. */
  dev.get('/member-centre', async (c) =>
    c.json({ success: true, value: await overview(db, headerMerchant(c, deps)) }, 200, { 'Cache-Control': 'no-store' }),
  );

  /** The merchant's latest 100 feedback entries, with the sender's username (no image bytes). */
  dev.get('/member-centre/feedback', async (c) =>
    c.json({ success: true, value: await merchantFeedback(db, headerMerchant(c, deps).code) }, 200, {
      'Cache-Control': 'no-store',
    }),
  );

  /** `{ username, title, amount, expiresAt? }`: a MANUAL reward; `value: { id }`. */
  dev.post('/member-centre/rewards', async (c) => {
    const input = await readInput(c, deps);
    const fields = input.form ? formExpiry({ ...input.fields, amount: formMoney(input.fields.amount) }) : input.fields;
    const body = validate(rewardBody, fields);
    const member = await devMember(deps, input.merchant, body.username);
    const id = await grantReward(db.query, member.id, { title: body.title, amount: body.amount, expiresAt: body.expiresAt });
    return answer(c, input, { id });
  });

  /** `{ username, title, kind, value, minDeposit?, expiresAt? }`; `value: { id }`. */
  dev.post('/member-centre/vouchers', async (c) => {
    const input = await readInput(c, deps);
    const f = input.fields;
    const minDeposit = f.minDeposit === '' || f.minDeposit === undefined ? undefined : formMoney(f.minDeposit);
    const fields = input.form ? formExpiry({ ...f, value: formMoney(f.value), minDeposit }) : f;
    const body = validate(voucherBody, fields);
    const member = await devMember(deps, input.merchant, body.username);
    const id = await grantVoucher(db.query, member.id, body);
    return answer(c, input, { id });
  });

  /** `{ username, task, progress }`: the member's progress on one of the merchant's tasks (capped at its goal). */
  dev.post('/member-centre/tasks', async (c) => {
    const input = await readInput(c, deps);
    const fields = input.form ? { ...input.fields, progress: formMoney(input.fields.progress) } : input.fields;
    const body = validate(taskBody, fields);
    const member = await devMember(deps, input.merchant, body.username);
    if (!(await setTaskProgress(db, input.merchant.code, member.id, body.task, body.progress))) throw fieldError('task', false);
    return answer(c, input, { username: member.username, task: body.task, progress: body.progress });
  });

  /** `{ username, loss }`: the member's net loss of their local yesterday (the rescue's period); `value: { period, loss }`. */
  dev.post('/member-centre/loss', async (c) => {
    const input = await readInput(c, deps);
    const fields = input.form ? { ...input.fields, loss: formMoney(input.fields.loss) } : input.fields;
    const body = validate(lossBody, fields);
    const member = await devMember(deps, input.merchant, body.username);
    return answer(c, input, { period: await setYesterdayLoss(db, member.id, body.loss), loss: body.loss });
  });

  /** `{ username, period, score }`: the member's score in the current day, week or month. */
  dev.post('/member-centre/score', async (c) => {
    const input = await readInput(c, deps);
    const fields = input.form ? { ...input.fields, score: formMoney(input.fields.score) } : input.fields;
    const body = validate(scoreBody, fields);
    const member = await devMember(deps, input.merchant, body.username);
    await setScore(db.query, input.merchant.code, body.period, { memberId: member.id, name: member.username }, body.score);
    return answer(c, input, { username: member.username, period: body.period, score: body.score });
  });

  /** `{ username }`: forgets the member's sign-ins and pinned zone; `value: { deleted }`. */
  dev.post('/member-centre/sign-ins/reset', async (c) => {
    const input = await readInput(c, deps);
    const body = validate(memberBody, input.fields);
    const member = await devMember(deps, input.merchant, body.username);
    return answer(c, input, { deleted: await resetSignIns(db, member.id) });
  });

  return dev;
}
