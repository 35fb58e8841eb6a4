/**
 * The field-data room's tables (docs/field-data.md): migration 10 (server/db/migrations.ts). A later
 * change is a new migration, never an edit of these.
 */
export const FIELD_DATA_TABLES = [
  // One row per web-vitals metric of a page load: its id is unique per load and metric, so a later
  // report of the same metric (CLS and INP grow while the page lives) replaces the earlier one.
  `CREATE TABLE IF NOT EXISTS field_vitals (
     id bigserial PRIMARY KEY,
     merchant_code text NOT NULL,
     metric_id text NOT NULL,
     name text NOT NULL,
     value double precision NOT NULL,
     route text NOT NULL,
     target text,
     build text NOT NULL,
     mode text NOT NULL,
     connection text,
     received_at timestamptz NOT NULL,
     client_ip text NOT NULL
   )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS field_vitals_metric ON field_vitals (merchant_code, metric_id)`,
  `CREATE INDEX IF NOT EXISTS field_vitals_received ON field_vitals (received_at)`,
  // Uncaught errors: one row per distinct error of a page view and post, `count` the times it happened.
  `CREATE TABLE IF NOT EXISTS field_errors (
     id bigserial PRIMARY KEY,
     merchant_code text NOT NULL,
     route text NOT NULL,
     kind text NOT NULL,
     message text NOT NULL,
     stack text NOT NULL DEFAULT '',
     count integer NOT NULL,
     build text NOT NULL,
     mode text NOT NULL,
     received_at timestamptz NOT NULL,
     client_ip text NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS field_errors_received ON field_errors (received_at)`,
];
