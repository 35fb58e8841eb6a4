/**
 * The schema as versioned migrations (server/db/migrations.ts): each applied once, in order, in a
 * transaction; a data folder made before the schema was versioned upgrades without losing rows; the
 * same on a PostgreSQL server when TEST_DATABASE_URL names a throw-away one (as postgres.test.ts).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { schemaDumpPath, templateDump } from '../../server/db/cluster.ts';
import { migrate, openDb, schemaKey, type Db } from '../../server/db/db.ts';
import { MIGRATIONS, modeStatements, type Migration } from '../../server/db/migrations.ts';
import { tempDir } from './helpers.ts';

const tmp = tempDir();
after(() => tmp.remove());
const databaseUrl = process.env.TEST_DATABASE_URL;

/** What the server did before the schema was versioned: every statement, in this order, on each start. */
const UNVERSIONED = [...MIGRATIONS.flatMap((m) => m.statements), ...modeStatements(false)];

/** Rows of several rooms, as an older server left them. */
async function fillRows(query: (sql: string, params?: unknown[]) => Promise<unknown>) {
  await query(
    `INSERT INTO members (merchant_code, username, password_hash, email) VALUES ('demo', 'old_timer', 'x', 'o@example.com')`,
  );
  await query(`INSERT INTO promotions (merchant_code, id, type, title) VALUES ('demo', 'p1', 'DEPOSIT', 'Old promotion')`);
  await query(`INSERT INTO merchant_state (merchant_code, state) VALUES ('demo', '{"maintenance": true}')`);
}

async function assertRowsKept(db: Db) {
  const member = await db.query<{ email: string }>(`SELECT email FROM members WHERE username = 'old_timer'`);
  assert.deepEqual(member.rows, [{ email: 'o@example.com' }]);
  const promotion = await db.query<{ title: string }>(`SELECT title FROM promotions WHERE id = 'p1'`);
  assert.deepEqual(promotion.rows, [{ title: 'Old promotion' }]);
  const state = await db.query<{ state: unknown }>(`SELECT state FROM merchant_state WHERE merchant_code = 'demo'`);
  assert.deepEqual(state.rows, [{ state: { maintenance: true } }]);
}

async function versions(db: Db): Promise<number[]> {
  const { rows } = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
  return rows.map((r) => r.version);
}

const all = MIGRATIONS.map((m) => m.version);
/** A migration that fails when run twice (no IF NOT EXISTS), as migrations from 10 on may be written. */
const addNickname: Migration = {
  version: MIGRATIONS.length + 1,
  name: 'nickname',
  statements: ['ALTER TABLE members ADD COLUMN nickname text'],
};

test('the migrations are numbered 1, 2, 3, ... in list order; a list out of order is refused', async () => {
  assert.deepEqual(
    all,
    MIGRATIONS.map((_, i) => i + 1),
  );
  const db = await openDb({ dataDir: ':memory:' });
  try {
    const skipped = [MIGRATIONS[0]!, { ...MIGRATIONS[1]!, version: 3 }];
    await assert.rejects(migrate(db, skipped), /version 3, expected 2/);
  } finally {
    await db.close();
  }
});

test("':memory:' loads the cluster template's dump (no initdb in this process): a pristine cluster, no table yet", async () => {
  const dump = await templateDump();
  assert.ok(dump && dump.size > 0, 'a template is kept (node_modules/.cache/wps-mobile), made when missing');
  const lite = new PGlite({ loadDataDir: dump });
  try {
    const { rows } = await lite.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
    assert.deepEqual(rows, [], 'what openDb then migrates is an empty cluster');
  } finally {
    await lite.close();
  }
});

/** Every column of the public schema, as `table.column type`. */
async function columns(query: (sql: string) => Promise<{ rows: unknown[] }>): Promise<string[]> {
  const { rows } = await query(
    `SELECT table_name || '.' || column_name || ' ' || data_type AS c FROM information_schema.columns
     WHERE table_schema = 'public' ORDER BY table_name, column_name`,
  );
  return (rows as { c: string }[]).map((r) => r.c);
}

test("':memory:' after the first: the migrated schema's dump is kept and loaded, the same schema, a database of its own", async () => {
  const path = schemaDumpPath(schemaKey())!;
  writeFileSync(path, 'not a dump'); // a damaged dump: migrated from the pristine cluster again, and made anew
  const first = await openDb({ dataDir: ':memory:' });
  const pristine = new PGlite({ loadDataDir: await templateDump() });
  try {
    assert.ok(existsSync(path), 'the dump is kept');
    await migrate({
      query: async (sql, params) => {
        const r = await pristine.query(sql, params);
        return { rows: r.rows as never[], rowCount: r.rows.length };
      },
      transaction: (fn) =>
        pristine.transaction((tx) =>
          fn(async (sql, params) => ({ rows: (await tx.query(sql, params)).rows as never[], rowCount: 0 })),
        ),
      close: () => pristine.close(),
    });
    for (const sql of modeStatements(false)) await pristine.query(sql); // as openDb does after migrating
    assert.deepEqual(
      await columns((sql) => first.query(sql)),
      await columns((sql) => pristine.query(sql)),
      'what migrating makes',
    );
    await fillRows((sql, params) => first.query(sql, params));
  } finally {
    await first.close();
    await pristine.close();
  }
  const second = await openDb({ dataDir: ':memory:' });
  try {
    assert.deepEqual(await versions(second), all);
    assert.deepEqual(await migrate(second), [], 'loaded migrated: nothing to apply');
    assert.deepEqual((await second.query(`SELECT username FROM members`)).rows, [], "not the first one's rows");
  } finally {
    await second.close();
  }
  assert.notEqual(schemaKey([...MIGRATIONS, addNickname]), schemaKey(), 'a new migration: another dump');
});

test('a fresh database gets every migration once, in order; a new one runs once; a failing one leaves nothing', async () => {
  const db = await openDb({ dataDir: ':memory:' });
  try {
    assert.deepEqual(await versions(db), all);
    assert.deepEqual(await migrate(db), [], 'nothing is applied twice');
    assert.deepEqual(await migrate(db, [...MIGRATIONS, addNickname]), [addNickname.version]);
    assert.deepEqual(await migrate(db, [...MIGRATIONS, addNickname]), [], 'the ALTER would fail if run again');
    await db.query(`SELECT nickname FROM members`);

    // One transaction per migration: the table of a migration whose second statement fails is gone.
    const broken: Migration = {
      version: addNickname.version + 1,
      name: 'broken',
      statements: ['CREATE TABLE half_done (a int)', 'SELECT * FROM no_such_table'],
    };
    await assert.rejects(migrate(db, [...MIGRATIONS, addNickname, broken]), /no_such_table/);
    assert.equal((await db.query(`SELECT to_regclass('half_done') AS t`)).rows[0]?.t, null);
    assert.deepEqual(await versions(db), [...all, addNickname.version]);

    // A server older than its database does not run on a schema it does not know.
    await assert.rejects(
      migrate(db),
      new RegExp(`schema is at version ${addNickname.version}, newer than this server's ${MIGRATIONS.length}`),
    );
  } finally {
    await db.close();
  }
});

test('a data folder made before the schema was versioned upgrades without losing rows', async () => {
  const dataDir = join(tmp.dir, 'old');
  // The unversioned server's start: PGlite in DATA_DIR/pg, every statement, then its rows.
  mkdirSync(dataDir, { mode: 0o700 });
  const lite = new PGlite(join(dataDir, 'pg'));
  for (const sql of UNVERSIONED) await lite.query(sql);
  await fillRows((sql, params) => lite.query(sql, params));
  await lite.close();

  const db = await openDb({ dataDir });
  let appliedAt: unknown;
  try {
    assert.deepEqual(await versions(db), all);
    await assertRowsKept(db);
    appliedAt = (await db.query('SELECT max(applied_at) AS at FROM schema_migrations')).rows[0]?.at;
  } finally {
    await db.close();
  }
  const again = await openDb({ dataDir });
  try {
    assert.deepEqual(await migrate(again), [], 'the folder remembers its version');
    assert.deepEqual((await again.query('SELECT max(applied_at) AS at FROM schema_migrations')).rows[0]?.at, appliedAt);
    await assertRowsKept(again);
  } finally {
    await again.close();
  }
});

test(
  'on PostgreSQL: an unversioned database upgrades once while two servers start at the same time',
  { skip: !databaseUrl && 'TEST_DATABASE_URL is not set' },
  async () => {
    // A database of its own, so the one the other tests use is left as it is.
    const name = `wps_migrations_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(databaseUrl!);
    url.pathname = `/${name}`;
    try {
      const old = new pg.Client({ connectionString: url.href });
      await old.connect();
      for (const sql of UNVERSIONED) await old.query(sql);
      await fillRows((sql, params) => old.query(sql, params));
      await old.end();

      const both = await Promise.all([
        openDb({ dataDir: ':memory:', databaseUrl: url.href }),
        openDb({ dataDir: ':memory:', databaseUrl: url.href }),
      ]);
      try {
        assert.deepEqual(await versions(both[0]), all, 'each version recorded once');
        await assertRowsKept(both[1]);
        const applied = await Promise.all(both.map((db) => migrate(db, [...MIGRATIONS, addNickname])));
        assert.deepEqual(applied.flat(), [addNickname.version], 'one of the two applied it');
      } finally {
        await Promise.all(both.map((db) => db.close()));
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    }
  },
);
