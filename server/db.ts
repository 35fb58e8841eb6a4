/**
 * The database: one tiny adapter over the embedded PGlite (default) or a PostgreSQL server through
 * `pg` (DATABASE_URL). Both speak the same SQL, so the queries below and in the handlers run on both.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Merchants } from './merchants.ts';
import { hashPassword } from './passwords.ts';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  close(): Promise<void>;
}

/** SQLSTATE of a unique-index violation (the same code from PGlite and from a PostgreSQL server). */
export const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === UNIQUE_VIOLATION;
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
  // What the dev controls switched, per merchant (server/state.ts): only the changed fields, merged
  // over the merchants.json `status` block on every read.
  `CREATE TABLE IF NOT EXISTS merchant_state (
     merchant_code text PRIMARY KEY,
     state jsonb NOT NULL DEFAULT '{}'::jsonb,
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
];

export interface OpenDbOptions {
  /** Folder for PGlite's files (DATA_DIR/pg); ':memory:' for a throw-away database. */
  dataDir: string;
  databaseUrl?: string;
}

export async function openDb({ dataDir, databaseUrl }: OpenDbOptions): Promise<Db> {
  const db = databaseUrl ? openPg(databaseUrl) : await openPglite(dataDir);
  try {
    for (const sql of MIGRATIONS) await db.query(sql);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

async function openPglite(dataDir: string): Promise<Db> {
  let lite: PGlite;
  if (dataDir === ':memory:') {
    lite = new PGlite();
  } else {
    mkdirSync(dataDir, { recursive: true });
    lite = new PGlite(join(dataDir, 'pg'));
  }
  await lite.waitReady;
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await lite.query<T>(sql, params);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    close: () => lite.close(),
  };
}

function openPg(connectionString: string): Db {
  const pool = new pg.Pool({ connectionString, max: 10 });
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await pool.query(sql, params);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
    },
    close: () => pool.end(),
  };
}

/** Creates each merchant's demo members that are not there yet (an existing one is left alone). */
export async function seedMembers(db: Db, merchants: Merchants): Promise<void> {
  for (const merchant of merchants.byCode.values()) {
    for (const m of merchant.members) {
      const found = await db.query(
        'SELECT 1 FROM members WHERE merchant_code = $1 AND lower(username) = lower($2)',
        [merchant.code, m.username],
      );
      if (found.rows.length) continue;
      await db.query(
        `INSERT INTO members (merchant_code, username, password_hash, type, language)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
        [merchant.code, m.username, await hashPassword(m.password), m.type, m.language],
      );
    }
  }
}
