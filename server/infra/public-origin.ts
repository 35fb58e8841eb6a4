/**
 * The origin of every absolute URL this server writes (the Web Clip of the iOS profile, the chat and
 * game pages' URLs, the push stand-in's): configured, never read from the request. A `Host` header is
 * the client's to write, and an answer a shared cache keeps (the profile is `no-cache`, not
 * `no-store`) would carry the attacker's origin to everyone.
 *
 * - PUBLIC_ORIGIN set (`publicOrigins`): its first origin; another listed origin when the request's
 *   Host names exactly that one's host (an operator reached under two names keeps each player on
 *   their own: the /m page frames the games from its own origin only). Behind a TLS proxy the
 *   listed scheme counts, not the proxy's plain http.
 * - Unset (the demo, `npm start` on any port): the origin it listens on: `http(s)://<name>:<port>`
 *   with the port the socket accepted the request on (PORT=0 included) and, as name, the request's
 *   when it is one the server answers to (loopback names, HOST, ALLOWED_HOSTS, infra/hosts.ts) on
 *   that very port, else HOST (127.0.0.1 when HOST is every address). So the demo opened as
 *   `localhost:8080` keeps `localhost`, and `Host: evil.example` gets `http://127.0.0.1:8080`.
 */
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Context } from 'hono';
import type { Config } from './config.ts';
import { allowedHostNames, hostName } from './hosts.ts';

export type PublicOrigin = (c: Context) => string;

/** HOST values that mean "every address": no browser should be sent there. */
const UNSPECIFIED = new Set(['0.0.0.0', '[::]', '[0:0:0:0:0:0:0:0]']);

export function publicOriginOf(config: Pick<Config, 'publicOrigins' | 'host' | 'allowedHosts' | 'port'>): PublicOrigin {
  const [first, ...others] = config.publicOrigins;
  if (first !== undefined) {
    const byHost = new Map([first, ...others].reverse().map((origin) => [new URL(origin).host, origin]));
    return (c) => byHost.get(hostOf(c).toLowerCase()) ?? first;
  }

  const names = allowedHostNames(config);
  for (const name of UNSPECIFIED) names.delete(name);
  const own = hostName(config.host);
  const canonical = UNSPECIFIED.has(own) || !own ? '127.0.0.1' : own;
  const origins = new Map<string, string>();
  return (c) => {
    const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
    const scheme = (socket as TLSSocket | undefined)?.encrypted ? 'https:' : 'http:';
    // Without a socket (app.request() in tests) the configured port stands for it.
    const port = String(socket?.localPort ?? config.port);
    const host = hostOf(c);
    const name = hostName(host);
    const asked = names.has(name) && (portOf(host) || (scheme === 'https:' ? '443' : '80')) === port;
    const key = `${scheme}${asked ? name : canonical}:${port}`;
    let origin = origins.get(key);
    if (origin === undefined) {
      if (origins.size >= 64) origins.clear();
      origins.set(key, (origin = new URL(`${scheme}//${asked ? name : canonical}:${port}`).origin));
    }
    return origin;
  };
}

/** The request's Host header (the URL's host without one). */
const hostOf = (c: Context) => c.req.header('Host') ?? new URL(c.req.url).host;

/** The port of `name[:port]` (IPv6 in brackets) as written; '' without one. */
const portOf = (host: string) => /:(\d+)$/.exec(host.replace(/^\[[^\]]*\]/, ''))?.[1] ?? '';
