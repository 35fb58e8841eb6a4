/**
 * The merchant's lines (`domains` in merchants.json) as /wps/system/domainRoute answers them:
 * `host[:port]` without scheme, where "$host" is the request's own Host and "$port" its port, so
 * that one machine can offer several candidates (`["$host", "127.0.0.1:$port", "localhost:$port"]`).
 */
import type { Context } from 'hono';

/** A merchants.json `domains` entry: `$host`, or a host name / IPv4 / [IPv6], with an optional `:port` or `:$port`. */
export const DOMAIN_ENTRY = /^(?:\$host|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::(?:\d{1,5}|\$port))?$/;

/** A Host header we are willing to repeat: name, IPv4 or [IPv6], optional port. */
const HOST = /^([A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

export interface RequestHost {
  /** As the client wrote it: `name[:port]`. */
  host: string;
  hostname: string;
  /** The explicit port, or the scheme's default. */
  port: string;
  /** The scheme's default port: 80, or 443 over https. */
  defaultPort: string;
}

/** The request's Host (header, else the URL's), or undefined when it does not look like a host. */
export function requestHost(c: Context): RequestHost | undefined {
  const url = new URL(c.req.url);
  const host = c.req.header('Host') ?? url.host;
  const match = HOST.exec(host);
  if (!match) return undefined;
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  return { host, hostname: match[1]!, port: match[2] ?? defaultPort, defaultPort };
}

/** The entries with "$host" and "$port" filled in, without duplicates (first one kept). */
export function expandDomains(domains: readonly string[], req: RequestHost | undefined): string[] {
  const out: string[] = [];
  for (const entry of domains) {
    let name = entry;
    if (name.includes('$host') || name.includes('$port')) {
      if (!req) continue; // nothing sensible to put in
      name = name.replace('$host', req.host).replace('$port', req.port);
    }
    const key = withPort(name, req);
    if (!out.some((seen) => withPort(seen, req) === key)) out.push(name);
  }
  return out;
}

/**
 * Whether an http(s) URL points at one of the merchant's lines (entries expanded for this request):
 * same host name and port, an entry without a port meaning the URL's scheme's default.
 */
export function isOwnLine(domains: readonly string[], req: RequestHost | undefined, url: URL): boolean {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const key = `${url.hostname}:${port}`.toLowerCase();
  return expandDomains(domains, req).some((name) => {
    const hasPort = /:\d+$/.test(name) && !name.endsWith(']');
    return (hasPort ? name : `${name}:${port}`).toLowerCase() === key;
  });
}

/** `name:port` in lower case, the scheme's default port filled in (`localhost` = `localhost:80`). */
function withPort(name: string, req: RequestHost | undefined): string {
  const hasPort = /:\d+$/.test(name) && !name.endsWith(']');
  return (hasPort ? name : `${name}:${req?.defaultPort ?? '80'}`).toLowerCase();
}

/**
 * CSP host-sources for the page's `connect-src`: every merchant's lines for this request except the
 * request's own (that is 'self'), so the line speed test may ping the other candidates. A source
 * without scheme matches the page's scheme. IPv6 literals are left out (no CSP syntax for them).
 */
export function connectSources(allDomains: readonly string[], req: RequestHost | undefined): string[] {
  const own = req ? `${req.hostname}:${req.port}`.toLowerCase() : undefined;
  return expandDomains(allDomains, req).filter((name) => !name.startsWith('[') && withPort(name, req) !== own);
}

/**
 * A back link a page may offer (the chat page, the demo game pages): a path on this origin (`/…`, not
 * `//…`), or an http(s) URL without credentials on one of the merchant's lines; anything else
 * (another site, `javascript:`, a backslash, space or control character) is dropped, not refused.
 */
export function ownBackUrl(c: Context, domains: readonly string[], raw: string | undefined): string | undefined {
  const s = raw?.trim();
  // Browsers drop tabs and newlines inside URLs and read `\` as `/`: `/\evil.example` is `//evil.example`.
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (!s || s.length > 2048 || /[\s\\\u0000-\u001f\u007f]/.test(s)) return undefined;
  if (s.startsWith('/')) return s.startsWith('//') ? undefined : s;
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  return isOwnLine(domains, requestHost(c), url) ? url.href : undefined;
}
