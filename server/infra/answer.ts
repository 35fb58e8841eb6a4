/**
 * A /wps answer's JSON, gzipped when it is big enough to matter (docs/server.md, "Compression").
 *
 * Under GZIP_FROM bytes it goes as it is: it fits in the first round trip either way (the initial TCP
 * window is about 14 KB), so gzip would only cost server time. Bigger answers (game lists, member
 * records) are gzipped here, once, with zlib: the generic compress middleware tried first made every
 * answer take Node's slow web-stream path and cost the status call half its speed.
 */
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const GZIP_FROM = 4096;

export function jsonAnswer(c: Context, body: unknown, status: ContentfulStatusCode = 200): Response {
  const text = JSON.stringify(body);
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Vary: 'Accept-Encoding' };
  if (text.length >= GZIP_FROM && /\bgzip\b/i.test(c.req.header('Accept-Encoding') ?? '') && c.req.method !== 'HEAD') {
    const zipped = gzipSync(text, { level: 6 });
    return c.body(new Uint8Array(zipped.buffer, zipped.byteOffset, zipped.byteLength) as Uint8Array<ArrayBuffer>, status, {
      ...headers,
      'Content-Encoding': 'gzip',
    });
  }
  return c.body(text, status, headers);
}
