/**
 * The member centre room's tables (and its columns of members). Applied in order by
 * server/db/migrations.ts.
 */

export const MEMBER_CENTRE_TABLES = [
  // The member centre (server/member-centre/). Money is numeric(14,2) in the merchant's currency units.
  `ALTER TABLE members ADD COLUMN IF NOT EXISTS balance numeric(14,2) NOT NULL DEFAULT 0`,
  // The IANA zone of the member's daily sign-in, pinned at the first one (null: not signed in yet).
  `ALTER TABLE members ADD COLUMN IF NOT EXISTS sign_in_time_zone text`,
  // What the member deposited in all (the cashier's figure): a referred friend qualifies from the minimum.
  `ALTER TABLE members ADD COLUMN IF NOT EXISTS deposit_total numeric(14,2) NOT NULL DEFAULT 0`,
  // Per merchant rules: the sign-in cycle's amounts (a JSON array of SIGN_IN_CYCLE numbers), the rescue
  // rule, the referral amounts and the leaderboard prizes ({ day, week, month }: top-3 amounts).
  `CREATE TABLE IF NOT EXISTS mc_rules (
     merchant_code text PRIMARY KEY,
     sign_in_amounts jsonb NOT NULL,
     rescue_min_loss numeric(14,2) NOT NULL,
     rescue_rate numeric(5,2) NOT NULL,
     rescue_cap numeric(14,2) NOT NULL,
     referral_reward numeric(14,2) NOT NULL,
     referral_min_deposit numeric(14,2) NOT NULL,
     referral_max_friends int NOT NULL,
     leaderboard_prizes jsonb NOT NULL
   )`,
  // Rewards and vouchers: claimed by one conditional UPDATE (state 'available' -> 'claimed'); an
  // available one past expires_at reads as expired.
  `CREATE TABLE IF NOT EXISTS mc_rewards (
     id text PRIMARY KEY,
     member_id int NOT NULL REFERENCES members (id) ON DELETE CASCADE,
     title text NOT NULL,
     source text NOT NULL,
     amount numeric(14,2) NOT NULL CHECK (amount >= 0),
     state text NOT NULL DEFAULT 'available' CHECK (state IN ('available', 'claimed')),
     expires_at timestamptz,
     claimed_at timestamptz,
     created_at timestamptz NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS mc_rewards_member ON mc_rewards (member_id, created_at)`,
  `CREATE TABLE IF NOT EXISTS mc_vouchers (
     id text PRIMARY KEY,
     member_id int NOT NULL REFERENCES members (id) ON DELETE CASCADE,
     code text NOT NULL,
     title text NOT NULL,
     kind text NOT NULL CHECK (kind IN ('BONUS', 'FREE_SPINS', 'CASHBACK')),
     value numeric(14,2) NOT NULL CHECK (value >= 0),
     min_deposit numeric(14,2),
     state text NOT NULL DEFAULT 'available' CHECK (state IN ('available', 'claimed')),
     expires_at timestamptz,
     claimed_at timestamptz,
     created_at timestamptz NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS mc_vouchers_member ON mc_vouchers (member_id, created_at)`,
  // One sign-in per member and local date (the zone pinned in members.sign_in_time_zone): the
  // primary key is what refuses a second one, concurrent ones included.
  `CREATE TABLE IF NOT EXISTS mc_sign_ins (
     member_id int NOT NULL REFERENCES members (id) ON DELETE CASCADE,
     local_date text NOT NULL,
     streak int NOT NULL,
     day int NOT NULL,
     amount numeric(14,2) NOT NULL,
     created_at timestamptz NOT NULL,
     PRIMARY KEY (member_id, local_date)
   )`,
  // Novice tasks: the merchant's definitions, and each member's progress and claim.
  `CREATE TABLE IF NOT EXISTS mc_tasks (
     merchant_code text NOT NULL,
     id text NOT NULL,
     kind text NOT NULL CHECK (kind IN ('PROFILE', 'SIGN_IN', 'DEPOSIT', 'PLAY', 'INVITE')),
     goal int NOT NULL CHECK (goal > 0),
     amount numeric(14,2) NOT NULL,
     link text,
     sort int NOT NULL DEFAULT 0,
     PRIMARY KEY (merchant_code, id)
   )`,
  `CREATE TABLE IF NOT EXISTS mc_task_progress (
     member_id int NOT NULL REFERENCES members (id) ON DELETE CASCADE,
     task_id text NOT NULL,
     progress int NOT NULL DEFAULT 0,
     claimed_amount numeric(14,2),
     claimed_at timestamptz,
     PRIMARY KEY (member_id, task_id)
   )`,
  // Rescue: the member's net loss per local date, and one claim per member and period (that date).
  `CREATE TABLE IF NOT EXISTS mc_losses (
     member_id int NOT NULL REFERENCES members (id) ON DELETE CASCADE,
     local_date text NOT NULL,
     loss numeric(14,2) NOT NULL,
     PRIMARY KEY (member_id, local_date)
   )`,
  `CREATE TABLE IF NOT EXISTS mc_rescue_claims (
     member_id int NOT NULL REFERENCES members (id) ON DELETE CASCADE,
     period text NOT NULL,
     amount numeric(14,2) NOT NULL,
     claimed_at timestamptz NOT NULL,
     PRIMARY KEY (member_id, period)
   )`,
  // Leaderboard scores per merchant, period ('day', 'week', 'month') and period key (its first UTC
  // date); player 'm:<member id>' for a member, 'x:<name>' for a player without an account here.
  `CREATE TABLE IF NOT EXISTS mc_scores (
     merchant_code text NOT NULL,
     period text NOT NULL CHECK (period IN ('day', 'week', 'month')),
     period_key text NOT NULL,
     player text NOT NULL,
     member_id int REFERENCES members (id) ON DELETE CASCADE,
     name text NOT NULL,
     score numeric(14,2) NOT NULL,
     updated_at timestamptz NOT NULL,
     PRIMARY KEY (merchant_code, period, period_key, player)
   )`,
  // A VIP label's benefits: a JSON array of { kind, value }.
  `CREATE TABLE IF NOT EXISTS mc_vip_benefits (
     label_id int PRIMARY KEY REFERENCES vip_labels (id) ON DELETE CASCADE,
     benefits jsonb NOT NULL DEFAULT '[]'::jsonb
   )`,
  `CREATE TABLE IF NOT EXISTS mc_feedback (
     id serial PRIMARY KEY,
     member_id int NOT NULL REFERENCES members (id) ON DELETE CASCADE,
     category text NOT NULL,
     content text NOT NULL,
     image bytea,
     image_type text,
     status text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'answered')),
     reply text,
     created_at timestamptz NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS mc_feedback_member ON mc_feedback (member_id, created_at)`,
  // A member's referral code (made at the first read); a friend is a member who registered with it
  // (members.referral_code).
  `CREATE TABLE IF NOT EXISTS mc_referral_codes (
     member_id int PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
     merchant_code text NOT NULL,
     code text NOT NULL
   )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS mc_referral_codes_code ON mc_referral_codes (merchant_code, code)`,
  `CREATE INDEX IF NOT EXISTS members_referral_code ON members (merchant_code, upper(referral_code)) WHERE referral_code IS NOT NULL`,
];
