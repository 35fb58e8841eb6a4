/**
 * The envelope `{ success, message?, errorCode?, value? }`, the refusal every check throws, and the
 * one way to refuse a field.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errorCode: string,
    message: string,
    readonly value?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function failure(errorCode: string, message: string, value?: unknown) {
  return value === undefined ? { success: false, errorCode, message } : { success: false, errorCode, message, value };
}

/** `400 request.invalid` naming the field, never echoing its value (it may be a password). */
export function fieldError(field: string, missing: boolean): ApiError {
  return new ApiError(400, 'request.invalid', `field "${field}" is ${missing ? 'missing' : 'invalid'}`);
}
