/**
 * The demo lotteries' draw games, per vendor account type: what the lobby lists, the betting page
 * takes (the picks, the demo stakes) and when the next draw is. A vendor listed here is a draw vendor
 * (lobby and betting pages); any other vendor's launch opens a plain demo game page. Draw times are
 * worked out on the server's clock (infra/limits.ts).
 */
import { MINUTE } from '../infra/limits.ts';

/** `digits`: one digit 0–9 per position; `pick`: min to max different numbers of 1..of. */
export type Bet = { kind: 'digits'; positions: number } | { kind: 'pick'; of: number; min: number; max: number };

export interface DrawGame {
  code: string;
  title: string;
  bet: Bet;
  /** A draw every `every` minutes, `at` minutes past midnight UTC and then every `every` (a daily draw: 1440). */
  every: number;
  at?: number;
}

const digits = (positions: number): Bet => ({ kind: 'digits', positions });
const pick = (of: number, min: number, max: number): Bet => ({ kind: 'pick', of, min, max });

export const DRAW_GAMES: Record<string, readonly DrawGame[]> = {
  LOTT: [
    { code: 'LUCKY5D', title: 'Lucky 5D', bet: digits(5), every: 5 },
    { code: 'SPEED3D', title: 'Speed 3D', bet: digits(3), every: 1 },
    { code: 'KENO', title: 'Keno', bet: pick(80, 1, 10), every: 3 },
  ],
  TCG_LOTTO_VN: [
    { code: 'VN_NORTH', title: 'Miền Bắc (North)', bet: digits(2), every: 1440, at: 11 * 60 + 15 },
    { code: 'VN_HCM', title: 'Hồ Chí Minh (South)', bet: digits(2), every: 1440, at: 9 * 60 + 15 },
    { code: 'VN_FAST', title: 'Vietnam 1 Minute', bet: digits(3), every: 1 },
  ],
  TCG_SEA: [
    { code: 'SEA_4D', title: '4D Classic', bet: digits(4), every: 1440, at: 11 * 60 },
    { code: 'SEA_TOTO', title: 'Toto 6/45', bet: pick(45, 6, 6), every: 1440, at: 11 * 60 + 30 },
    { code: 'SEA_3D', title: '3D Fast', bet: digits(3), every: 5 },
  ],
  TCG_ELOTT: [
    { code: 'E_KENO', title: 'E-Keno', bet: pick(80, 1, 10), every: 2 },
    { code: 'E_FAST3', title: 'Fast 3', bet: digits(3), every: 1 },
    { code: 'E_5D', title: 'E-Lucky 5D', bet: digits(5), every: 3 },
  ],
};

export const drawGamesOf = (vendor: string): readonly DrawGame[] | undefined =>
  Object.hasOwn(DRAW_GAMES, vendor) ? DRAW_GAMES[vendor] : undefined;

export const drawGame = (vendor: string, code: string | undefined): DrawGame | undefined =>
  code === undefined ? undefined : drawGamesOf(vendor)?.find((g) => g.code === code);

/** The demo stakes, in demo credits. */
export const STAKES = [1, 5, 10, 50] as const;
export const isStake = (s: string | null) => STAKES.some((n) => String(n) === s);

/** The picks of a bet as shown ("3 0 7 1 9", "4, 12, 33"), or what is wrong with them. */
export function readPicks(game: DrawGame, fields: URLSearchParams): string | { error: string } {
  const bet = game.bet;
  if (bet.kind === 'digits') {
    const digits = Array.from({ length: bet.positions }, (_, p) => fields.getAll(`d${p + 1}`));
    if (digits.some((d) => d.length !== 1 || !/^[0-9]$/.test(d[0]!))) return { error: 'Pick one digit in every position.' };
    return digits.map((d) => d[0]).join(' ');
  }
  const numbers = fields.getAll('n');
  const values = numbers.map((n) => (/^[1-9][0-9]{0,2}$/.test(n) ? Number(n) : NaN));
  const rule = bet.min === bet.max ? `exactly ${bet.max}` : `${bet.min} to ${bet.max}`;
  if (
    values.some((n) => !(n >= 1 && n <= bet.of)) ||
    new Set(values).size !== values.length ||
    values.length < bet.min ||
    values.length > bet.max
  ) {
    return { error: `Pick ${rule} different numbers from 1 to ${bet.of}.` };
  }
  return values.sort((a, b) => a - b).join(', ');
}

export interface NextDraw {
  at: number;
  /** `YYYYMMDD-NNNN` (the draw's number that day), or `YYYYMMDD` for a daily draw. */
  id: string;
}

/** The first draw after `now`. */
export function nextDraw(game: DrawGame, now: number): NextDraw {
  const period = game.every * MINUTE;
  const offset = (game.at ?? 0) * MINUTE;
  const at = Math.floor((now - offset) / period) * period + period + offset;
  const day = new Date(at).toISOString().slice(0, 10).replaceAll('-', '');
  if (game.every >= 1440) return { at, id: day };
  const minuteOfDay = Math.floor((at % (1440 * MINUTE)) / MINUTE);
  return { at, id: `${day}-${String(Math.floor(minuteOfDay / game.every)).padStart(4, '0')}` };
}

/** "every 5 minutes", "every minute", "daily at 11:15 UTC". */
export function schedule(game: DrawGame): string {
  if (game.every >= 1440) return `daily at ${hhmm((game.at ?? 0) * MINUTE)} UTC`;
  return game.every === 1 ? 'every minute' : `every ${game.every} minutes`;
}

/** `HH:MM` of an epoch ms, UTC. */
export const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
