/**
 * The web app manifest, per merchant (docs/install.md, "Web app manifest"; docs/product.md §3, §9):
 * `GET /m/manifest.webmanifest?merchant=CODE` (the page links it with its own merchant; without one,
 * the default merchant). Name and short name from the merchant's site info, its own icons where it
 * configured them (192, 256, 384 and 512 px), else the built ones; start /m/home, scope /m/,
 * standalone, portrait. A merchant that cannot be answered for falls back to the built file with a
 * logged warning (docs/product.md §8: a failed manifest build is only a logged warning).
 *
 * What Chrome on Android needs for its richer install dialog (issue 27; docs/install.md): a maskable
 * icon, a `description` in the asked language (`?language=`, else Accept-Language, else the
 * merchant's default), narrow `screenshots` of /m/home (scripts/manifest-screenshots.ts), an `id`;
 * and the merchant's Android app in `related_applications`, so `getInstalledRelatedApps()` tells the
 * install prompt that the player has it (`prefer_related_applications: false`: the web app stays
 * installable).
 */
import { createHash } from 'node:crypto';
import { refusal } from './errors.ts';
import type { Hono } from 'hono';
import type { Merchants } from '../merchants/merchants.ts';
import { acceptedLanguages } from './shells.ts';
import { BCP47, MANIFEST_LANGUAGES, languageOfTag, type ManifestLanguage } from './webmanifest-languages.ts';
import TEXTS from './webmanifest-texts.json' with { type: 'json' };
import SCREENSHOTS from './manifest-screenshots.json' with { type: 'json' };

export const MANIFEST_PATH = '/m/manifest.webmanifest';
export const ICON_SIZES = [192, 256, 384, 512] as const;
/** Drawn by scripts/make-icons.mjs with the artwork inside the central 80% circle (rollup.config.mjs ships them). */
export const MASKABLE_SIZES = [192, 512] as const;
/** The language when neither the request nor the merchant names one (docs/product.md §1's default). */
const DEFAULT_LANGUAGE: ManifestLanguage = 'CN';

interface Screenshot {
  src: string;
  sizes: string;
  type: string;
  form_factor: 'narrow' | 'wide';
}
const SHOTS = SCREENSHOTS as Record<string, Screenshot[] | undefined>;

/** The description's language: the request's `language`, else the first of Accept-Language we have, else the merchant's. */
export function manifestLanguage(
  query: string | undefined,
  acceptLanguage: string | undefined,
  merchantDefault: ManifestLanguage | undefined,
): ManifestLanguage {
  const asked = query?.toUpperCase();
  if (asked && (MANIFEST_LANGUAGES as readonly string[]).includes(asked)) return asked as ManifestLanguage;
  for (const tag of acceptedLanguages(acceptLanguage)) {
    const code = languageOfTag(tag);
    if (code) return code;
  }
  return merchantDefault ?? DEFAULT_LANGUAGE;
}
/** Same origin only: an icon is a path or an https URL (the manifest's icons may be on a CDN). */
const ICON_URL = /^(?:\/(?!\/)|https:\/\/)[^\s"<>\\]*$/;

export function webManifest(merchants: Merchants, code: string | undefined, language?: string, acceptLanguage?: string) {
  const known = merchants.byCode.has(code ?? merchants.defaultCode) ? (code ?? merchants.defaultCode) : merchants.defaultCode;
  const merchant = merchants.byCode.get(known);
  if (!merchant) throw new Error('no merchant');
  const { appName, appShortName, manifest } = merchant.info;
  const own = manifest?.icons ?? {};
  const lang = manifestLanguage(language, acceptLanguage, manifest?.language);
  const ownUrl = (src: string | undefined) => (src && ICON_URL.test(src) ? src : undefined);
  const androidApp = manifest?.androidApp;
  const description = TEXTS.description[lang].replace('{{app}}', appName);
  return {
    id: '/m/home',
    lang: BCP47[lang],
    dir: lang === 'UR' ? 'rtl' : 'ltr',
    name: appName,
    short_name: appShortName || appName,
    start_url: '/m/home',
    scope: '/m/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: manifest?.backgroundColor ?? '#ffffff',
    theme_color: manifest?.themeColor ?? '#d62f3a',
    description,
    icons: [
      ...ICON_SIZES.map((size) => ({
        src: ownUrl(own[String(size) as keyof typeof own]) ?? `/m/icons/icon-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any',
      })),
      // The merchant's own maskable icon stands for the 512 px one; the 192 px stays the built one.
      ...MASKABLE_SIZES.map((size) => ({
        src: (size === 512 ? ownUrl(own.maskable) : undefined) ?? `/m/icons/icon-maskable-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'maskable',
      })),
    ],
    // Chrome wants a label on each screenshot (read to screen-reader users): the description says what it shows.
    screenshots: (SHOTS[known] ?? []).map((shot) => ({ ...shot, label: description })),
    ...(androidApp
      ? {
          related_applications: [
            { platform: 'play', id: androidApp, url: `https://play.google.com/store/apps/details?id=${androidApp}` },
          ],
        }
      : {}),
    prefer_related_applications: false,
  };
}

/** Registers the route; call before mountStatic, which serves the built file when this one passes. */
export function mountWebManifest(app: Hono, merchants: Merchants): void {
  app.get(MANIFEST_PATH, async (c, next) => {
    const language = c.req.query('language');
    if (language !== undefined && !(MANIFEST_LANGUAGES as readonly string[]).includes(language.toUpperCase())) {
      return refusal(c, 'request.invalid', 'language is none of the 21');
    }
    let text: string;
    try {
      text = JSON.stringify(webManifest(merchants, c.req.query('merchant'), language, c.req.header('Accept-Language')), null, 2);
    } catch (error) {
      console.warn(`wps-mobile: the web app manifest could not be built; the built one is served (${String(error)})`);
      return next();
    }
    const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
    const headers = {
      'Content-Type': 'application/manifest+json; charset=utf-8',
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Language',
      'X-Content-Type-Options': 'nosniff',
      ETag: etag,
    };
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
    return c.body(text, 200, headers);
  });
}
