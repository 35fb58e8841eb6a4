/**
 * What the member-centre calls share: money (numeric(14,2) columns read as numbers, the balance and
 * its credit), random ids, the merchant's rules (table `mc_rules`) and dates (a member's local date in
 * an IANA zone, UTC periods). Every time comes from `clock.now()` (infra/limits.ts), never the
 * database's now(), so tests can move it.
 */
import { randomBytes } from 'node:crypto';
import type { ClaimResult, Wallet } from '../../src/contract/endpoints.ts';
import { SIGN_IN_CYCLE } from '../../src/contract/constants.ts';
import type { Query } from '../db/db.ts';
import { ApiError, fieldError } from '../infra/errors.ts';
import { clock } from '../infra/limits.ts';
import type { Merchant } from '../merchants/merchants.ts';

export const DAY = 24 * 60 * 60 * 1000;

/** A numeric column (`pg` and PGlite answer text) as a number of currency units. */
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** Rounded to cents (half away from zero), as numeric(14,2) would store it. */
export const round2 = (n: number): number => (Math.sign(n) * Math.round((Math.abs(n) + Number.EPSILON) * 100)) / 100;

export const currencyOf = (merchant: Merchant): string => merchant.country.currency;

/** A new id for a reward or voucher: 12 characters of base64url (72 random bits). */
export const newId = (): string => randomBytes(9).toString('base64url');

export const nowIso = (): string => new Date(clock.now()).toISOString();
export const ms = (t: Date | string | null | undefined): number | undefined =>
  t === null || t === undefined ? undefined : new Date(t).getTime();

export async function balanceOf(query: Query, memberId: number): Promise<number> {
  const { rows } = await query<{ balance: string }>('SELECT balance FROM members WHERE id = $1', [memberId]);
  return num(rows[0]?.balance);
}

/** Adds `amount` to the member's balance (in the caller's transaction); answers the new balance. */
export async function credit(query: Query, memberId: number, amount: number): Promise<number> {
  const { rows } = await query<{ balance: string }>('UPDATE members SET balance = balance + $2 WHERE id = $1 RETURNING balance', [
    memberId,
    amount,
  ]);
  return num(rows[0]?.balance);
}

export async function walletOf(query: Query, merchant: Merchant, memberId: number): Promise<Wallet> {
  return { balance: await balanceOf(query, memberId), currency: currencyOf(merchant) };
}

/** The answer of a claim: the one that did it (`credited`), or a repeat of one already made. */
export function claimResult(
  id: string,
  amount: number,
  claimedAt: Date | string | number,
  credited: boolean,
  wallet: Wallet,
): ClaimResult {
  return { id, amount, credited, claimedAt: new Date(claimedAt).getTime(), ...wallet };
}

// ---- rules ----------------------------------------------------------------------------------------

export interface Rules {
  signInAmounts: number[];
  rescue: { minLoss: number; rate: number; cap: number };
  referral: { rewardPerFriend: number; minDeposit: number; maxFriends: number };
  prizes: Record<'day' | 'week' | 'month', number[]>;
}

/** Until the operator writes a merchant's rules (the demo seed does): nothing is paid. */
const NO_RULES: Rules = {
  signInAmounts: Array.from({ length: SIGN_IN_CYCLE }, () => 0),
  rescue: { minLoss: 0, rate: 0, cap: 0 },
  referral: { rewardPerFriend: 0, minDeposit: 0, maxFriends: 0 },
  prizes: { day: [], week: [], month: [] },
};

interface RulesRow {
  sign_in_amounts: unknown;
  rescue_min_loss: string;
  rescue_rate: string;
  rescue_cap: string;
  referral_reward: string;
  referral_min_deposit: string;
  referral_max_friends: number;
  leaderboard_prizes: unknown;
}

const numbers = (value: unknown): number[] =>
  Array.isArray(value)
    ? value
        .map(Number)
        .filter((n) => Number.isFinite(n) && n >= 0)
        .map(round2)
    : [];

export async function rulesOf(query: Query, merchantCode: string): Promise<Rules> {
  const { rows } = await query<RulesRow>('SELECT * FROM mc_rules WHERE merchant_code = $1', [merchantCode]);
  const r = rows[0];
  if (!r) return NO_RULES;
  const amounts = numbers(r.sign_in_amounts);
  const prizes = (r.leaderboard_prizes ?? {}) as Record<string, unknown>;
  return {
    // Always a whole cycle: a missing day pays nothing rather than breaking the board.
    signInAmounts: Array.from({ length: SIGN_IN_CYCLE }, (_, i) => amounts[i] ?? 0),
    rescue: { minLoss: num(r.rescue_min_loss), rate: num(r.rescue_rate), cap: num(r.rescue_cap) },
    referral: {
      rewardPerFriend: num(r.referral_reward),
      minDeposit: num(r.referral_min_deposit),
      maxFriends: r.referral_max_friends,
    },
    prizes: { day: numbers(prizes.day), week: numbers(prizes.week), month: numbers(prizes.month) },
  };
}

// ---- dates ----------------------------------------------------------------------------------------

/** A real IANA zone name (what Intl accepts); anything else is `400 request.invalid` naming `timeZone`. */
export function checkTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat(undefined, { timeZone });
  } catch {
    throw fieldError('timeZone', false);
  }
  return timeZone;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    if (formats.size > 500) formats.clear();
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The wall clock of `at` in the zone, as if it were UTC (epoch ms). */
function wallClock(at: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatOf(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
}

/** `YYYY-MM-DD` of `at` in the zone. */
export function localDate(at: number, timeZone: string): string {
  return new Date(wallClock(at, timeZone)).toISOString().slice(0, 10);
}

/** A `YYYY-MM-DD` date `days` later (or earlier). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** A `YYYY-MM-DD` that names a real date. */
export const isDate = (s: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && addDays(s, 0) === s;

/** The instant a local date starts in the zone (epoch ms); a day may start at 01:00 where DST begins at midnight. */
export function startOfLocalDate(date: string, timeZone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`);
  // The zone's offset near that instant, applied twice (the second pass settles a DST change).
  let at = wall - (wallClock(wall, timeZone) - wall);
  at = wall - (wallClock(at, timeZone) - at);
  return localDate(at, timeZone) === date ? at : at + 60 * 60 * 1000;
}

/** The member's sign-in zone (pinned at the first sign-in), else `fallback`. */
export async function memberZone(query: Query, memberId: number, fallback = 'UTC'): Promise<{ zone: string; pinned: boolean }> {
  const { rows } = await query<{ sign_in_time_zone: string | null }>('SELECT sign_in_time_zone FROM members WHERE id = $1', [
    memberId,
  ]);
  const pinned = rows[0]?.sign_in_time_zone ?? null;
  return pinned ? { zone: pinned, pinned: true } : { zone: fallback, pinned: false };
}

export type Period = 'day' | 'week' | 'month';

/** A UTC period around `at`: its key (first date), start and end (the next period's start), epoch ms. */
export function periodOf(period: Period, at: number): { key: string; startsAt: number; endsAt: number } {
  const d = new Date(at);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const day = Date.UTC(y, m, d.getUTCDate());
  let startsAt: number;
  let endsAt: number;
  if (period === 'day') {
    startsAt = day;
    endsAt = day + DAY;
  } else if (period === 'week') {
    // Monday start: getUTCDay() is 0 on Sunday.
    startsAt = day - ((d.getUTCDay() + 6) % 7) * DAY;
    endsAt = startsAt + 7 * DAY;
  } else {
    startsAt = Date.UTC(y, m, 1);
    endsAt = Date.UTC(y, m + 1, 1);
  }
  return { key: new Date(startsAt).toISOString().slice(0, 10), startsAt, endsAt };
}

/** 404 `<what>.not.found`. */
export const notFound = (what: 'reward' | 'voucher' | 'task', text: string) => new ApiError(`${what}.not.found`, text);
