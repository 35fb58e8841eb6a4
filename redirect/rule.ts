/**
 * Where /mobile/mc/redirect.html may send the player (docs/architecture.md, "Redirect page"): pure
 * functions, no DOM, so the node tests check the table and compare the line match with the server's
 * `isOwnLine` (server/merchants/domains.ts), which does the same for back links.
 *
 * - a path on this origin (`/…`): at once;
 * - an absolute URL on this origin: at once;
 * - an absolute https URL on another of the merchant's lines (GET /wps/system/domainRoute): once the
 *   list is in; over http only between loopback names (the demo on localhost / 127.0.0.1);
 * - anything else is refused: no URL, over 2048 characters, `//host`, a backslash, whitespace or a
 *   control character anywhere, a relative path, another scheme (`javascript:`, `data:`…), user or
 *   password in the URL, a host that is not the merchant's.
 */

export const MAX_URL_LENGTH = 2048;

export type Refusal = 'missing' | 'refused';

export type Decision =
  /** Same origin: go now. */
  | { kind: 'go'; url: string }
  /** Another origin: go only if `isMerchantLine` says so once the merchant's lines are known. */
  | { kind: 'check'; url: URL }
  | { kind: 'refuse'; reason: Refusal };

/** What the page knows of itself: `location` in the browser. */
export interface Here {
  origin: string;
  hostname: string;
}

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** The first look at `raw` (the `url` query parameter, null when absent), before any network call. */
export function decide(raw: string | null, here: Here): Decision {
  if (raw === null || raw.trim() === '') return { kind: 'refuse', reason: 'missing' };
  if (raw.length > MAX_URL_LENGTH) return { kind: 'refuse', reason: 'refused' };
  // Browsers drop tabs and newlines inside URLs and read `\` as `/`: `/\evil.example` is `//evil.example`.
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\s\\\u0000-\u001f\u007f-\u009f]/.test(raw)) return { kind: 'refuse', reason: 'refused' };
  if (raw.startsWith('/')) {
    if (raw.startsWith('//')) return { kind: 'refuse', reason: 'refused' };
    const url = new URL(raw, here.origin);
    return url.origin === here.origin ? { kind: 'go', url: url.href } : { kind: 'refuse', reason: 'refused' };
  }
  // Only absolute http(s) URLs from here on: `evil.example/x` or `home` (relative) are refused.
  if (!/^https?:\/\//i.test(raw)) return { kind: 'refuse', reason: 'refused' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { kind: 'refuse', reason: 'refused' };
  }
  // The parser's own reading decides (scheme case, encoded characters).
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'refuse', reason: 'refused' };
  if (url.username || url.password) return { kind: 'refuse', reason: 'refused' };
  if (url.origin === here.origin) return { kind: 'go', url: url.href };
  // Plain http to another origin only where nothing leaves the machine: the demo on loopback names.
  if (url.protocol === 'http:' && !(LOOPBACK.test(url.hostname) && LOOPBACK.test(here.hostname)))
    return { kind: 'refuse', reason: 'refused' };
  return { kind: 'check', url };
}

/**
 * Whether `url` is on one of the merchant's lines: `lines` as domainRoute answers them (`host[:port]`,
 * no scheme, already expanded); a line without a port means the URL's scheme's default, as
 * `isOwnLine` reads it.
 */
export function isMerchantLine(lines: readonly string[], url: URL): boolean {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const key = `${url.hostname}:${port}`.toLowerCase();
  return lines.some((line) => {
    const hasPort = /:\d+$/.test(line) && !line.endsWith(']');
    return (hasPort ? line : `${line}:${port}`).toLowerCase() === key;
  });
}

/** The lines of a domainRoute answer (`{ success, value: [{ domainName }] }`); undefined when it is not one. */
export function linesOf(answer: unknown): string[] | undefined {
  const value = (answer as { success?: unknown; value?: unknown } | null)?.value;
  if ((answer as { success?: unknown } | null)?.success !== true || !Array.isArray(value)) return undefined;
  return value
    .map((entry) => (entry as { domainName?: unknown } | null)?.domainName)
    .filter((name): name is string => typeof name === 'string' && name !== '');
}

/** The refused address as the page shows it: plain text, cut after 300 characters. */
export function shown(raw: string): string {
  return raw.length > 300 ? `${raw.slice(0, 300)}…` : raw;
}
