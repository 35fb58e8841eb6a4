/**
 * The member centre's demo data, made at start-up outside production (like engagement/seed.ts, and
 * after it: the VIP benefits belong to its labels) for every merchant of merchants.json:
 *
 * - rules: sign-in amounts 1, 2, 3, 5, 8, 10, 20; rescue from a loss of 100, 10 %, at most 500;
 *   referral 50 per friend who deposits 100, up to 50 friends; leaderboard prizes for the top 3;
 * - novice tasks: PROFILE, SIGN_IN (3 days), DEPOSIT, PLAY (5 games), INVITE;
 * - VIP benefits for the labels VIP1..VIP5 and Diamond Club;
 * - for each demo member: rewards (two available, one claimed, one expired) and vouchers (one of
 *   each kind, one expired); for the first: the profile task done, 2 of 5 games played, and a loss of
 *   1,250 on each of the last days (UTC yesterday's neighbours too, so yesterday in any zone has one:
 *   a rescue of 125 is waiting);
 * - leaderboard: 25 players without an account here and the demo members, in the current day, week
 *   and month (a part per period, so each new period of a later start gets its board too).
 *
 * Each part is recorded in `demo_seeds` in the transaction that makes it: made once.
 * In production the operator fills these tables; without rules nothing is paid.
 */
import type { Db, Query } from '../db/db.ts';
import { clock } from '../infra/limits.ts';
import type { Merchant, Merchants } from '../merchants/merchants.ts';
import { addDays, DAY, localDate, periodOf, type Period } from './common.ts';
import { PERIODS, setScore } from './leaderboard.ts';
import { grantReward, grantVoucher } from './rewards.ts';
import { setVipBenefits } from './vip-levels.ts';
import type { VipLevel } from '../../src/contract/endpoints.ts';

export const DEMO_RULES = {
  signInAmounts: [1, 2, 3, 5, 8, 10, 20],
  rescue: { minLoss: 100, rate: 10, cap: 500 },
  referral: { rewardPerFriend: 50, minDeposit: 100, maxFriends: 50 },
  prizes: { day: [100, 50, 20], week: [1000, 500, 200], month: [5000, 2000, 1000] },
};

export const DEMO_TASKS = [
  { id: 'profile', kind: 'PROFILE', goal: 1, amount: 5, link: '/m/member/home' },
  { id: 'sign-in-3', kind: 'SIGN_IN', goal: 3, amount: 10, link: '/m/activity/signIn' },
  { id: 'first-deposit', kind: 'DEPOSIT', goal: 1, amount: 20, link: null },
  { id: 'play-5', kind: 'PLAY', goal: 5, amount: 15, link: '/m/game' },
  { id: 'invite-1', kind: 'INVITE', goal: 1, amount: 50, link: '/m/inviteFriends' },
] as const;

/** The first demo member's loss on each recent day, and so the rescue: min(500, 10 %) = 125. */
export const DEMO_LOSS = 1250;

const VIP_BENEFITS: Record<string, VipLevel['benefits']> = {
  VIP1: [
    { kind: 'UPGRADE_BONUS', value: 10 },
    { kind: 'DAILY_WITHDRAWALS', value: 3 },
    { kind: 'WITHDRAWAL_LIMIT', value: 10_000 },
  ],
  VIP2: [
    { kind: 'UPGRADE_BONUS', value: 100 },
    { kind: 'WEEKLY_CASHBACK', value: 0.5 },
    { kind: 'DAILY_WITHDRAWALS', value: 5 },
    { kind: 'WITHDRAWAL_LIMIT', value: 50_000 },
  ],
  VIP3: [
    { kind: 'UPGRADE_BONUS', value: 500 },
    { kind: 'BIRTHDAY_BONUS', value: 200 },
    { kind: 'WEEKLY_CASHBACK', value: 1 },
    { kind: 'DAILY_WITHDRAWALS', value: 8 },
    { kind: 'WITHDRAWAL_LIMIT', value: 100_000 },
  ],
  VIP4: [
    { kind: 'UPGRADE_BONUS', value: 1_500 },
    { kind: 'BIRTHDAY_BONUS', value: 500 },
    { kind: 'WEEKLY_CASHBACK', value: 1.5 },
    { kind: 'DAILY_WITHDRAWALS', value: 10 },
    { kind: 'WITHDRAWAL_LIMIT', value: 300_000 },
  ],
  VIP5: [
    { kind: 'UPGRADE_BONUS', value: 5_000 },
    { kind: 'BIRTHDAY_BONUS', value: 1_000 },
    { kind: 'WEEKLY_CASHBACK', value: 2 },
    { kind: 'DAILY_WITHDRAWALS', value: 20 },
    { kind: 'WITHDRAWAL_LIMIT', value: 1_000_000 },
    { kind: 'PRIORITY_SUPPORT', value: 1 },
  ],
  'Diamond Club': [
    { kind: 'BIRTHDAY_BONUS', value: 5_000 },
    { kind: 'WEEKLY_CASHBACK', value: 3 },
    { kind: 'DAILY_WITHDRAWALS', value: 50 },
    { kind: 'WITHDRAWAL_LIMIT', value: 5_000_000 },
    { kind: 'PRIORITY_SUPPORT', value: 1 },
  ],
};

/** Players of the demo leaderboards who have no account here. */
const PLAYERS = [
  'lucky_tiger88',
  'goldrush',
  'mika2024',
  'dragonking',
  'jackpotjoe',
  'ace_of_spades',
  'nova',
  'rizal_win',
  'kimchi77',
  'bigfish',
  'sunny_day',
  'queenbee',
  'maxbet',
  'pinoypro',
  'zen',
  'rocketman',
  'luna_star',
  'boss_ng',
  'fortune8',
  'spinmaster',
  'ox',
  'happyhour',
  'cebu_king',
  'tala99',
  'neon_rider',
];

const DEMO_PLACES: Record<Period, number> = { day: 7, week: 12, month: 30 };
const SCALE: Record<Period, number> = { day: 1, week: 6, month: 25 };

type Seeder = (query: Query, merchant: Merchant) => Promise<void>;

async function memberIds(query: Query, merchant: Merchant): Promise<{ id: number; username: string }[]> {
  const out: { id: number; username: string }[] = [];
  for (const m of merchant.members) {
    const { rows } = await query<{ id: number; username: string }>(
      'SELECT id, username FROM members WHERE merchant_code = $1 AND lower(username) = lower($2)',
      [merchant.code, m.username],
    );
    if (rows[0]) out.push(rows[0]);
  }
  return out;
}

const SEEDERS: Record<string, Seeder> = {
  async 'mc-rules'(query, merchant) {
    const r = DEMO_RULES;
    await query(
      `INSERT INTO mc_rules (merchant_code, sign_in_amounts, rescue_min_loss, rescue_rate, rescue_cap, referral_reward,
                             referral_min_deposit, referral_max_friends, leaderboard_prizes)
       VALUES ($1, $2::jsonb, $3, $4, $5, $6, $7, $8, $9::jsonb) ON CONFLICT DO NOTHING`,
      [
        merchant.code,
        JSON.stringify(r.signInAmounts),
        r.rescue.minLoss,
        r.rescue.rate,
        r.rescue.cap,
        r.referral.rewardPerFriend,
        r.referral.minDeposit,
        r.referral.maxFriends,
        JSON.stringify(r.prizes),
      ],
    );
    let sort = 0;
    for (const t of DEMO_TASKS) {
      await query(
        `INSERT INTO mc_tasks (merchant_code, id, kind, goal, amount, link, sort) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT DO NOTHING`,
        [merchant.code, t.id, t.kind, t.goal, t.amount, t.link, sort++],
      );
    }
  },

  async 'mc-vip-benefits'(query, merchant) {
    const { rows } = await query<{ id: number; name: string }>('SELECT id, name FROM vip_labels WHERE merchant_code = $1', [
      merchant.code,
    ]);
    for (const label of rows) {
      const benefits = VIP_BENEFITS[label.name];
      if (benefits) await setVipBenefits(query, label.id, benefits);
    }
  },

  async 'mc-members'(query, merchant) {
    const now = clock.now();
    const members = await memberIds(query, merchant);
    for (const [i, m] of members.entries()) {
      await grantReward(
        query,
        m.id,
        { title: 'Welcome bonus', amount: 20, source: 'REGISTER', expiresAt: now + 7 * DAY },
        now - 3,
      );
      await grantReward(query, m.id, { title: 'Weekend gift from the team', amount: 8.88, source: 'MANUAL' }, now - 2);
      await grantReward(
        query,
        m.id,
        { title: 'Mission reward', amount: 15, source: 'MISSION', expiresAt: now - DAY },
        now - 2 * DAY,
      );
      const claimed = await grantReward(
        query,
        m.id,
        { title: 'Daily reload bonus', amount: 50, source: 'DEPOSIT' },
        now - 3 * DAY,
      );
      await query(`UPDATE mc_rewards SET state = 'claimed', claimed_at = $2 WHERE id = $1`, [
        claimed,
        new Date(now - 3 * DAY + 60_000).toISOString(),
      ]);
      await query('UPDATE members SET balance = balance + 50 WHERE id = $1', [m.id]);

      const day = (n: number) => now + n * DAY;
      await grantVoucher(
        query,
        m.id,
        { title: '100 bonus on a deposit of 500', kind: 'BONUS', value: 100, minDeposit: 500, expiresAt: day(14) },
        now - 4,
      );
      await grantVoucher(
        query,
        m.id,
        { title: '20 free spins on Fortune Ox', kind: 'FREE_SPINS', value: 20, expiresAt: day(3) },
        now - 3,
      );
      await grantVoucher(
        query,
        m.id,
        { title: '5 % cashback this week', kind: 'CASHBACK', value: 5, expiresAt: day(7) },
        now - 2,
      );
      await grantVoucher(
        query,
        m.id,
        { title: '50 bonus (last month)', kind: 'BONUS', value: 50, minDeposit: 200, expiresAt: day(-2) },
        day(-30),
      );

      if (i !== 0) continue;
      // The first demo member: one task to claim, one under way, and a rescue waiting.
      await query(
        `INSERT INTO mc_task_progress (member_id, task_id, progress) VALUES ($1, 'profile', 1), ($1, 'play-5', 2)
                   ON CONFLICT DO NOTHING`,
        [m.id],
      );
      const today = localDate(now, 'UTC');
      for (const offset of [-2, -1, 0, 1]) {
        await query('INSERT INTO mc_losses (member_id, local_date, loss) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
          m.id,
          addDays(today, offset),
          DEMO_LOSS,
        ]);
      }
    }
  },
};

/** The leaderboard of one period: the players, and the demo members a few places down. */
async function seedScores(query: Query, merchant: Merchant, period: Period) {
  const now = clock.now();
  const scale = SCALE[period];
  let score = 98_500 * scale;
  // Played a minute apart before now, but never before the period began (a server started just
  // after midnight UTC would put most of them on the board before).
  const { startsAt } = periodOf(period, now);
  for (const [i, name] of PLAYERS.entries()) {
    // Deterministic steps of varying size: a board that looks played.
    score -= ((i * 7919) % 2600) * scale + 150 * scale;
    await setScore(query, merchant.code, period, { name }, score, Math.max(startsAt, now - (i + 1) * 60_000));
  }
  const members = await memberIds(query, merchant);
  for (const [i, m] of members.entries()) {
    const place = DEMO_PLACES[period] + i * 9;
    const { rows } = await query<{ score: string }>(
      `SELECT score FROM mc_scores WHERE merchant_code = $1 AND period = $2 AND period_key = $3 AND member_id IS NULL
        ORDER BY score DESC OFFSET $4 LIMIT 1`,
      [merchant.code, period, periodOf(period, now).key, place - 1],
    );
    await setScore(
      query,
      merchant.code,
      period,
      { memberId: m.id, name: m.username },
      Number(rows[0]?.score ?? 0) + 10 * scale,
      now,
    );
  }
}

export async function seedMemberCentre(db: Db, merchants: Merchants): Promise<void> {
  const now = clock.now();
  const { rows } = await db.query<{ merchant_code: string; part: string }>('SELECT merchant_code, part FROM demo_seeds');
  const done = new Set(rows.map((r) => `${r.merchant_code}\n${r.part}`));
  const parts: [string, Seeder][] = [
    ...Object.entries(SEEDERS),
    ...PERIODS.map((p): [string, Seeder] => [`mc-leaderboard:${p}:${periodOf(p, now).key}`, (q, m) => seedScores(q, m, p)]),
  ];
  for (const merchant of merchants.byCode.values()) {
    const missing = parts.filter(([part]) => !done.has(`${merchant.code}\n${part}`));
    if (missing.length === 0) continue;
    await db.transaction(async (query) => {
      for (const [part, seed] of missing) {
        const marked = await query(
          'INSERT INTO demo_seeds (merchant_code, part) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING part',
          [merchant.code, part],
        );
        if (marked.rows.length > 0) await seed(query, merchant);
      }
    });
  }
}
