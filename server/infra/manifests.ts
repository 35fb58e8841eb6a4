/**
 * The two asset manifests of the update check (docs/product.md §4, §7): the client hashes both, and a changed
 * hash shows the update notice.
 *
 * - `/m/asset-manifest.json`: the built file (every hashed asset of /m but the member centre's); when
 *   the merchant's assetRevision is above 0 (the dev control `POST /dev/asset-manifest/publish`), a
 *   top-level `"revision": N` is added, so its hash changes as it would after a release.
 * - `/mobile/mc/asset-manifest.json`: the built file, which the build writes when /m has member-centre
 *   pages (rollup.config.mjs, `memberCentreChunks`: the member pages' chunks, what only they load,
 *   the member-centre catalogues); a build without them writes none, and a stand-in
 *   `{ "files": {}, "entrypoints": [], "revision": N }` is made here instead.
 *
 * Both: `Cache-Control: no-cache`, any query (`t`, timestamp) accepted, `Access-Control-Allow-Origin: *`
 * (they are public files), the `Merchant` header picks whose revision.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Context, Hono } from 'hono';

export const MANIFESTS = {
  '/m/asset-manifest.json': 'm/asset-manifest.json',
  '/mobile/mc/asset-manifest.json': 'mobile/mc/asset-manifest.json',
} as const;

const MC_PATH = '/mobile/mc/asset-manifest.json';
const ALLOW_HEADERS = 'Merchant, Language, ModuleId, Content-Type';

/**
 * Registers the manifest routes; call before mountStatic so they come first. `revisionOf` answers
 * the asking merchant's assetRevision (or throws an ApiError, e.g. merchant.unknown).
 */
export function mountManifests(app: Hono, distDir: string, revisionOf: (c: Context) => Promise<number>): void {
  const dist = resolve(distDir);
  for (const [path, file] of Object.entries(MANIFESTS)) {
    app.use(path, async (c, next) => {
      await next();
      c.res.headers.set('Access-Control-Allow-Origin', '*');
      c.res.headers.set('Cache-Control', 'no-cache');
      c.res.headers.set('X-Content-Type-Options', 'nosniff');
    });
    // The client sends its Merchant/Language headers: a preflight from another origin.
    app.options(path, (c) =>
      c.body(null, 204, {
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': ALLOW_HEADERS,
        'Access-Control-Max-Age': '600',
      }),
    );
    app.get(path, async (c, next) => {
      const revision = await revisionOf(c);
      const built = await readFile(resolve(dist, file), 'utf8').catch(() => undefined);
      let text: string;
      if (built === undefined) {
        if (path !== MC_PATH) return next(); // infra/static.ts answers: 404, or 503 without a build
        text = JSON.stringify({ files: {}, entrypoints: [], revision }, null, 2);
      } else {
        text = revision > 0 ? withRevision(built, revision) : built;
      }
      const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
      const headers = { 'Content-Type': 'application/json; charset=utf-8', ETag: etag };
      if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
      return c.body(text, 200, headers);
    });
  }
}

/** The manifest with `"revision": N` at the top level; a file that is not a JSON object stays as it is. */
function withRevision(text: string, revision: number): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return text;
  return JSON.stringify({ ...parsed, revision }, null, 2);
}
