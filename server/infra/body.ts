/**
 * What a request carries, read the same way everywhere (the /wps pipeline, the captcha stand-in, the
 * dev controls): the body with a size limit, a JSON object parsed from it, and the check against a
 * schema. Each refusal is an ApiError with the errorCode docs/api.md gives.
 */
import * as v from 'valibot';
import { ApiError, fieldError } from './errors.ts';

export const BODY_LIMIT = 64 * 1024;

/**
 * The client went away in the middle of its body (closed the tab, lost the line): nothing is wrong
 * with the server, so app.ts logs it as one info line, without a stack. Not an ApiError, so the pages
 * that answer an ApiError themselves (support, chat, games forms) pass it on to that one place.
 */
export class BodyAborted extends Error {
  constructor() {
    super('The client aborted its request body');
    this.name = 'BodyAborted';
  }
}

/** The body, refused with 413 past BODY_LIMIT whether or not Content-Length told the truth. */
export async function readBody(req: Request, limit = BODY_LIMIT): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = new ApiError('request.too.large', `The body is over ${limit} bytes`);
  if (Number(req.headers.get('Content-Length') ?? 0) > limit) throw tooLarge;
  if (!req.body) return new Uint8Array(new ArrayBuffer(0));
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    // A read fails only when the body stream does: the client's connection ended before the body did.
    const { done, value } = await reader.read().catch(() => {
      throw new BodyAborted();
    });
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
    throw new ApiError('request.malformed', 'The body is not UTF-8');
  }
}

/**
 * The body as a JSON object: `request.malformed` when it is not JSON (given as bytes: not UTF-8
 * either) or not an object.
 */
export function parseJsonObject(body: Uint8Array | string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof body === 'string' ? body : new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    throw new ApiError('request.malformed', 'The body is not JSON');
  }
  return requireObject(parsed);
}

/** A parsed value that must be a JSON object (a decrypted body too); else `request.malformed`. */
export function requireObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError('request.malformed', 'The body is not a JSON object');
  }
  return value as Record<string, unknown>;
}

/** The schema's output, or the field error (`request.invalid`) of its first issue. */
export function validate<S extends v.GenericSchema>(schema: S, data: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (result.success) return result.output;
  const issue = result.issues[0];
  // An empty or blank required string is "missing", like an absent one.
  throw fieldError(v.getDotPath(issue) ?? 'body', issue.input === undefined || issue.input === '');
}
