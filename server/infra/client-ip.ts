/**
 * The client IP of a request, the one place it is derived (lockouts, recorded login IPs, rate limits,
 * status `location.ip`, the upstream's X-Forwarded-For).
 *
 * `TRUST_PROXY=<n>` says how many proxies we run in front of the server. Each proxy appends the
 * address it saw to X-Forwarded-For, so only the last n entries were written by us; anything to
 * their left came from the client and may be forged. The client is therefore the entry n positions
 * from the right: the address the farthest of our proxies saw.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { BlockList, isIP } from 'node:net';

/** Mapped IPv4 (`::ffff:1.2.3.4`) reads as plain IPv4, so one client has one key everywhere. */
const unmap = (ip: string) => ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/** The address of the TCP peer (127.0.0.1 for `app.request()` in tests, which has no socket). */
export function socketIp(c: Context): string {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests: there is no socket.
  }
  return unmap(address ?? '127.0.0.1');
}

/**
 * The entries of X-Forwarded-For written by our `hops` proxies (client first), or undefined when
 * they cannot be trusted: no proxy configured, fewer entries than proxies (the chain did not come
 * through all of them), or the client entry is not an IP address.
 */
export function trustedChain(header: string | undefined, hops: number): string[] | undefined {
  if (hops < 1 || !header) return undefined;
  const entries = header.split(',').map((e) => e.trim());
  if (entries.length < hops) return undefined;
  const chain = entries.slice(entries.length - hops);
  return isIP(chain[0]!) ? chain : undefined;
}

/**
 * The socket address, or with `hops` trusted proxies the X-Forwarded-For entry `hops` from the right.
 * A chain that cannot be trusted falls back to the socket address (our proxy's): never to an entry
 * the client wrote, so a forged header can only make a client share its limits with others.
 */
export function clientIp(c: Context, hops: number): string {
  const chain = trustedChain(c.req.header('X-Forwarded-For'), hops);
  return chain ? unmap(chain[0]!) : socketIp(c);
}

/**
 * X-Forwarded-For for an upstream back end: the trusted part of the incoming chain plus the socket
 * address; the client-written part is dropped, so the upstream trusts `hops + 1` proxies.
 */
export function forwardedFor(c: Context, hops: number): string {
  const chain = trustedChain(c.req.header('X-Forwarded-For'), hops);
  return [...(chain ?? []), socketIp(c)].join(', ');
}

/** This machine's loopback: 127.0.0.0/8 and ::1 (node's BlockList also matches their IPv4-mapped forms). */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Whether a socket address is this machine's loopback, however written (`::ffff:127.0.0.1` is what a
 * dual-stack socket reports). The dev controls answer only such peers (app.ts): the address the
 * kernel gave the connection, which no header can change.
 */
export function isLoopback(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
