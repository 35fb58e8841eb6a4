/**
 * The envelope `{ success, message?, errorCode?, value? }`, the refusal every check throws, and the
 * one way to refuse a field. A refusal's status comes from its code's row in src/contract/errors.ts.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERRORS, type ServerErrorCode } from '../../src/contract/errors.ts';

export type { ServerErrorCode };

/** The HTTP status the error table gives a code. */
export const statusOf = (code: ServerErrorCode): ContentfulStatusCode => ERRORS[code].status;

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly errorCode: ServerErrorCode,
    message: string,
    readonly value?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = statusOf(errorCode);
  }
}

export function failure(errorCode: ServerErrorCode, message: string, value?: unknown) {
  return value === undefined ? { success: false, errorCode, message } : { success: false, errorCode, message, value };
}

/** A refusal answered on the spot (where nothing catches a thrown ApiError), with its table status. */
export const refusal = (c: Context, errorCode: ServerErrorCode, message: string) =>
  c.json(failure(errorCode, message), statusOf(errorCode));

/** `400 request.invalid` naming the field, never echoing its value (it may be a password). */
export function fieldError(field: string, missing: boolean): ApiError {
  return new ApiError('request.invalid', `field "${field}" is ${missing ? 'missing' : 'invalid'}`);
}
