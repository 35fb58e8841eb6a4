/**
 * The database: one tiny adapter over the embedded PGlite (default) or a PostgreSQL server through
 * `pg` (DATABASE_URL). Both speak the same SQL, so the queries below and in the handlers run on both.
 * The schema is ./migrations.ts, applied when the database opens.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir, secureDataDir } from '../infra/data-dir.ts';
import { ensureCluster, keepSchemaDump, PGLITE_CONF, schemaDump, templateDump } from './cluster.ts';
import { MIGRATIONS, modeStatements, type Migration } from './migrations.ts';

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
  /** An in-memory database just migrated from scratch: keeps its dump for the next one (./cluster.ts, schemaDump). */
  keepSchema?(): Promise<void>;
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
    // The schema's versioned migrations (./migrations.ts), then what the mode asks for.
    const applied = await migrate(db);
    if (applied.length > 0) await db.keepSchema?.();
    for (const sql of modeStatements(production)) await db.query(sql);
    // PGlite sets some modes itself (0666 from its initial files, 0644 on files it rewrites at open),
    // whatever the umask: taken back once it is up. Later files are private through the folder (0700).
    if (!databaseUrl && dataDir !== ':memory:') secureDataDir(dataDir);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

const VERSIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version int PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;
/** Any fixed number: the advisory lock every instance takes while it reads or applies migrations. */
const MIGRATION_LOCK = 281_028;

/** Applies the migrations `db` has not had yet, in order; answers the versions it applied. */
export async function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migration ${m.name}: version ${m.version}, expected ${i + 1}`);
  });
  const applied = await db.transaction(async (query) => {
    await query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await query(VERSIONS_TABLE);
    const { rows } = await query<{ version: number }>('SELECT version FROM schema_migrations');
    return new Set(rows.map((r) => Number(r.version)));
  });
  const newest = Math.max(0, ...applied);
  if (newest > migrations.length) {
    throw new Error(`the database schema is at version ${newest}, newer than this server's ${migrations.length}`);
  }
  const done: number[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    const ran = await db.transaction(async (query) => {
      await query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      // Another instance may have applied it while this one waited for the lock.
      const { rows } = await query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (rows.length > 0) return false;
      for (const sql of migration.statements) await query(sql);
      await query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      return true;
    });
    if (ran) done.push(migration.version);
  }
  return done;
}

/** Names the schema `migrations` make: a schema dump is used only with the migrations that made it. */
export function schemaKey(migrations: readonly Migration[] = MIGRATIONS): string {
  return createHash('sha256').update(JSON.stringify(migrations)).digest('hex').slice(0, 16);
}
const SCHEMA_KEY = schemaKey();

/**
 * An in-memory database: from the schema dump when there is one, else from the cluster template
 * (./cluster.ts), else initdb.
 */
async function openMemory(): Promise<PGlite> {
  for (const read of [() => schemaDump(SCHEMA_KEY), templateDump]) {
    const dump = await read();
    if (!dump) continue;
    const lite = new PGlite({ postgresqlconf: PGLITE_CONF, loadDataDir: dump });
    try {
      await lite.waitReady;
      return lite;
    } catch {
      await lite.close().catch(() => undefined); // a damaged dump: the next way
    }
  }
  return new PGlite({ postgresqlconf: PGLITE_CONF });
}

async function openPglite(dataDir: string): Promise<Db> {
  // PGlite has no locking of its own: a second instance on the same files loses data.
  const unlock = dataDir === ':memory:' ? () => {} : lockDataDir(dataDir);
  let lite: PGlite;
  try {
    if (dataDir === ':memory:') lite = await openMemory();
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
    ...(dataDir === ':memory:' ? { keepSchema: async () => keepSchemaDump(SCHEMA_KEY, await lite.dumpDataDir('none')) } : {}),
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
