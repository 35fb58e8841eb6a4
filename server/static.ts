/**
 * The built front end: DIST_DIR/m under /m (with the SPA fallback and a strict CSP), DIST_DIR/elements
 * under /elements (loadable from merchant pages), DIST_DIR/mobile under /mobile and the merchant demo
 * page DIST_DIR/demo under /demo (a strict CSP too).
 * Files are resolved by hand so that no request path can leave its folder (see `resolveInside`).
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { Context, Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';

export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
  "form-action 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
].join('; ');

/** The CSP with more `connect-src` sources (the merchant's other lines, for the line speed test). */
export function cspWith(connectSources: readonly string[]): string {
  if (connectSources.length === 0) return CSP;
  return CSP.replace("connect-src 'self'", ["connect-src 'self'", ...connectSources].join(' '));
}

/**
 * The demo merchant page's CSP: the strict one, where the operator's other lines (the page's api-base
 * when it is opened on the other loopback name) may also serve scripts (the captcha) and images (the
 * app icon), besides answering calls.
 */
export function demoCsp(lines: readonly string[]): string {
  const extra = lines.map((line) => ` ${line}`).join('');
  return cspWith(lines)
    .replace("script-src 'self'", `script-src 'self'${extra}`)
    .replace("img-src 'self' data: https:", `img-src 'self' data: https:${extra}`);
}

const EXTRA_TYPES: Record<string, string> = {
  '.mobileconfig': 'application/x-apple-aspen-config',
  '.apk': 'application/vnd.android.package-archive',
  '.ipa': 'application/octet-stream',
};

/** Files that must be revalidated on every load: they name the hashed files of the next release. */
const ALWAYS_FRESH = /(?:^|\/)(?:[^/]+\.html|sw\.js|firebase-messaging-sw\.js|manifest\.json|[^/]+\.webmanifest|asset-manifest\.json)$/;
/**
 * Content-hashed files (safe to cache for a year): under an `assets/` or `chunks/` folder, or named
 * `name-HASH.ext` / `name.HASH.ext` with a hash of 8+ characters that holds a digit (plain names like
 * `wps-announcement.js` must not match).
 */
const HASHED = /(?:^|\/)(?:assets|chunks)\/|[-.](?=[A-Za-z0-9_]*\d)[A-Za-z0-9_]{8,}\.[A-Za-z0-9]+$/;

/**
 * `extraConnect` answers, per request, the hosts the page may also call (added to `connect-src`).
 */
export function mountStatic(app: Hono, distDir: string, extraConnect: (c: Context) => string[] | Promise<string[]> = () => []): void {
  const dist = resolve(distDir);

  const toHome = (c: Context) => c.redirect('/m/home' + new URL(c.req.url).search, 302);
  app.get('/', toHome);
  app.get('/m', toHome);
  app.get('/m/', toHome);

  app.use('/m/*', async (c, next) => {
    await next();
    c.res.headers.set('Content-Security-Policy', cspWith(await extraConnect(c)));
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    c.res.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  });
  app.get('/m/*', (c) => serveFrom(c, resolve(dist, 'm'), '/m/', { spa: true }));

  app.use('/elements/*', async (c, next) => {
    await next();
    c.res.headers.set('Access-Control-Allow-Origin', '*'); // merchant pages load these with <script>
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
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
    c.res.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  });
  app.get('/demo/*', (c) => serveFrom(c, resolve(dist, 'demo'), '/demo/', { index: true }));
}

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
  /** A path that is not a file and has no extension answers the folder's index.html (/m routes). */
  spa?: boolean;
  /** The folder itself (`prefix` alone) answers its index.html. */
  index?: boolean;
}

async function serveFrom(c: Context, root: string, prefix: string, { spa = false, index = false }: ServeOptions = {}): Promise<Response> {
  const rootStat = await stat(root).catch(() => undefined);
  if (!rootStat?.isDirectory()) {
    return c.text('wps-mobile: the front end is not built yet; run npm run build', 503, { 'Cache-Control': 'no-store' });
  }
  const encoded = new URL(c.req.url).pathname.slice(prefix.length);
  const file = resolveInside(root, index && encoded === '' ? 'index.html' : encoded);
  if (file === undefined) return c.text('Not found', 404);
  const found = await fileResponse(c, file, encoded);
  if (found) return found;
  // SPA fallback: a route such as /m/home is not a file; a missing asset (it has an extension) is a 404.
  if (spa && extname(encoded) === '') {
    return (
      (await fileResponse(c, resolve(root, 'index.html'), 'index.html')) ??
      c.text('wps-mobile: the front end is not built yet; run npm run build', 503)
    );
  }
  return c.text('Not found', 404);
}

/** The file (or a 304 for a matching ETag); undefined when there is no such regular file. */
async function fileResponse(c: Context, file: string, urlPath: string): Promise<Response | undefined> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  const etag = `W/"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
  const headers: Record<string, string> = {
    'Content-Type': getMimeType(file) ?? EXTRA_TYPES[extname(file)] ?? 'application/octet-stream',
    'Cache-Control': cacheControl(urlPath),
    ETag: etag,
  };
  if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
  return c.body(new Uint8Array(await readFile(file)), 200, headers);
}

export function cacheControl(urlPath: string): string {
  if (ALWAYS_FRESH.test(urlPath)) return 'no-cache';
  if (HASHED.test(urlPath)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}
