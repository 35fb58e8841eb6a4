/**
 * The embedded database's cluster (DATA_DIR/pg), made off the main thread (docs/server.md, "Start and
 * memory").
 *
 * PGlite runs PostgreSQL in WebAssembly, and WebAssembly memory never shrinks: a server whose own
 * process ran initdb kept about 780 MiB for good, where one that opens a ready cluster holds about
 * 160 MiB. So a fresh data folder gets its cluster from a short-lived child process (a worker thread
 * was tried: the process kept about 150 MiB of it), and the server then opens it as it would any
 * existing one.
 *
 * initdb itself takes seconds; its result is the same every time. The first cluster made on a machine
 * is kept as a template (node_modules/.cache/wps-mobile/, per PGlite version: PGlite's own dump, a
 * tar.gz of the cluster's folder), and later fresh folders are unpacked from it (about 0.1 s, no
 * PostgreSQL involved). No template, or one that cannot be written: initdb as before.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { extract } from 'tar';

/**
 * PostgreSQL's memory settings for the embedded database: a reference server with a few tables and
 * small rows needs far less than the defaults (shared_buffers 128MB).
 */
export const PGLITE_CONF = ['shared_buffers = 16MB', 'work_mem = 1MB', 'maintenance_work_mem = 8MB', 'temp_buffers = 1MB'];

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function pgliteVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string })
      .version;
  } catch {
    return 'unknown';
  }
}

/** Where the template of this PGlite version is kept (undefined when there is no node_modules to keep it in). */
export function templatePath(): string | undefined {
  const dir = join(ROOT, 'node_modules/.cache/wps-mobile');
  try {
    mkdirSync(dir, { recursive: true });
  } catch {
    return undefined;
  }
  return join(dir, `pglite-${pgliteVersion()}-cluster.tar.gz`);
}

// Runs in the child (plain JavaScript, no TypeScript loader needed); its one argument is the job.
const CHILD = `
const { writeFileSync, renameSync } = require('node:fs');
(async () => {
  const job = JSON.parse(process.argv[1]);
  const { PGlite } = await import(job.pglite);
  const { pgDir, template, conf } = job;
  const db = new PGlite(pgDir, { postgresqlconf: conf });
  await db.waitReady;
  if (template) {
    try {
      // A pristine cluster, before any table: written aside, then renamed (two servers may race).
      const blob = await db.dumpDataDir('gzip');
      const part = template + '.' + process.pid + '.part';
      writeFileSync(part, Buffer.from(await blob.arrayBuffer()));
      renameSync(part, template);
    } catch {
      // No template this time: the next fresh folder runs initdb again.
    }
  }
  await db.close();
})().catch((err) => {
  process.stderr.write(String(err && err.stack || err));
  process.exit(1);
});
`;

/** Makes the cluster in `pgDir` when there is none yet; answers how (for the start-up log and tests). */
export async function ensureCluster(pgDir: string): Promise<'existing' | 'template' | 'initdb'> {
  if (existsSync(join(pgDir, 'PG_VERSION'))) return 'existing';
  const template = templatePath();
  if (template && existsSync(template)) {
    try {
      mkdirSync(pgDir, { recursive: true, mode: 0o700 });
      // Paths are kept inside pgDir (tar refuses absolute and ../ names by default).
      extract({ file: template, cwd: pgDir, sync: true });
      if (existsSync(join(pgDir, 'PG_VERSION'))) return 'template';
    } catch {
      // A damaged template: made again below.
    }
    rmSync(pgDir, { recursive: true, force: true });
    rmSync(template, { force: true });
  }
  const job = { pgDir, template, conf: PGLITE_CONF, pglite: import.meta.resolve('@electric-sql/pglite') };
  const child = spawn(process.execPath, ['-e', CHILD, JSON.stringify(job)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`the embedded database could not be created in ${pgDir}: ${err.trim().split('\n')[0]}`);
  return 'initdb';
}

/**
 * An in-memory database with the schema already in it (`key` names the migrations it holds): the
 * first in-memory database a machine migrates is dumped beside the template, uncompressed, and later
 * ones load that. Loading it takes about 0.5 s of CPU, where the pristine dump and the migrations
 * take about 1.1 s; the server tests open one or more per file. Undefined when there is none yet.
 */
export function schemaDump(key: string): Blob | undefined {
  const path = schemaDumpPath(key);
  try {
    return path && existsSync(path) ? new Blob([readFileSync(path)]) : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `dump` as the schema dump of `key` (written aside, then renamed: two processes may race). */
export async function keepSchemaDump(key: string, dump: Blob): Promise<void> {
  const path = schemaDumpPath(key);
  if (!path) return;
  try {
    const part = `${path}.${process.pid}.part`;
    writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
    renameSync(part, path);
  } catch {
    // Not kept: the next in-memory database migrates again.
  }
}

/** Where the schema dump of `key` is kept, beside the template. */
export function schemaDumpPath(key: string): string | undefined {
  return templatePath()?.replace(/-cluster\.tar\.gz$/, `-schema-${key}.tar`);
}

/**
 * The pristine cluster for an in-memory database (the server tests' ':memory:'): the template's dump,
 * which PGlite loads in about 0.7 s where its own initdb takes 3 to 4 s. Made once (in a child, as
 * above) when there is none; undefined when no template can be kept: initdb in memory then.
 */
export async function templateDump(): Promise<Blob | undefined> {
  const template = templatePath();
  if (!template) return undefined;
  if (!existsSync(template)) {
    const dir = mkdtempSync(join(tmpdir(), 'wps-cluster-'));
    try {
      await ensureCluster(join(dir, 'pg'));
    } catch {
      return undefined;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  try {
    return new Blob([readFileSync(template)]);
  } catch {
    return undefined;
  }
}
