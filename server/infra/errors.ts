/** The envelope `{ success, message?, errorCode?, value? }` and the refusal every check throws. */
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
