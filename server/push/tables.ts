/**
 * The push room's tables: the relay's tokens and topics, the push service stand-in's registrations.
 * Applied in order by server/db/migrations.ts.
 */

export const PUSH_TABLES = [
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
];
