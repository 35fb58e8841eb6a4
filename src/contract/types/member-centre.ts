/** Answer types of the member centre (docs/member-centre.md). */
import type { PromotionType } from '../promotionTypes.ts';

/** The state of a reward or voucher (docs/member-centre.md). */
export type ClaimState = 'available' | 'claimed' | 'expired';

/** The member's balance, in the merchant's currency (ISO code, e.g. PHP). Amounts are in currency units. */
export interface Wallet {
  balance: number;
  currency: string;
}

/** GET /wps/mc/overview: the member centre's header figures and the badges on its links. */
export interface McOverview extends Wallet {
  /** Rewards and vouchers available to claim. */
  rewards: number;
  vouchers: number;
  /** Novice tasks done and not yet claimed. */
  tasks: number;
  signedToday: boolean;
  /** A rescue amount is waiting. */
  rescue: boolean;
}

/** A reward: money a promotion (or the operator, MANUAL) gave the member, claimed into the balance. */
export interface Reward {
  id: string;
  title: string;
  source: PromotionType | 'MANUAL';
  amount: number;
  state: ClaimState;
  /** Epoch ms; an available reward past it turns expired. */
  expiresAt?: number;
  claimedAt?: number;
}

export type VoucherKind = 'BONUS' | 'FREE_SPINS' | 'CASHBACK';

/** A voucher: a bonus with a condition (minimum deposit), a number of free spins or a cashback percentage. */
export interface Voucher {
  id: string;
  code: string;
  title: string;
  kind: VoucherKind;
  /** BONUS: an amount; FREE_SPINS: spins; CASHBACK: percent. */
  value: number;
  minDeposit?: number;
  state: ClaimState;
  expiresAt?: number;
  claimedAt?: number;
}

/**
 * The answer to every claim. A repeated claim (a double tap, a resent request) answers the same
 * claim again with `credited: false`: the balance grew once.
 */
export interface ClaimResult extends Wallet {
  id: string;
  amount: number;
  credited: boolean;
  claimedAt: number;
}

/** GET /wps/mc/signIn: the seven-day cycle of the daily sign-in, in the member's own time zone. */
export interface SignInBoard {
  /** The member's local date, YYYY-MM-DD, in `timeZone` (pinned at the first sign-in). */
  today: string;
  timeZone: string;
  signedToday: boolean;
  /** Consecutive local days signed in, up to today or yesterday (0 once a day was missed). */
  streak: number;
  /** The cycle day (1..7) the next sign-in gives. */
  nextDay: number;
  days: { day: number; amount: number }[];
  /** Local dates signed in, the last 30 days, newest first. */
  recent: string[];
}

export interface SignInResult extends Wallet {
  date: string;
  day: number;
  amount: number;
  streak: number;
}

export type TaskKind = 'PROFILE' | 'SIGN_IN' | 'DEPOSIT' | 'PLAY' | 'INVITE';

/** A novice task: a goal, the member's progress towards it and its reward. */
export interface NoviceTask {
  id: string;
  kind: TaskKind;
  goal: number;
  progress: number;
  amount: number;
  /** open: not done yet; claimable: done, reward waiting; claimed. */
  state: 'open' | 'claimable' | 'claimed';
  /** An /m path where the task is done (e.g. /m/activity/signIn). */
  link?: string;
}

/** GET /wps/mc/rescue: yesterday's (local date `period`) net loss and the relief it gives. */
export interface RescueState {
  currency: string;
  period: string;
  loss: number;
  /** The loss from which relief is given, the percent given, the most given. */
  minLoss: number;
  rate: number;
  cap: number;
  /** The relief: min(cap, loss x rate / 100), 0 when not eligible. */
  amount: number;
  state: 'ineligible' | 'available' | 'claimed' | 'expired';
  /** Epoch ms: the end of the claim window (the end of today, local). */
  claimableUntil: number;
}

export type LeaderboardPeriod = 'day' | 'week' | 'month';

export interface LeaderboardEntry {
  rank: number;
  /** Masked by the server (e.g. "pl***01"), except the member's own. */
  name: string;
  score: number;
  prize?: number;
  me?: boolean;
}

/** GET /wps/mc/leaderboard: the top entries of a period by turnover and the member's own place. */
export interface Leaderboard {
  period: LeaderboardPeriod;
  currency: string;
  startsAt: number;
  endsAt: number;
  entries: LeaderboardEntry[];
  /** The member's place; rank absent when the member has no score this period. */
  me: { rank?: number; score: number; name: string };
}

export type VipBenefitKind =
  'UPGRADE_BONUS' | 'BIRTHDAY_BONUS' | 'WEEKLY_CASHBACK' | 'DAILY_WITHDRAWALS' | 'WITHDRAWAL_LIMIT' | 'PRIORITY_SUPPORT';

/** GET /wps/mc/vip/levels: the merchant's VIP levels, lowest first, with their benefits. */
export interface VipLevel {
  id: number;
  name: string;
  type: 'AUTO' | 'MANUAL';
  rankLevel: number;
  expectedConditions: number;
  /** value: an amount (bonuses, limit), a percent (cashback), a count (withdrawals); 1 for PRIORITY_SUPPORT. */
  benefits: { kind: VipBenefitKind; value: number }[];
}

export type FeedbackCategory = 'suggestion' | 'bug' | 'payment' | 'game' | 'account' | 'other';

export interface FeedbackEntry {
  id: number;
  category: FeedbackCategory;
  content: string;
  hasImage: boolean;
  createdAt: number;
  status: 'received' | 'answered';
  reply?: string;
}

/** GET /wps/mc/referral/rules (public): the referral promotion and its rules. */
export interface ReferralRules {
  /** The REFERRAL promotion is live for the merchant. */
  enabled: boolean;
  currency: string;
  /** Paid for each friend who registers and deposits at least minDeposit, up to maxFriends. */
  rewardPerFriend: number;
  minDeposit: number;
  maxFriends: number;
}

/** GET /wps/mc/referral: the member's code and how the invitations went. */
export interface Referral {
  code: string;
  invited: number;
  qualified: number;
  earned: number;
  currency: string;
}
