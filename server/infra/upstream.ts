/**
 * `--upstream URL`: every /wps request goes to a real operator back end, and its answer comes back
 * unchanged (apart from hop-by-hop headers). /m is still served from DIST_DIR.
 */
import type { Context } from 'hono';
import { refusal } from './errors.ts';

/** Headers that describe one connection, not the message (RFC 9110 §7.6.1), plus Host. */
const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
]);

export const UPSTREAM_TIMEOUT_MS = 30_000;

export async function forward(
  c: Context,
  upstream: string,
  body: Uint8Array<ArrayBuffer> | undefined,
  forwardedFor: string,
): Promise<Response> {
  const url = new URL(c.req.url);
  const headers = new Headers();
  c.req.raw.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) headers.set(name, value);
  });
  headers.set('X-Forwarded-For', forwardedFor);

  let answer: Response;
  try {
    answer = await fetch(upstream + url.pathname + url.search, {
      method: c.req.method,
      headers,
      body: body && body.length ? body : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch {
    return refusal(c, 'upstream.unavailable', 'The upstream back end did not answer');
  }
  const out = new Headers();
  answer.headers.forEach((value, name) => {
    // fetch has already decoded gzip/br bodies, so their encoding header no longer applies.
    if (!HOP_BY_HOP.has(name) && name !== 'content-encoding') out.append(name, value);
  });
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: out });
}
