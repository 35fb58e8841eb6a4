/**
 * The home engagement room's tables: promotions, popups, the chat, VIP labels, the demo seeds'
 * record. Applied in order by server/db/migrations.ts.
 */

export const ENGAGEMENT_TABLES = [
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
];

/** Content languages of promotions and popups. */
export const CONTENT_TEXTS = [
  // The same promotion or popup in other languages, by language code ({ "CN": { "title": ... } }),
  // answered for the request's `Language` header; null (what an operator publishes): as written.
  `ALTER TABLE promotions ADD COLUMN IF NOT EXISTS texts jsonb`,
  `ALTER TABLE announcements ADD COLUMN IF NOT EXISTS texts jsonb`,
];
