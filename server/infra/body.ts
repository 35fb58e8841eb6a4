/** Request bodies, read with a size limit (the /wps pipeline and the dev controls). */
import { ApiError } from './errors.ts';

export const BODY_LIMIT = 64 * 1024;

/** The body, refused with 413 past BODY_LIMIT whether or not Content-Length told the truth. */
export async function readBody(req: Request, limit = BODY_LIMIT): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = new ApiError(413, 'request.too.large', `The body is over ${limit} bytes`);
  if (Number(req.headers.get('Content-Length') ?? 0) > limit) throw tooLarge;
  if (!req.body) return new Uint8Array(new ArrayBuffer(0));
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** UTF-8 text of a body; invalid UTF-8 is `request.malformed`. */
export function utf8(body: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new ApiError(400, 'request.malformed', 'The body is not UTF-8');
  }
}
