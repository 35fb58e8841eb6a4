/**
 * The built front end: DIST_DIR/m under /m (with the SPA fallback, a 404 for an address outside the
 * build's route table, and a strict CSP), DIST_DIR/elements under /elements (loadable from merchant
 * pages), DIST_DIR/mobile under /mobile, the merchant demo page DIST_DIR/demo under /demo (a strict
 * CSP too) and DIST_DIR/favicon.ico.
 * Files are resolved by hand so that no request path can leave its folder (see `resolveInside`).
 * Text files come from their FILE.br / FILE.gz siblings when the client accepts it (written once by
 * scripts/compress.mjs after the build). The CSP is built in ./csp.ts, the disk reads cached in
 * ./file-cache.ts.
 */
import type { Stats } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import type { Context, Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { PixelHost } from '../../src/contract/tracking/pixelHosts.ts';
import { answerHeaders, finishAnswerHeaders, headersFor, plainAnswer } from './answer.ts';
import { demoCsp, inlineHashes, policyCache } from './csp.ts';
import { fileCache, readCached, statCached, watchedJson } from './file-cache.ts';
import { parseShellTable, shellFor } from './shells.ts';

/**
 * The /m route table of the current build (DIST_DIR/meta/routes.json, written by the build from
 * host/routes.json), as the lower-case paths `isPage` compares with. Read again when the file changes;
 * undefined when the build has none (an older build): then every path without an extension is a page.
 */
function routeTable(distDir: string): () => Promise<Set<string> | undefined> {
  // A broken file is no table: the pages still open.
  return watchedJson(resolve(distDir, 'meta', 'routes.json'), (parsed) =>
    Array.isArray(parsed) ? new Set(parsed.map((r) => String(r).toLowerCase())) : undefined,
  );
}

/**
 * Whether a URL path is one of the table's pages, by the app's own rule (host/builtRoutes.ts
 * `isRoute`): any letter case, one trailing slash allowed.
 */
export const isPage = (routes: ReadonlySet<string>, path: string): boolean => routes.has(path.replace(/\/$/, '').toLowerCase());

const EXTRA_TYPES: Record<string, string> = {
  '.mobileconfig': 'application/x-apple-aspen-config',
  '.apk': 'application/vnd.android.package-archive',
  '.ipa': 'application/octet-stream',
};

/** Files that must be revalidated on every load: they name the hashed files of the next release. */
const ALWAYS_FRESH =
  /(?:^|\/)(?:[^/]+\.html|sw\.js|firebase-messaging-sw\.js|manifest\.json|[^/]+\.webmanifest|asset-manifest\.json)$/;
/**
 * Content-hashed files (safe to cache for a year): under an `assets/` or `chunks/` folder, or named
 * a script or stylesheet `name-HASH.js` / `name.HASH.css` with a hash of 8+ characters that holds a
 * digit (plain names like `wps-announcement.js` must not match, nor pictures named by their size like
 * `splash-1125x2436.png`, which a new artwork replaces under the same name).
 */
const HASHED = /(?:^|\/)(?:assets|chunks)\/|[-.](?=[A-Za-z0-9_]*\d)[A-Za-z0-9_]{8,}\.(?:m?js|css)$/;

/** The types scripts/compress.mjs writes siblings for (its COMPRESSIBLE list). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|webmanifest|svg|txt)$/;
/** A sibling asked for by name: it would come without its Content-Encoding and Content-Type. */
const SIBLING = /\.(?:js|mjs|css|html|json|webmanifest|svg|txt)\.(?:br|gz)$/i;
/** Content-Encoding → the sibling's suffix, in the server's order of preference. */
const SUFFIX = { br: '.br', gzip: '.gz' } as const;
type Encoding = keyof typeof SUFFIX;

/**
 * `extraConnect` answers, per request, the hosts the page may also call (added to `connect-src`);
 * `pixelsOf` the pixels configured for the request (their hosts are added to the /m pages' CSP).
 */
export function mountStatic(
  app: Hono,
  distDir: string,
  extraConnect: (c: Context) => string[] | Promise<string[]> = () => [],
  pixelsOf: (c: Context) => readonly PixelHost[] | Promise<readonly PixelHost[]> = () => [],
): void {
  const dist = resolve(distDir);
  const inline = inlineHashes(dist);
  const routes = routeTable(dist);
  // The prerendered shells (server/infra/shells.ts); without the file, every page gets index.html.
  const shells = watchedJson(resolve(dist, 'meta', 'shells.json'), parseShellTable);

  const toHome = (c: Context) => c.redirect('/m/home' + new URL(c.req.url).search, 302);
  app.get('/', toHome);
  app.get('/m', toHome);
  app.get('/m/', toHome);

  // The policy is the same for every request with the same sources (infra/csp.ts).
  const policyFor = policyCache();

  // The page's headers go out with the file (infra/answer.ts). Registered in the handler rather than
  // by a middleware: a route with one handler skips Hono's middleware chain, a fifth of an answer's
  // cost for these small files.
  const root = resolve(dist, 'm');
  const answers = new AnswerCache();
  app.get('/m/*', async (c) => {
    const policy = policyFor(await extraConnect(c), await inline(), await pixelsOf(c));
    const shellTable = await shells();
    const shell = shellTable && shellFor(shellTable, c.req.path, c.req.header('Cookie'), c.req.header('Accept-Language'));
    const key = `${policy}\n${c.req.header('Host') ?? ''}\n${c.req.header('Accept-Encoding') ?? ''}\n${c.req.path}\n${shell ?? ''}`;
    const cached = answers.answer(c, key);
    if (cached) return cached;
    answerHeaders(c, {
      'Content-Security-Policy': policy,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin', // no Referer of a page load carries its path or query
    });
    const table = await routes();
    const page = table && isPage(table, new URL(c.req.url).pathname);
    return answers.keep(key, finishAnswerHeaders(c, await serveFrom(c, root, '/m/', { spa: true, page, shell })));
  });

  // Browsers ask for it by themselves, on every page of the origin (the build's dist/favicon.ico).
  app.get('/favicon.ico', async (c) => {
    answerHeaders(c, { 'X-Content-Type-Options': 'nosniff' });
    return finishAnswerHeaders(c, await serveFrom(c, dist, '/'));
  });

  // The push worker (docs/push.md) sits at the root: its scope, /firebase-cloud-messaging-push-scope,
  // is outside /m/. Revalidated on every load (ALWAYS_FRESH), like sw.js.
  app.get('/firebase-messaging-sw.js', async (c) => {
    answerHeaders(c, {
      'Content-Security-Policy': "default-src 'none'; img-src 'self' https:",
      'X-Content-Type-Options': 'nosniff',
    });
    return finishAnswerHeaders(c, await serveFrom(c, dist, '/'));
  });

  app.use('/elements/*', async (c, next) => {
    answerHeaders(c, {
      'Access-Control-Allow-Origin': '*', // merchant pages load these with <script>
      'Timing-Allow-Origin': '*', // so merchants (and our tests) can see the real sizes
      'X-Content-Type-Options': 'nosniff',
    });
    await next();
    finishAnswerHeaders(c);
  });
  app.get('/elements/*', (c) => serveFrom(c, resolve(dist, 'elements'), '/elements/'));

  app.use('/mobile/*', async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  });
  app.get('/mobile/*', (c) => serveFrom(c, resolve(dist, 'mobile'), '/mobile/'));

  // Relative links of the demo page (demo.css, ../elements/…) need the trailing slash.
  app.get('/demo', (c) => c.redirect('/demo/' + new URL(c.req.url).search, 302));
  app.use('/demo/*', async (c, next) => {
    await next();
    c.res.headers.set('Content-Security-Policy', demoCsp(await extraConnect(c)));
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    c.res.headers.set('Referrer-Policy', 'strict-origin');
  });
  app.get('/demo/*', (c) => serveFrom(c, resolve(dist, 'demo'), '/demo/', { index: true }));
}

/**
 * A page load asks for the same few files with the same request headers again and again; working out
 * the file, its sibling and its headers each time was two thirds of an answer's cost. A 200 answer is
 * kept, by everything it was worked out from (the caller's key), for `fileCache.ttlMs`, as long as
 * the disk caches above keep what they know: a rebuild still shows within a second. Only the body's
 * reference is kept (the bytes are in the body cache, or were read for this answer and are small).
 */
class AnswerCache {
  private readonly entries = new Map<
    string,
    { at: number; etag: string; headers: Record<string, string>; body: Uint8Array<ArrayBuffer> }
  >();

  /** The kept answer for `key` (or its 304), if still fresh. */
  answer(c: Context, key: string): Response | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (performance.now() - hit.at >= fileCache.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    if (etagMatches(c.req.header('If-None-Match'), hit.etag)) {
      const { 'content-length': _length, ...headers } = hit.headers;
      return plainAnswer(null, 304, headers);
    }
    return plainAnswer(c.req.method === 'HEAD' ? null : hit.body, 200, hit.headers);
  }

  /** Keeps a 200 answer with a known body for `key`; answers `res` unchanged. */
  keep(key: string, res: Response): Response {
    const body = answerBodies.get(res);
    const etag = res.headers.get('ETag');
    if (res.status !== 200 || !body || !etag || fileCache.ttlMs <= 0) return res;
    if (this.entries.size >= 512) this.entries.clear();
    this.entries.set(key, { at: performance.now(), etag, headers: Object.fromEntries(res.headers), body });
    return res;
  }
}
/** The body each file answer was made with (a Response's own body can be read only once). */
const answerBodies = new WeakMap<Response, Uint8Array<ArrayBuffer>>();

/**
 * The absolute file for a percent-encoded URL path under `root`, or undefined when the path is not
 * acceptable: bad encoding, NUL, backslash, `.`/`..` or hidden segments, or anything resolving outside.
 */
export function resolveInside(root: string, encodedPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(encodedPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s.startsWith('.'))) return undefined;
  const full = resolve(root, ...segments);
  return full === root || full.startsWith(root + sep) ? full : undefined;
}

interface ServeOptions {
  /**
   * A path that is not a file answers the folder's index.html (/m routes): with 200 when it is a
   * page (`page`), with 404 when it is not and has no extension (the app shows its not-found page).
   */
  spa?: boolean;
  /** Whether the path is a page of the route table; undefined (no table): every path without an extension is. */
  page?: boolean;
  /** The folder itself (`prefix` alone) answers its index.html. */
  index?: boolean;
  /** The prerendered shell (relative to `root`) that answers this page, chosen by language (server/infra/shells.ts). */
  shell?: string;
}

/** A file of `root` for the request's path after `prefix` (also what infra/mini-game.ts serves with). */
export async function serveFrom(
  c: Context,
  root: string,
  prefix: string,
  { spa = false, page, index = false, shell }: ServeOptions = {},
): Promise<Response> {
  const rootStat = await statCached(root);
  if (!rootStat?.isDirectory()) {
    return c.text('wps-mobile: the front end is not built yet; run npm run build', 503, { 'Cache-Control': 'no-store' });
  }
  // Revalidated like index.html; it depends on the language cookie and header, which caches must know.
  const prerendered = shell && (await fileResponse(c, resolve(root, shell), 'index.html', 200, 'Cookie, Accept-Language'));
  if (prerendered) return prerendered;
  const encoded = new URL(c.req.url).pathname.slice(prefix.length);
  const file = resolveInside(root, index && encoded === '' ? 'index.html' : encoded);
  if (file === undefined || SIBLING.test(file)) return c.text('Not found', 404);
  const found = await fileResponse(c, file, encoded);
  if (found) return found;
  // SPA fallback: a route such as /m/home (or /m/register.html) is not a file. An address that is no
  // page still gets the app, whose not-found page says so, but with a 404 (docs/product.md §2); a
  // missing asset (it has an extension) is a plain 404.
  const noExtension = extname(encoded) === '';
  if (spa && (page || noExtension)) {
    return (
      (await fileResponse(c, resolve(root, 'index.html'), 'index.html', page === false ? 404 : 200)) ??
      c.text('wps-mobile: the front end is not built yet; run npm run build', 503)
    );
  }
  return c.text('Not found', 404);
}

/**
 * The file (or a 304 for a matching ETag); undefined when there is no such regular file. A text file
 * comes from its best accepted sibling; each encoding has its own ETag. With `status` 404 (the app's
 * page for an address that is no page) there is no ETag and so no 304: that answer is never a hit.
 */
async function fileResponse(
  c: Context,
  file: string,
  urlPath: string,
  status: 200 | 404 = 200,
  vary?: string,
): Promise<Response | undefined> {
  const info = await statCached(file);
  if (!info?.isFile()) return undefined;
  const headers: Record<string, string> = {
    'Content-Type': getMimeType(file) ?? EXTRA_TYPES[extname(file)] ?? 'application/octet-stream',
    'Cache-Control': cacheControl(urlPath),
  };
  if (vary) headers.Vary = vary;
  let served = { path: file, info };
  if (COMPRESSIBLE.test(file)) {
    // Also on identity answers: a shared cache must not hand them to a client that accepts br.
    headers.Vary = vary ? `Accept-Encoding, ${vary}` : 'Accept-Encoding';
    const sibling = await siblingFor(file, info, acceptedEncodings(c.req.header('Accept-Encoding')));
    if (sibling) {
      headers['Content-Encoding'] = sibling.encoding;
      served = sibling;
    }
  }
  if (status === 200) {
    const suffix = headers['Content-Encoding'] ? `-${headers['Content-Encoding']}` : '';
    headers.ETag = `W/"${served.info.size.toString(36)}-${Math.floor(served.info.mtimeMs).toString(36)}${suffix}"`;
    if (etagMatches(c.req.header('If-None-Match'), headers.ETag)) return plainAnswer(null, 304, headersFor(c, headers));
  }
  headers['Content-Length'] = String(served.info.size);
  const body = await readCached(served.path, served.info);
  const res = plainAnswer(c.req.method === 'HEAD' ? null : body, status, headersFor(c, headers));
  answerBodies.set(res, body);
  return res;
}

/**
 * The first accepted encoding with a sibling file. A sibling older than its file is left over from
 * an earlier build (rebuilt without scripts/compress.mjs) and is not used.
 */
async function siblingFor(file: string, info: Stats, accepted: Encoding[]) {
  for (const encoding of accepted) {
    const path = file + SUFFIX[encoding];
    const sibling = await statCached(path);
    if (sibling?.isFile() && sibling.mtimeMs >= info.mtimeMs) return { encoding, path, info: sibling };
  }
  return undefined;
}

/**
 * The encodings we have siblings for that Accept-Encoding allows, best first (RFC 9110 §12.5.3):
 * names are case-insensitive, `*` stands for any coding not named, q=0 refuses, and a q that is
 * not a number from 0 to 1 counts as 0. On equal q, br comes before gzip.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const value = /^q\s*=\s*(.*)$/i.exec(param)?.[1];
      if (value !== undefined) q = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value) ? Number(value) : 0;
    }
    weights.set(name.toLowerCase(), q);
  }
  const wildcard = weights.get('*') ?? 0;
  return (Object.keys(SUFFIX) as Encoding[])
    .map((name) => ({ name, q: weights.get(name) ?? wildcard }))
    .filter((e) => e.q > 0)
    .sort((a, b) => b.q - a.q) // stable: ties keep the server's order
    .map((e) => e.name);
}

/** If-None-Match: `*` or a list of tags, compared weakly (RFC 9110 §13.1.2). */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

export function cacheControl(urlPath: string): string {
  if (ALWAYS_FRESH.test(urlPath)) return 'no-cache';
  if (HASHED.test(urlPath)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}
