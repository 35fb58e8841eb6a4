/**
 * The database: one tiny adapter over the embedded PGlite (default) or a PostgreSQL server through
 * `pg` (DATABASE_URL). Both speak the same SQL, so the queries below and in the handlers run on both.
 */
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir, secureDataDir } from '../infra/data-dir.ts';
import { ensureCluster, PGLITE_CONF } from './cluster.ts';
import { FIELD_DATA_MIGRATIONS } from '../field-data/schema.ts';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export type Query = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<QueryResult<T>>;

export interface Db {
  query: Query;
  /** Runs `fn` in one transaction (on one connection), committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (query: Query) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** SQLSTATE of a unique-index violation (the same code from PGlite and from a PostgreSQL server). */
export const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === UNIQUE_VIOLATION;
}

/** The name of the unique index a violation hit (PGlite and `pg` both report it), or undefined. */
export function violatedIndex(err: unknown): string | undefined {
  if (!isUniqueViolation(err)) return undefined;
  const name = (err as { constraint?: unknown }).constraint;
  return typeof name === 'string' ? name : undefined;
}

/**
 * Every statement is idempotent, so the list runs on each start; a later change appends statements
 * (`ALTER TABLE ... ADD COLUMN IF NOT EXISTS ...`) rather than editing these.
 */
const MIGRATIONS = [
  `CREATE TABLE IF NOT EXISTS members (
     id serial PRIMARY KEY,
     merchant_code text NOT NULL,
     username text NOT NULL,
     password_hash text NOT NULL,
     type int NOT NULL DEFAULT 0,
     language text NOT NULL DEFAULT 'EN',
     login_count int NOT NULL DEFAULT 0,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  // Usernames are unique per merchant regardless of case; registration relies on this index.
  `CREATE UNIQUE INDEX IF NOT EXISTS members_merchant_username ON members (merchant_code, lower(username))`,
  // Only the SHA-256 of a token is kept: a copy of the table does not hand out sessions.
  `CREATE TABLE IF NOT EXISTS sessions (
     token_hash text PRIMARY KEY,
     member_id int NOT NULL REFERENCES members (id) ON DELETE CASCADE,
     created_at timestamptz NOT NULL DEFAULT now(),
     expires_at timestamptz NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS sessions_member ON sessions (member_id)`,
  // A session that must change its password first (default password, or expired with PWDEXPFORCECHANGE3).
  `ALTER TABLE sessions ADD COLUMN IF NOT EXISTS must_change_password boolean NOT NULL DEFAULT false`,
  // What the dev controls switched, per merchant (server/db/state.ts): only the changed fields, merged
  // over the merchants.json `status` block on every read.
  `CREATE TABLE IF NOT EXISTS merchant_state (
     merchant_code text PRIMARY KEY,
     state jsonb NOT NULL DEFAULT '{}'::jsonb,
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
  // Sign-in (login, two-factor, registration by mobile number, password change). The factors of the
  // second check are email, payee_name (real bank name), mobile_num and ga_secret (an authenticator
  // secret, sealed with the key in DATA_DIR/server-secret.key, never in clear); ga_last_step is the
  // last authenticator time step used, so a code works once.
  `ALTER TABLE members ADD COLUMN IF NOT EXISTS email text`,
  `ALTER TABLE members ADD COLUMN IF NOT EXISTS payee_name text`,
  `ALTER TABLE members ADD COLUMN IF NOT EXISTS country_dialing_code text`,
  `ALTER TABLE members ADD COLUMN IF NOT EXISTS mobile_num text`,
  `ALTER TABLE members ADD COLUMN IF NOT EXISTS ga_secret text`,
  `ALTER TABLE members ADD COLUMN IF NOT EXISTS ga_last_step bigint`,
  `ALTER TABLE members ADD COLUMN IF NOT EXISTS password_changed_at timestamptz NOT NULL DEFAULT now()`,
  `ALTER TABLE members ADD COLUMN IF NOT EXISTS referral_code text`,
  `ALTER TABLE members ADD COLUMN IF NOT EXISTS affiliate_code text`,
  `ALTER TABLE members ADD COLUMN IF NOT EXISTS register_method text`,
  `ALTER TABLE members ADD COLUMN IF NOT EXISTS domain text`,
  // A mobile number belongs to one member per merchant; registration by mobile relies on this index.
  `CREATE UNIQUE INDEX IF NOT EXISTS members_merchant_mobile
     ON members (merchant_code, country_dialing_code, mobile_num) WHERE mobile_num IS NOT NULL`,
  // IP addresses a member logged in from; a login from another one asks for a second check.
  `CREATE TABLE IF NOT EXISTS member_ips (
     member_id int NOT NULL REFERENCES members (id) ON DELETE CASCADE,
     ip text NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     last_seen_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (member_id, ip)
   )`,
  // SMS codes: only an HMAC of the code is kept (server/signin/sms.ts); 5 minutes, single use, 5 tries.
  `CREATE TABLE IF NOT EXISTS sms_codes (
     id serial PRIMARY KEY,
     merchant_code text NOT NULL,
     country_dialing_code text NOT NULL,
     mobile_num text NOT NULL,
     code_hash text NOT NULL,
     attempts int NOT NULL DEFAULT 0,
     created_at timestamptz NOT NULL,
     expires_at timestamptz NOT NULL,
     used_at timestamptz
   )`,
  `CREATE INDEX IF NOT EXISTS sms_codes_number ON sms_codes (merchant_code, country_dialing_code, mobile_num)`,
  // Captcha stand-in (server/signin/captcha.ts): challenges (v3) and lots (v4) it issued, and the results of
  // solved ones, kept as an HMAC only; 10 minutes, each result single use.
  `CREATE TABLE IF NOT EXISTS captcha_challenges (
     id text PRIMARY KEY,
     captcha_id text NOT NULL,
     version text NOT NULL,
     created_at timestamptz NOT NULL,
     expires_at timestamptz NOT NULL
   )`,
  `CREATE TABLE IF NOT EXISTS captcha_results (
     result_hash text PRIMARY KEY,
     challenge_id text NOT NULL,
     captcha_id text NOT NULL,
     version text NOT NULL,
     created_at timestamptz NOT NULL,
     expires_at timestamptz NOT NULL,
     used_at timestamptz
   )`,
  // Identity provider accounts (server/signin/identity.ts) linked to members: one member per provider uid
  // and merchant; a member may have several (Google and a phone number, say). email and phone are
  // what the provider said when the link was made (kept for support; never a second-check factor).
  `CREATE TABLE IF NOT EXISTS member_identities (
     id serial PRIMARY KEY,
     merchant_code text NOT NULL,
     uid text NOT NULL,
     channel text NOT NULL,
     email text,
     phone text,
     member_id int NOT NULL REFERENCES members (id) ON DELETE CASCADE,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS member_identities_merchant_uid ON member_identities (merchant_code, uid)`,
  `CREATE INDEX IF NOT EXISTS member_identities_member ON member_identities (member_id)`,
  // Attempt counters and rate limits (infra/limits.ts) and the seen request nonces (infra/replay.ts):
  // in the database, so every instance on it counts and refuses alike.
  `CREATE TABLE IF NOT EXISTS limit_events (
     id bigserial PRIMARY KEY,
     counter text NOT NULL,
     key text NOT NULL,
     at bigint NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS limit_events_key ON limit_events (counter, key, at)`,
  `CREATE TABLE IF NOT EXISTS request_nonces (
     nonce text PRIMARY KEY,
     expires_at bigint NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS request_nonces_expiry ON request_nonces (expires_at)`,
  // With DATABASE_URL: the keys every instance shares (db/keys.ts); the embedded database leaves it empty.
  `CREATE TABLE IF NOT EXISTS server_keys (
     name text PRIMARY KEY,
     value text NOT NULL
   )`,
  // Home engagement (server/engagement/). Promotions: ids are per merchant (a banner's linkage names one);
  // live while enabled and start_time <= now < end_time (no end: open-ended).
  `CREATE TABLE IF NOT EXISTS promotions (
     merchant_code text NOT NULL,
     id text NOT NULL,
     type text NOT NULL,
     title text NOT NULL,
     summary text NOT NULL DEFAULT '',
     content text NOT NULL DEFAULT '',
     image_url text,
     start_time timestamptz NOT NULL DEFAULT now(),
     end_time timestamptz,
     enabled boolean NOT NULL DEFAULT true,
     sort int NOT NULL DEFAULT 0,
     PRIMARY KEY (merchant_code, id)
   )`,
  // Popup items; content is the operator's HTML, stored as written (the client sanitises it).
  `CREATE TABLE IF NOT EXISTS announcements (
     id serial PRIMARY KEY,
     merchant_code text NOT NULL,
     title text NOT NULL,
     content text NOT NULL,
     promotion_type text,
     promotion_id text,
     execution text NOT NULL CHECK (execution IN ('A', 'B', 'F')),
     force_read boolean NOT NULL DEFAULT false,
     platform text NOT NULL DEFAULT 'M' CHECK (platform IN ('M', 'ALL')),
     category text,
     published_at timestamptz NOT NULL DEFAULT now(),
     sort int NOT NULL DEFAULT 0
   )`,
  `CREATE INDEX IF NOT EXISTS announcements_merchant ON announcements (merchant_code, published_at)`,
  `CREATE TABLE IF NOT EXISTS chat_messages (
     id serial PRIMARY KEY,
     member_id int NOT NULL REFERENCES members (id) ON DELETE CASCADE,
     sender text NOT NULL CHECK (sender IN ('agent', 'member')),
     body text NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     read_at timestamptz
   )`,
  `CREATE INDEX IF NOT EXISTS chat_messages_member ON chat_messages (member_id, id)`,
  // What opens the chat page: only the SHA-256 of a ticket is kept, never the session token.
  `CREATE TABLE IF NOT EXISTS chat_tickets (
     ticket_hash text PRIMARY KEY,
     member_id int NOT NULL REFERENCES members (id) ON DELETE CASCADE,
     expires_at timestamptz NOT NULL
   )`,
  // The session a chat ticket was issued to (its token's hash): the ticket opens nothing once that
  // session is gone (logout, expiry). A ticket from before this column has none, so it opens nothing.
  `ALTER TABLE chat_tickets ADD COLUMN IF NOT EXISTS session_hash text`,
  `CREATE TABLE IF NOT EXISTS vip_labels (
     id serial PRIMARY KEY,
     merchant_code text NOT NULL,
     name text NOT NULL,
     type text NOT NULL CHECK (type IN ('AUTO', 'MANUAL')),
     rank_level int NOT NULL,
     expected_conditions int NOT NULL DEFAULT 0
   )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS vip_labels_merchant_name ON vip_labels (merchant_code, name)`,
  `ALTER TABLE members ADD COLUMN IF NOT EXISTS vip_label_id int REFERENCES vip_labels (id) ON DELETE SET NULL`,
  `ALTER TABLE members ADD COLUMN IF NOT EXISTS vip_completed int NOT NULL DEFAULT 0`,
  // Which demo data a merchant got (server/engagement/seed.ts): seeded once, so what a dev control
  // deleted stays deleted across restarts.
  `CREATE TABLE IF NOT EXISTS demo_seeds (
     merchant_code text NOT NULL,
     part text NOT NULL,
     seeded_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (merchant_code, part)
   )`,
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
  // The push relay (server/push/relay.ts): a registration token (one browser's push subscription) bound
  // to one member of a merchant (a token bound again by another member moves to that member), and
  // the topics it is subscribed to. The token is kept as it is: sending a push needs it.
  `CREATE TABLE IF NOT EXISTS push_tokens (
     merchant_code text NOT NULL,
     token text NOT NULL,
     member_id int NOT NULL REFERENCES members (id) ON DELETE CASCADE,
     bound_at timestamptz NOT NULL,
     PRIMARY KEY (merchant_code, token)
   )`,
  `CREATE INDEX IF NOT EXISTS push_tokens_member ON push_tokens (member_id, bound_at)`,
  // The session that bound the token (its hash): while it lives, only that member may unbind the token
  // or see it taken by another member (server/push/relay.ts). Older rows have none: free to rebind.
  `ALTER TABLE push_tokens ADD COLUMN IF NOT EXISTS session_hash text`,
  `CREATE TABLE IF NOT EXISTS push_topics (
     merchant_code text NOT NULL,
     token text NOT NULL,
     topic text NOT NULL,
     created_at timestamptz NOT NULL,
     PRIMARY KEY (merchant_code, token, topic),
     FOREIGN KEY (merchant_code, token) REFERENCES push_tokens (merchant_code, token) ON DELETE CASCADE
   )`,
  // The push service stand-in (server/push/push-service.ts): the Web Push subscriptions it was given,
  // by the registration token it handed out.
  `CREATE TABLE IF NOT EXISTS push_registrations (
     token text PRIMARY KEY,
     project_id text NOT NULL,
     endpoint text NOT NULL,
     auth text NOT NULL,
     p256dh text NOT NULL,
     created_at timestamptz NOT NULL,
     updated_at timestamptz NOT NULL
   )`,
  // The tracking post (server/tracking/tracking.ts): one row per event id and merchant, so a beacon
  // sent twice is stored once. `payload` holds the event's SPEC fields, `attribution` what came with it.
  `CREATE TABLE IF NOT EXISTS tracking_events (
     id bigserial PRIMARY KEY,
     merchant_code text NOT NULL,
     event_id text NOT NULL,
     name text NOT NULL,
     event_time bigint NOT NULL,
     page text NOT NULL,
     payload jsonb NOT NULL,
     attribution jsonb,
     received_at timestamptz NOT NULL,
     client_ip text NOT NULL
   )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS tracking_events_event ON tracking_events (merchant_code, event_id)`,
  // The per-client cap counts an address's last minute; the retention deletes by age
  // (server/tracking/tracking.ts). `verified`: the customerId is the posting session's member.
  `CREATE INDEX IF NOT EXISTS tracking_events_client ON tracking_events (client_ip, received_at)`,
  `CREATE INDEX IF NOT EXISTS tracking_events_received ON tracking_events (received_at)`,
  `ALTER TABLE tracking_events ADD COLUMN IF NOT EXISTS verified boolean NOT NULL DEFAULT false`,
  // The same promotion or popup in other languages, by language code ({ "CN": { "title": ... } }),
  // answered for the request's `Language` header; null (what an operator publishes): as written.
  `ALTER TABLE promotions ADD COLUMN IF NOT EXISTS texts jsonb`,
  `ALTER TABLE announcements ADD COLUMN IF NOT EXISTS texts jsonb`,
  ...FIELD_DATA_MIGRATIONS,
];

/**
 * Demo and test mode only: the SMS codes "sent", in clear, for the dev control GET /dev/outbox.
 * In production this table does not exist (it is dropped if an earlier demo run left it).
 */
const DEV_MIGRATIONS = [
  `CREATE TABLE IF NOT EXISTS sms_outbox (
     id serial PRIMARY KEY,
     merchant_code text NOT NULL,
     country_dialing_code text NOT NULL,
     mobile_num text NOT NULL,
     code text NOT NULL,
     created_at timestamptz NOT NULL,
     expires_at timestamptz NOT NULL
   )`,
];
const PRODUCTION_MIGRATIONS = [`DROP TABLE IF EXISTS sms_outbox`];

export interface OpenDbOptions {
  /** Folder for PGlite's files (DATA_DIR/pg); ':memory:' for a throw-away database. */
  dataDir: string;
  databaseUrl?: string;
  /** Production: no SMS outbox. */
  production?: boolean;
}

export async function openDb({ dataDir, databaseUrl, production = false }: OpenDbOptions): Promise<Db> {
  const db = databaseUrl ? openPg(databaseUrl) : await openPglite(dataDir);
  try {
    for (const sql of [...MIGRATIONS, ...(production ? PRODUCTION_MIGRATIONS : DEV_MIGRATIONS)]) await db.query(sql);
    // PGlite sets some modes itself (0666 from its initial files, 0644 on files it rewrites at open),
    // whatever the umask: taken back once it is up. Later files are private through the folder (0700).
    if (!databaseUrl && dataDir !== ':memory:') secureDataDir(dataDir);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

async function openPglite(dataDir: string): Promise<Db> {
  // PGlite has no locking of its own: a second instance on the same files loses data.
  const unlock = dataDir === ':memory:' ? () => {} : lockDataDir(dataDir);
  let lite: PGlite;
  try {
    if (dataDir === ':memory:') lite = new PGlite({ postgresqlconf: PGLITE_CONF });
    else {
      const pgDir = join(dataDir, 'pg');
      // A fresh folder gets its cluster from a worker (./cluster.ts): this thread only ever opens one.
      await ensureCluster(pgDir);
      lite = new PGlite(pgDir, { postgresqlconf: PGLITE_CONF });
    }
    await lite.waitReady;
  } catch (err) {
    unlock();
    throw err;
  }
  const convert = <T>(result: { rows: T[]; affectedRows?: number }) => ({
    rows: result.rows,
    rowCount: result.affectedRows ?? result.rows.length,
  });
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      return convert(await lite.query<T>(sql, params));
    },
    transaction: (fn) => lite.transaction((tx) => fn(async (sql, params = []) => convert(await tx.query(sql, params)))),
    close: () => lite.close().finally(unlock),
  };
}

function openPg(connectionString: string): Db {
  const pool = new pg.Pool({ connectionString, max: 10 });
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await pool.query(sql, params);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const value = await fn(async (sql, params = []) => {
          const result = await client.query(sql, params);
          return { rows: result.rows, rowCount: result.rowCount ?? 0 };
        });
        await client.query('COMMIT');
        return value;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
