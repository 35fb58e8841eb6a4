/**
 * What the disk says about the build's files, cached (infra/static.ts and the files it serves with):
 * stats, bytes, and JSON files of the build read again when they change.
 */
import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';

/**
 * The build's files change only with a new build, and every page load would otherwise stat and read
 * the same few files from disk (through libuv's small thread pool). What the disk says about a path
 * (its stat, or that it is missing) is kept for `fileCache.ttlMs` (1 s), so a rebuild shows within a second without
 * a restart; a file's bytes are kept while its size and mtime stay the same (up to FILE_CACHE_BYTES in
 * all; bigger files, over FILE_CACHE_MAX each, are read every time).
 */
export const fileCache = { ttlMs: 1000 }; // tests that rewrite the build in place set 0
const STAT_ENTRIES = 5000;
const FILE_CACHE_BYTES = 64 * 1024 * 1024;
const FILE_CACHE_MAX = 4 * 1024 * 1024;
const stats = new Map<string, { at: number; info: Promise<Stats | undefined> }>();
const bodies = new Map<string, { version: string; body: Uint8Array<ArrayBuffer> }>();
let cachedBytes = 0;

export function statCached(path: string): Promise<Stats | undefined> {
  const now = performance.now();
  const hit = stats.get(path);
  if (hit && now - hit.at < fileCache.ttlMs) return hit.info;
  const info = stat(path).catch(() => undefined);
  stats.delete(path);
  stats.set(path, { at: now, info });
  // Unknown paths cost one entry each: the oldest go first.
  if (stats.size > STAT_ENTRIES) stats.delete(stats.keys().next().value!);
  return info;
}

export async function readCached(path: string, info: Stats): Promise<Uint8Array<ArrayBuffer>> {
  const version = `${info.size}-${info.mtimeMs}`;
  const hit = bodies.get(path);
  if (hit?.version === version) return hit.body;
  const body = new Uint8Array(await readFile(path));
  if (hit) {
    bodies.delete(path);
    cachedBytes -= hit.body.byteLength;
  }
  if (body.byteLength <= FILE_CACHE_MAX && cachedBytes + body.byteLength <= FILE_CACHE_BYTES) {
    bodies.set(path, { version, body });
    cachedBytes += body.byteLength;
  }
  return body;
}

/**
 * A JSON file of the build, parsed by `parse` and read again when it changes, so a rebuild needs no
 * restart; undefined when the file is missing or broken (`parse` of undefined decides what that means).
 */
export function watchedJson<T>(file: string, parse: (value: unknown) => T | undefined): () => Promise<T | undefined> {
  let cached: { mtimeMs: number; value: T | undefined } | undefined;
  return async () => {
    const info = await statCached(file);
    if (!info) return undefined;
    if (cached?.mtimeMs !== info.mtimeMs) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await readFile(file, 'utf8'));
      } catch {
        parsed = undefined;
      }
      cached = { mtimeMs: info.mtimeMs, value: parse(parsed) };
    }
    return cached.value;
  };
}
