/**
 * Which pixels a /m page load configures (docs/server.md, "Static files"): the merchant's own ids
 * (its runtime state's `analytics`), the attribution cookie the page keeps (`wps_attr`: URL-encoded
 * JSON of an Attribution) and the landing URL's query (an affiliate's campaign link). Only those
 * pixels' hosts are added to the page's CSP; an id that is not a plain PIXEL_ID turns nothing on, and
 * a cookie that cannot be read is ignored.
 */
import type { Context } from 'hono';
import type { PixelIds } from '../../src/contract/endpoints.ts';
import { configuredPixels, PIXEL_HOSTS, type PixelHost } from '../../src/contract/tracking/pixelHosts.ts';
import { ATTRIBUTION_COOKIE } from '../../src/contract/tracking/wire.ts';

/** Attribution (cookie) keys → PixelIds keys, and the landing URL's parameters → PixelIds keys: the page's own table. */
const COOKIE_KEYS: Record<string, keyof PixelIds> = Object.fromEntries(PIXEL_HOSTS.map((p) => [p.field, p.idKey]));
const QUERY_KEYS: Record<string, keyof PixelIds> = Object.fromEntries(
  PIXEL_HOSTS.flatMap((p) => p.params.map((param) => [param, p.idKey])),
);

const COOKIE_MAX = 4096;

/** The pixel ids of the attribution cookie; none when it is missing, too long or not a JSON object. */
export function cookiePixelIds(cookieHeader: string | undefined): PixelIds {
  if (!cookieHeader || !cookieHeader.includes(ATTRIBUTION_COOKIE)) return {};
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== ATTRIBUTION_COOKIE) continue;
    const raw = part.slice(eq + 1).trim();
    if (raw.length > COOKIE_MAX) return {};
    try {
      const data: unknown = JSON.parse(decodeURIComponent(raw));
      if (typeof data !== 'object' || data === null || Array.isArray(data)) return {};
      return pick(data as Record<string, unknown>, COOKIE_KEYS);
    } catch {
      return {};
    }
  }
  return {};
}

function pick(source: Record<string, unknown>, keys: Record<string, keyof PixelIds>): PixelIds {
  const ids: PixelIds = {};
  for (const [from, to] of Object.entries(keys)) {
    const id = Object.hasOwn(source, from) ? source[from] : undefined;
    if (typeof id === 'string') ids[to] = id;
  }
  return ids;
}

/** The pixels turned on for this request, in PIXEL_HOSTS order. */
export function requestPixels(c: Context, merchantIds: PixelIds | undefined): PixelHost[] {
  const query = new URL(c.req.url).searchParams;
  const fromQuery: Record<string, unknown> = {};
  for (const key of Object.keys(QUERY_KEYS)) {
    const value = query.get(key);
    if (value !== null) fromQuery[key] = value;
  }
  const on = new Set([
    ...configuredPixels(merchantIds),
    ...configuredPixels(cookiePixelIds(c.req.header('Cookie'))),
    ...configuredPixels(pick(fromQuery, QUERY_KEYS)),
  ]);
  return PIXEL_HOSTS.filter((p) => on.has(p));
}
