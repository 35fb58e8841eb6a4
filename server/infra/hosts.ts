/**
 * Host names the dev controls (and, in demo mode, /wps) answer to. A web page on another site can
 * point its own name at 127.0.0.1 (DNS rebinding) and then call this server as "same origin"; its
 * requests still carry its own name in Host, so only names configured here are served.
 */
import type { Context } from 'hono';
import { refusal } from './errors.ts';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** `name[:port]` → the name in lower case, IPv6 in brackets; the port does not matter. */
export function hostName(host: string): string {
  const value = host.trim().toLowerCase();
  const bracketed = /^(\[[^\]]*\])(?::\d*)?$/.exec(value);
  if (bracketed) return bracketed[1]!;
  const colons = value.split(':').length - 1;
  if (colons > 1) return `[${value}]`; // a bare IPv6 address (HOST=::1)
  return colons === 1 ? value.slice(0, value.indexOf(':')) : value;
}

/** The loopback names, the listening address (HOST) and ALLOWED_HOSTS. */
/** The host of an absolute URL (`scheme://host/...`), without parsing the whole URL. */
function urlHostOf(url: string): string {
  const start = url.indexOf('//') + 2;
  const end = url.indexOf('/', start);
  return url.slice(start, end === -1 ? undefined : end);
}

export function allowedHostNames(config: { host: string; allowedHosts: readonly string[] }): Set<string> {
  return new Set([...LOOPBACK, config.host, ...config.allowedHosts].map(hostName).filter(Boolean));
}

/**
 * Refuses a request whose Host (or, without one, the URL's host) is not allowed:
 * `421 HOST_NOT_ALLOWED`. The name is not repeated in the answer.
 */
/** Whether a request's URL host and Host header are both allowed names (memoised: a client sends the same ones every time). */
export function hostCheck(allowed: ReadonlySet<string>): (c: Context) => boolean {
  const verdicts = new Map<string, boolean>();
  return (c) => {
    const urlHost = urlHostOf(c.req.url);
    const header = c.req.header('Host');
    const key = `${urlHost}\n${header ?? ''}`;
    let ok = verdicts.get(key);
    if (ok === undefined) {
      ok = [urlHost, ...(header === undefined ? [] : [header])].map(hostName).every((name) => allowed.has(name));
      if (verdicts.size >= 1024) verdicts.clear();
      verdicts.set(key, ok);
    }
    return ok;
  };
}

/** The 421 answer to a request for a host name this server does not answer to. */
export const hostRefusal = (c: Context) => refusal(c, 'HOST_NOT_ALLOWED', 'This server does not answer to this host name');
