/**
 * The Content-Security-Policy of the built front end (infra/static.ts sends it): the strict base,
 * the sources a request adds (the merchant's other lines, the build's inline script and stylesheet
 * hashes, the configured pixels' hosts), and the merchant demo page's.
 */
import { resolve } from 'node:path';
import type { PixelHost } from '../../src/contract/tracking/pixelHosts.ts';
import { watchedJson } from './file-cache.ts';

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

/** More sources for the CSP's directives (the configured pixels' hosts). */
export interface CspExtra {
  script?: readonly string[];
  /** The hashes of the build's inline stylesheets (the prerendered shells'). */
  style?: readonly string[];
  connect?: readonly string[];
  img?: readonly string[];
}

/**
 * The CSP with more `connect-src` sources (the merchant's other lines, for the line speed test), more
 * `script-src` sources (the hashes of the build's inline scripts) and, for each configured pixel, its
 * hosts (`extra`). Without extra sources it is CSP itself, byte for byte.
 */
export function cspWith(connectSources: readonly string[], scriptSources: readonly string[] = [], extra: CspExtra = {}): string {
  const img = extra.img ?? [];
  return CSP.replace("connect-src 'self'", ["connect-src 'self'", ...connectSources, ...(extra.connect ?? [])].join(' '))
    .replace("script-src 'self'", ["script-src 'self'", ...scriptSources, ...(extra.script ?? [])].join(' '))
    .replace("style-src 'self'", ["style-src 'self'", ...(extra.style ?? [])].join(' '))
    .replace("img-src 'self' data: https:", ["img-src 'self' data: https:", ...img].join(' '));
}

/** The hosts the pixels need (PIXEL_HOSTS' `csp`), each once. */
export function pixelCsp(pixels: readonly PixelHost[]): CspExtra {
  const union = (pick: (p: PixelHost) => string[]) => [...new Set(pixels.flatMap(pick))];
  return { script: union((p) => p.csp.script), connect: union((p) => p.csp.connect), img: union((p) => p.csp.img) };
}

export interface InlineHashes {
  script: string[];
  style: string[];
}

/**
 * The hashes of the current build's inline scripts (index.html's snippet) and inline stylesheets (the
 * prerendered shells' own CSS), which the build writes to DIST_DIR/meta/csp.json. Read again when the
 * file changes, so a rebuild needs no restart.
 */
export function inlineHashes(distDir: string): () => Promise<InlineHashes> {
  // A broken file allows nothing inline: the page then runs without its preloads, and a shell paints
  // unstyled until index.html's stylesheet (every page links it too) arrives.
  const hashes = (list: unknown) =>
    Array.isArray(list) ? list.filter((h): h is string => /^'sha256-[A-Za-z0-9+/=]+'$/.test(String(h))) : [];
  const read = watchedJson(resolve(distDir, 'meta', 'csp.json'), (parsed) => {
    const { scriptSrc, styleSrc } = (parsed ?? {}) as { scriptSrc?: unknown; styleSrc?: unknown };
    return { script: hashes(scriptSrc), style: hashes(styleSrc) };
  });
  return async () => (await read()) ?? { script: [], style: [] };
}

/**
 * The demo merchant page's CSP: the strict one, where the operator's other lines (the page's api-base
 * when it is opened on the other loopback name) may also serve scripts (the captcha, the mini game),
 * images (the app icon) and frames (the mini game's game), besides answering calls.
 */
export function demoCsp(lines: readonly string[]): string {
  if (lines.length === 0) return CSP;
  return `${cspWith(lines, lines, { img: lines })}; ${["frame-src 'self'", ...lines].join(' ')}`;
}

/**
 * The /m pages' policy per set of sources (connect, inline script and stylesheet hashes, pixels): built
 * once per set (a page load asks for a dozen files), at most 256 kept.
 */
export function policyCache(): (connect: readonly string[], inline: InlineHashes, pixels: readonly PixelHost[]) => string {
  const policies = new Map<string, string>();
  return (connect, { script, style }, pixels) => {
    const key = `${connect.join(' ')}|${script.join(' ')}|${style.join(' ')}|${pixels.map((p) => p.name).join(' ')}`;
    let policy = policies.get(key);
    if (policy === undefined) {
      if (policies.size >= 256) policies.clear();
      policies.set(key, (policy = cspWith(connect, script, { ...pixelCsp(pixels), style })));
    }
    return policy;
  };
}
