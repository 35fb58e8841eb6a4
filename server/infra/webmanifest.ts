/**
 * The web app manifest, per merchant (docs/install.md, "Web app manifest"; docs/product.md §3, §9):
 * `GET /m/manifest.webmanifest?merchant=CODE` (the page links it with its own merchant; without one,
 * the default merchant). Name and short name from the merchant's site info, its own icons where it
 * configured them (192, 256, 384 and 512 px), else the built ones; start /m/home, scope /m/,
 * standalone, portrait. A merchant that cannot be answered for falls back to the built file with a
 * logged warning (docs/product.md §8: a failed manifest build is only a logged warning).
 */
import { createHash } from 'node:crypto';
import type { Hono } from 'hono';
import type { Merchants } from '../merchants/merchants.ts';

export const MANIFEST_PATH = '/m/manifest.webmanifest';
export const ICON_SIZES = [192, 256, 384, 512] as const;
/** Same origin only: an icon is a path or an https URL (the manifest's icons may be on a CDN). */
const ICON_URL = /^(?:\/(?!\/)|https:\/\/)[^\s"<>\\]*$/;

export function webManifest(merchants: Merchants, code: string | undefined) {
  const merchant = merchants.byCode.get(code ?? merchants.defaultCode) ?? merchants.byCode.get(merchants.defaultCode);
  if (!merchant) throw new Error('no merchant');
  const { appName, appShortName, manifest } = merchant.info;
  const own = manifest?.icons ?? {};
  return {
    id: '/m/home',
    name: appName,
    short_name: appShortName || appName,
    start_url: '/m/home',
    scope: '/m/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: manifest?.backgroundColor ?? '#ffffff',
    theme_color: manifest?.themeColor ?? '#d62f3a',
    icons: ICON_SIZES.map((size) => {
      const src = own[String(size) as keyof typeof own];
      return {
        src: src && ICON_URL.test(src) ? src : `/m/icons/icon-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any',
      };
    }),
  };
}

/** Registers the route; call before mountStatic, which serves the built file when this one passes. */
export function mountWebManifest(app: Hono, merchants: Merchants): void {
  app.get(MANIFEST_PATH, async (c, next) => {
    let text: string;
    try {
      text = JSON.stringify(webManifest(merchants, c.req.query('merchant')), null, 2);
    } catch (error) {
      console.warn(`wps-mobile: the web app manifest could not be built; the built one is served (${String(error)})`);
      return next();
    }
    const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
    const headers = {
      'Content-Type': 'application/manifest+json; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      ETag: etag,
    };
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
    return c.body(text, 200, headers);
  });
}
