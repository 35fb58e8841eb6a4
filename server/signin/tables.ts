/**
 * The sign-in room's tables (members, sessions, their factors and IPs, SMS codes, the captcha
 * stand-in, identity provider links). Applied in order by server/db/migrations.ts; a change to
 * them is a new migration there, never an edit of these statements.
 */

/** Members and their sessions (the first tables: most others reference members). */
export const MEMBER_TABLES = [
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
];

/** The second check's factors, login IPs, SMS codes, the captcha stand-in, identity provider links. */
export const SIGNIN_TABLES = [
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
];

/**
 * Demo and test mode only: the SMS codes "sent", in clear, for the dev control GET /dev/outbox.
 * In production this table does not exist (it is dropped if an earlier demo run left it).
 */
export const SMS_OUTBOX_TABLE = [
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
export const DROP_SMS_OUTBOX = [`DROP TABLE IF EXISTS sms_outbox`];
