/**
 * What the download bar's links point at in the demo (docs/server.md, "Downloads"), per merchant:
 *
 * - `GET /downloads/:merchant/profile.mobileconfig`: a real iOS configuration profile with one Web Clip
 *   (`com.apple.webClip.managed`) that puts the merchant's /m on the home screen, with its app name and
 *   icon. Made from the merchant's data on every request (fresh PayloadUUIDs), never a static file.
 * - `GET /downloads/:merchant/app.apk` and `app.ipa`: placeholders, so a button of the demo downloads
 *   a file with the right type instead of a "Not found". An operator lists its own builds' URLs in the
 *   merchant's `info.resources` instead.
 *
 * An unknown merchant answers 404. The profile is not signed: iOS shows it as "Unverified".
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono, type Context } from 'hono';
import type { Merchant, Merchants } from '../merchants/merchants.ts';

export const PROFILE_TYPE = 'application/x-apple-aspen-config';
export const APK_TYPE = 'application/vnd.android.package-archive';
export const IPA_TYPE = 'application/octet-stream';
/** The page the Web Clip opens: the start page of the web app manifest (docs/product.md §9). */
export const WEB_CLIP_PATH = '/m/home';

/** The source icon, for a server without a build (tests); the build copies it to DIST_DIR/m/icons. */
const SOURCE_ICON = fileURLToPath(new URL('../../host/icons/icon-192.png', import.meta.url));

/** `originOf`: the public origin (infra/public-origin.ts), never the request's Host: the profile is cacheable. */
export function downloadsRoutes(distDir: string, merchants: Merchants, originOf: (c: Context) => string): Hono {
  const app = new Hono();
  const dist = resolve(distDir);
  const merchantOf = (c: Context) => merchants.byCode.get(c.req.param('merchant') ?? '');
  const notFound = (c: Context) => c.text('Not found', 404);

  app.get('/downloads/:merchant/profile.mobileconfig', async (c) => {
    const merchant = merchantOf(c);
    if (!merchant) return notFound(c);
    const origin = originOf(c);
    const profile = webClipProfile({
      merchantCode: merchant.code,
      appName: merchant.info.appName,
      url: origin + WEB_CLIP_PATH,
      icon: await iconOf(merchant, dist),
    });
    return c.body(profile, 200, fileHeaders(PROFILE_TYPE, `${fileStem(merchant)}.mobileconfig`));
  });

  app.get('/downloads/:merchant/app.apk', (c) => {
    const merchant = merchantOf(c);
    if (!merchant) return notFound(c);
    return c.body(placeholder(merchant, 'Android'), 200, fileHeaders(APK_TYPE, `${fileStem(merchant)}.apk`));
  });

  app.get('/downloads/:merchant/app.ipa', (c) => {
    const merchant = merchantOf(c);
    if (!merchant) return notFound(c);
    return c.body(placeholder(merchant, 'iOS'), 200, fileHeaders(IPA_TYPE, `${fileStem(merchant)}.ipa`));
  });

  return app;
}

function fileHeaders(type: string, filename: string): Record<string, string> {
  return {
    'Content-Type': type,
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  };
}

/** A file name from the app's short name (letters, digits, '-'), else the merchant code. */
export function fileStem(merchant: Merchant): string {
  const name = (merchant.info.appShortName || merchant.info.appName).replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return name || merchant.code.replace(/[^A-Za-z0-9_-]/g, '') || 'app';
}

function placeholder(merchant: Merchant, platform: 'Android' | 'iOS'): string {
  return [
    `Demo placeholder for the ${platform} app of "${merchant.info.appName}" (merchant ${merchant.code}).`,
    'This is not an installable app: it is served by the wps-mobile reference server so that the',
    "download button of the demo downloads something. Replace it with the operator's own build: list",
    "its URL in the merchant's info.resources (server/merchants/merchants.json, docs/server.md).",
    '',
  ].join('\n');
}

/**
 * The merchant's icon as PNG bytes: its `AppDownloadIcon` when that is a PNG served from DIST_DIR/m,
 * else the build's 192 px icon, else the source icon.
 */
async function iconOf(merchant: Merchant, dist: string): Promise<Buffer> {
  const candidates: string[] = [];
  const own = merchant.info.resources.find((r) => r.resourceType === 'AppDownloadIcon')?.url;
  // No dots but the extension's: the path cannot leave DIST_DIR/m.
  const local = own?.match(/^\/m\/([A-Za-z0-9_/-]+\.png)$/)?.[1];
  if (local) candidates.push(resolve(dist, 'm', local));
  candidates.push(resolve(dist, 'm', 'icons', 'icon-192.png'), SOURCE_ICON);
  for (const file of candidates) {
    const bytes = await readFile(file).catch(() => undefined);
    if (bytes && isPng(bytes)) return bytes;
  }
  throw new Error('no app icon: neither the build nor host/icons has icon-192.png');
}

const isPng = (b: Buffer) => b.length > 8 && b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));

export interface WebClip {
  merchantCode: string;
  appName: string;
  /** Absolute URL the Web Clip opens. */
  url: string;
  /** PNG bytes. */
  icon: Buffer;
}

/**
 * An unsigned configuration profile (XML property list) holding one Web Clip payload. Every call gives
 * new PayloadUUIDs; the identifiers are reverse-DNS names with the merchant code and those UUIDs.
 */
export function webClipProfile(clip: WebClip): string {
  const code = clip.merchantCode.replace(/[^A-Za-z0-9-]/g, '-');
  const profileUuid = randomUUID().toUpperCase();
  const clipUuid = randomUUID().toUpperCase();
  const root: PlistValue = {
    PayloadType: 'Configuration',
    PayloadVersion: 1,
    PayloadIdentifier: `com.wps.mobile.${code}.profile.${profileUuid}`,
    PayloadUUID: profileUuid,
    PayloadDisplayName: clip.appName,
    PayloadDescription: `Adds ${clip.appName} to the home screen.`,
    PayloadOrganization: clip.appName,
    PayloadRemovalDisallowed: false,
    PayloadContent: [
      {
        PayloadType: 'com.apple.webClip.managed',
        PayloadVersion: 1,
        PayloadIdentifier: `com.wps.mobile.${code}.webclip.${clipUuid}`,
        PayloadUUID: clipUuid,
        PayloadDisplayName: clip.appName,
        Label: clip.appName,
        URL: clip.url,
        Icon: clip.icon,
        IsRemovable: true,
        FullScreen: true,
        Precomposed: true,
      },
    ],
  };
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n' +
    '<plist version="1.0">\n' +
    plist(root, 0) +
    '</plist>\n'
  );
}

type PlistValue = string | number | boolean | Buffer | PlistValue[] | { [key: string]: PlistValue };

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function plist(value: PlistValue, depth: number): string {
  const pad = '\t'.repeat(depth);
  if (typeof value === 'string') return `${pad}<string>${escapeXml(value)}</string>\n`;
  if (typeof value === 'boolean') return `${pad}<${value}/>\n`;
  if (typeof value === 'number') return `${pad}<integer>${Math.trunc(value)}</integer>\n`;
  if (Buffer.isBuffer(value)) {
    const lines = value.toString('base64').match(/.{1,68}/g) ?? [];
    return `${pad}<data>\n${lines.map((l) => `${pad}${l}\n`).join('')}${pad}</data>\n`;
  }
  if (Array.isArray(value)) return `${pad}<array>\n${value.map((v) => plist(v, depth + 1)).join('')}${pad}</array>\n`;
  const entries = Object.entries(value)
    .map(([k, v]) => `${pad}\t<key>${escapeXml(k)}</key>\n${plist(v, depth + 1)}`)
    .join('');
  return `${pad}<dict>\n${entries}${pad}</dict>\n`;
}
