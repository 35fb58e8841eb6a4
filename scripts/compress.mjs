// Writes FILE.br and FILE.gz next to every compressible file under dist/, once per build, so the
// server sends them as they are instead of compressing on every request (server/infra/static.ts).
// Usage: node scripts/compress.mjs [dir]   (default: dist)
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Same list as COMPRESSIBLE in server/infra/static.ts. Source maps are not shipped to phones. */
export const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.webmanifest', '.svg', '.txt']);
/** Build metadata (chunk lists, the service worker's source): never served. */
const SKIP_DIRS = new Set(['meta']);

/**
 * Compresses every eligible file under `dir` (recursively) and answers the totals of the files
 * compressed. There is no size threshold: the work is done once, and index.html (about 1 KiB, the
 * first answer a phone waits for) shrinks by two thirds. A sibling is kept only when it is smaller
 * than the file. Re-running overwrites the siblings, or removes the ones that no longer pay.
 */
export function compressDir(dir) {
  const totals = { files: 0, raw: 0, gzip: 0, brotli: 0 };
  for (const file of walk(resolve(dir), true)) {
    if (!COMPRESSIBLE.has(extname(file))) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    const keptBr = keepIfSmaller(`${file}.br`, br, raw.length);
    const keptGz = keepIfSmaller(`${file}.gz`, gz, raw.length);
    if (!keptBr && !keptGz) continue;
    totals.files += 1;
    totals.raw += raw.length;
    totals.gzip += keptGz ? gz.length : raw.length;
    totals.brotli += keptBr ? br.length : raw.length;
  }
  return totals;
}

function* walk(dir, top) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!(top && SKIP_DIRS.has(entry.name))) yield* walk(path, false);
    } else if (entry.isFile()) {
      yield path;
    }
  }
}

/** Writes the sibling (through a rename, so a running server never reads half of it) or removes it. */
function keepIfSmaller(path, bytes, rawSize) {
  if (bytes.length >= rawSize) {
    rmSync(path, { force: true });
    return false;
  }
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, path);
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? 'dist';
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`compress: ${dir} is missing: run the build first`);
    process.exit(1);
  }
  const t = compressDir(dir);
  const kib = (n) => (n / 1024).toFixed(1);
  console.log(`compress: ${t.files} files, ${kib(t.raw)} KiB raw, ${kib(t.gzip)} KiB gzip, ${kib(t.brotli)} KiB brotli`);
}
