/**
 * How answers get their headers and their compression (docs/server.md, "Compression" and "Speed").
 *
 * Headers: @hono/node-server writes an answer fastest when its headers are a plain object given with
 * the body; a middleware that sets a header on the finished answer (`c.res.headers.set` after
 * `next()`) turns them into a `Headers` object and costs a third of the throughput. So middlewares
 * register their headers before `next()` (`answerHeaders`), the answer builders (`jsonAnswer`, the
 * static files) put them into their plain object (`headersFor`), and `finishAnswerHeaders` after
 * `next()` sets them on the few answers built otherwise (refusals of other middlewares, the
 * upstream's answers, plain-text 404s).
 *
 * Compression: a /wps answer's JSON is gzipped when it is big enough to matter. Under GZIP_FROM bytes
 * it goes as it is: it fits in the first round trip either way (the initial TCP window is about
 * 14 KB), so gzip would only cost server time. The generic compress middleware tried first also made
 * every answer take Node's slow web-stream path.
 */
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const GZIP_FROM = 4096;

interface Pending {
  headers: Record<string, string>;
  /** The answer was built with them (or they were set on it): nothing left to do. */
  done: boolean;
}
// Kept on the request's context itself: a WeakMap keyed by tens of thousands of short-lived contexts
// a second made its garbage collection a third of the answer's cost.
const PENDING = Symbol('answerHeaders');
type WithPending = Context & { [PENDING]?: Pending };
const pending = {
  get: (c: Context) => (c as WithPending)[PENDING],
  set: (c: Context, p: Pending) => ((c as WithPending)[PENDING] = p),
};

/** Headers the answer to this request must carry (a `Vary` adds to the ones before it). */
export function answerHeaders(c: Context, headers: Record<string, string>): void {
  const p = pending.get(c);
  // The usual case, one call per request: the (shared, never changed) object itself is kept.
  if (!p) {
    pending.set(c, { headers, done: false });
    return;
  }
  const merged = { ...p.headers };
  for (const name in headers) {
    const value = headers[name]!;
    merged[name] = name === 'Vary' && merged.Vary ? `${merged.Vary}, ${value}` : value;
  }
  p.headers = merged;
}

/** The headers registered so far for this request's answer (not to be changed). */
export const answerHeadersOf = (c: Context): Readonly<Record<string, string>> | undefined => pending.get(c)?.headers;

/** `base` with the registered headers merged in, for an answer built now (they are then done). */
export function headersFor(c: Context, base: Record<string, string>): Record<string, string> {
  const p = pending.get(c);
  if (!p) return base;
  p.done = true;
  const merged: Record<string, string> = {};
  for (const name in base) merged[name] = base[name]!;
  for (const name in p.headers) {
    const value = p.headers[name]!;
    merged[name] = name === 'Vary' && merged.Vary ? `${merged.Vary}, ${value}` : value;
  }
  return merged;
}

/**
 * After `next()` (or on the answer a handler built): sets the registered headers on an answer that
 * was not built with them.
 */
export function finishAnswerHeaders(c: Context, res: Response = c.res): Response {
  const p = pending.get(c);
  if (!p || p.done) return res;
  p.done = true;
  for (const [name, value] of Object.entries(p.headers)) {
    if (name === 'Vary') res.headers.append('Vary', value);
    else res.headers.set(name, value);
  }
  return res;
}

/**
 * A value already written as JSON, for answers whose bulk is the same for many requests (the site
 * status): JSON.stringify of it was a sixth of the answer's cost. `T` is the value it stands for.
 */
export class JsonText<T = unknown> {
  declare readonly value?: T;
  constructor(readonly text: string) {}
}

/** A /wps answer: JSON, gzipped from GZIP_FROM bytes when the client takes gzip, with the registered headers. */
export function jsonAnswer(
  c: Context,
  body: unknown,
  status: ContentfulStatusCode = 200,
  extra: Record<string, string> = {},
): Response {
  const text = body instanceof JsonText ? body.text : JSON.stringify(body);
  const headers = headersFor(c, { 'Content-Type': 'application/json', Vary: 'Accept-Encoding', ...extra });
  if (text.length >= GZIP_FROM && /\bgzip\b/i.test(c.req.header('Accept-Encoding') ?? '') && c.req.method !== 'HEAD') {
    const zipped = gzipSync(text, { level: 6 });
    return plainAnswer(new Uint8Array(zipped.buffer, zipped.byteOffset, zipped.byteLength), status, {
      ...headers,
      'Content-Encoding': 'gzip',
    });
  }
  return plainAnswer(text, status, headers);
}

/**
 * An answer whose headers stay a plain object (Hono's `c.body` makes a `Headers` object of more than
 * one header, which @hono/node-server then writes the slow way).
 */
export function plainAnswer(
  body: string | Uint8Array<ArrayBuffer> | null,
  status: number,
  headers: Record<string, string>,
): Response {
  return new Response(body, { status, headers });
}
