/**
 * The daily sign-in (`mc_sign_ins`): one per member and local date, a cycle of SIGN_IN_CYCLE days
 * whose amounts are the merchant's rules.
 *
 * The local date is in the member's zone, pinned at the first sign-in (`members.sign_in_time_zone`,
 * set by one UPDATE ... COALESCE, so concurrent first sign-ins pin one zone): later sign-ins use the
 * pinned zone whatever they send, so moving the phone's clock to another zone cannot win a second day.
 * The primary key (member, local date) refuses a second sign-in that day, concurrent ones too
 * (`409 signin.already.today`). The sign-in, the credit and the SIGN_IN task's progress are one
 * transaction.
 */
import type { SignInBoard, SignInResult } from '../../src/contract/endpoints.ts';
import { SIGN_IN_CYCLE } from '../../src/contract/constants.ts';
import { isUniqueViolation, type Db, type Query } from '../db/db.ts';
import { ApiError } from '../infra/errors.ts';
import { clock } from '../infra/limits.ts';
import type { Merchant } from '../merchants/merchants.ts';
import { addDays, checkTimeZone, credit, currencyOf, localDate, memberZone, nowIso, rulesOf } from './common.ts';
import { advanceTasks } from './tasks.ts';

/** The dates listed in `recent`. */
const RECENT_DAYS = 30;

/** The latest sign-in on or before `today`: its date and streak. */
async function lastSignIn(query: Query, memberId: number, today: string) {
  const { rows } = await query<{ local_date: string; streak: number }>(
    'SELECT local_date, streak FROM mc_sign_ins WHERE member_id = $1 AND local_date <= $2 ORDER BY local_date DESC LIMIT 1',
    [memberId, today],
  );
  return rows[0];
}

/** The streak still alive today: the last sign-in's, when it was today or yesterday; else 0. */
const liveStreak = (last: { local_date: string; streak: number } | undefined, today: string) =>
  last && (last.local_date === today || last.local_date === addDays(today, -1)) ? last.streak : 0;

/** The cycle day a streak of `streak` days ends on (1..SIGN_IN_CYCLE). */
const cycleDay = (streak: number) => ((streak - 1) % SIGN_IN_CYCLE) + 1;

/** Whether the member signed in on their local today (the overview's badge). */
export async function signedToday(query: Query, memberId: number): Promise<boolean> {
  const { zone } = await memberZone(query, memberId);
  const today = localDate(clock.now(), zone);
  const { rows } = await query('SELECT 1 FROM mc_sign_ins WHERE member_id = $1 AND local_date = $2', [memberId, today]);
  return rows.length > 0;
}

/** The board; `timeZone` counts only until the member's zone is pinned (default UTC). */
export async function signInBoard(db: Db, merchant: Merchant, memberId: number, timeZone?: string): Promise<SignInBoard> {
  const { zone } = await memberZone(db.query, memberId, timeZone === undefined ? 'UTC' : checkTimeZone(timeZone));
  const today = localDate(clock.now(), zone);
  const rules = await rulesOf(db.query, merchant.code);
  const last = await lastSignIn(db.query, memberId, today);
  const streak = liveStreak(last, today);
  const { rows } = await db.query<{ local_date: string }>(
    'SELECT local_date FROM mc_sign_ins WHERE member_id = $1 AND local_date <= $2 AND local_date > $3 ORDER BY local_date DESC',
    [memberId, today, addDays(today, -RECENT_DAYS)],
  );
  return {
    today,
    timeZone: zone,
    signedToday: last?.local_date === today,
    streak,
    nextDay: cycleDay(streak + 1),
    days: rules.signInAmounts.map((amount, i) => ({ day: i + 1, amount })),
    recent: rows.map((r) => r.local_date),
  };
}

export async function signIn(db: Db, merchant: Merchant, memberId: number, timeZone: string): Promise<SignInResult> {
  checkTimeZone(timeZone);
  try {
    return await db.transaction(async (query) => {
      // Pins the zone at the first sign-in; this row lock also puts a member's sign-ins in a line.
      const { rows } = await query<{ sign_in_time_zone: string }>(
        'UPDATE members SET sign_in_time_zone = COALESCE(sign_in_time_zone, $2) WHERE id = $1 RETURNING sign_in_time_zone',
        [memberId, timeZone],
      );
      const zone = rows[0]!.sign_in_time_zone;
      const today = localDate(clock.now(), zone);
      const last = await lastSignIn(query, memberId, today);
      if (last?.local_date === today) throw alreadyToday();
      const streak = liveStreak(last, today) + 1;
      const day = cycleDay(streak);
      const amount = (await rulesOf(query, merchant.code)).signInAmounts[day - 1] ?? 0;
      await query(
        'INSERT INTO mc_sign_ins (member_id, local_date, streak, day, amount, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
        [memberId, today, streak, day, amount, nowIso()],
      );
      const balance = await credit(query, memberId, amount);
      await advanceTasks(query, merchant.code, memberId, 'SIGN_IN');
      return { date: today, day, amount, streak, balance, currency: currencyOf(merchant) };
    });
  } catch (err) {
    // Another sign-in of that date committed first (another instance, or a race the row lock missed).
    if (isUniqueViolation(err)) throw alreadyToday();
    throw err;
  }
}

const alreadyToday = () => new ApiError('signin.already.today', 'You have already signed in today');

/** Forgets the member's sign-ins and the pinned zone (dev control: try the demo again). */
export async function resetSignIns(db: Db, memberId: number): Promise<number> {
  return db.transaction(async (query) => {
    const { rowCount } = await query('DELETE FROM mc_sign_ins WHERE member_id = $1', [memberId]);
    await query('UPDATE members SET sign_in_time_zone = NULL WHERE id = $1', [memberId]);
    return rowCount;
  });
}
