/**
 * The tables no single room owns: the runtime state the dev controls switch, the attempt counters,
 * request nonces and shared keys. Applied in order by ./migrations.ts.
 */

export const STATE_TABLES = [
  // What the dev controls switched, per merchant (server/db/state.ts): only the changed fields, merged
  // over the merchants.json `status` block on every read.
  `CREATE TABLE IF NOT EXISTS merchant_state (
     merchant_code text PRIMARY KEY,
     state jsonb NOT NULL DEFAULT '{}'::jsonb,
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
];

export const GUARD_TABLES = [
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
];
