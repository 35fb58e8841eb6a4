/**
 * The data folder (DATA_DIR): the embedded database, the RSA key pair and the server key.
 *
 * - Private: the folder is 0700 and nothing in it is open to group or others. An existing tree that is
 *   too open is tightened at start, and again once PGlite is up (it sets some modes itself); start.ts
 *   sets the umask so that what the server writes later is 0600 too.
 * - One server at a time: two PGlite instances on the same files silently lose data, so the one that
 *   comes second refuses to start (`DATA_DIR/server.lock`, holding the pid).
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'server.lock';

/** Creates the folder (0700) and takes group and other permissions off everything already in it. */
export function secureDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  tighten(dir);
}

function tighten(path: string): void {
  const stat = lstatSync(path);
  // A symbolic link is not followed: whatever it points to is not ours to change.
  if (stat.isSymbolicLink()) return;
  if (stat.mode & 0o077) chmodSync(path, stat.mode & 0o700);
  if (stat.isDirectory()) for (const name of readdirSync(path)) tighten(join(path, name));
}

/** Lock files this process holds (real paths): a lock with our own pid that is not here is stale. */
const held = new Set<string>();

/**
 * Takes `DATA_DIR/server.lock` (created exclusively, holding our pid) and answers the function that
 * gives it back. Throws when a live process holds it. A lock left by a process that is gone (a crash,
 * a killed container) is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(realpathSync(dir), LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      held.add(file);
      return () => release(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = readOwner(file);
    if (owner === undefined ? justCreated(file) : isRunning(owner, file)) {
      throw new Error(
        `DATA_DIR ${dir} is in use by another server (pid ${owner ?? 'unknown'}, ${file}). ` +
          'Stop that server or use another DATA_DIR; if no server runs there, delete the lock file.',
      );
    }
    // Stale: removed only if it still names the same dead owner (another starter may have taken it over).
    if (readOwner(file) === owner) unlinkQuietly(file);
  }
  throw new Error(`DATA_DIR ${dir}: could not take ${file}`);
}

function release(file: string): void {
  if (!held.delete(file)) return;
  if (readOwner(file) === process.pid) unlinkQuietly(file);
}

/** The pid in the lock file; undefined when it is gone or unreadable (an empty file: a crash while writing). */
function readOwner(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** An empty lock file younger than a few seconds is another server between creating and writing it. */
function justCreated(file: string): boolean {
  try {
    return Date.now() - lstatSync(file).mtimeMs < 5_000;
  } catch {
    return false;
  }
}

function isRunning(pid: number, file: string): boolean {
  // Our own pid: either we hold it, or a previous run had the same pid (containers restart as pid 1).
  if (pid === process.pid) return held.has(file);
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}
