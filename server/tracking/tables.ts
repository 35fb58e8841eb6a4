/**
 * The tracking room's table. Applied in order by server/db/migrations.ts.
 */

export const TRACKING_TABLES = [
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
];
