/**
 * Freshness of encrypted requests (docs/api.md, "Request encryption"): every sealed body carries a
 * random `requestNonce` and the client's `requestTime` (on the server's clock: the client learns the
 * offset from the RSA key answer). A body is accepted once, and only within the window: a captured
 * login replayed later, or a second time, is refused.
 *
 * The seen nonces live in this process's memory for twice the window (docs/server.md, "Limits").
 */
import { ApiError } from './errors.ts';
import { clock } from './limits.ts';

/** How far `requestTime` may be from the server's clock, either way. */
export const FRESHNESS_WINDOW_MS = 60_000;
const NONCE = /^[0-9a-f]{32}$/;

export class ReplayGuard {
  /** Nonce → when it may be forgotten (it is stale by then anyway). Insertion order is expiry order. */
  private readonly seen = new Map<string, number>();

  constructor(private readonly maxEntries = 200_000) {}

  /** Accepts a decrypted body once; answers it without the two freshness fields. */
  accept(input: Record<string, unknown>): Record<string, unknown> {
    const { requestNonce, requestTime, ...rest } = input;
    if (typeof requestNonce !== 'string' || !NONCE.test(requestNonce) || typeof requestTime !== 'number') {
      throw new ApiError(400, 'request.unfresh', 'An encrypted request needs requestNonce and requestTime');
    }
    const now = clock.now();
    if (!Number.isFinite(requestTime) || Math.abs(now - requestTime) > FRESHNESS_WINDOW_MS) {
      throw new ApiError(400, 'request.expired', 'The request is outside the accepted time window');
    }
    this.forgetOld(now);
    if (this.seen.has(requestNonce)) throw new ApiError(400, 'request.replayed', 'This request was received already');
    this.seen.set(requestNonce, now + 2 * FRESHNESS_WINDOW_MS);
    // Bounded memory under a flood: the oldest entries go first (they are the nearest to expiry).
    if (this.seen.size > this.maxEntries) this.seen.delete(this.seen.keys().next().value!);
    return rest;
  }

  private forgetOld(now: number) {
    for (const [nonce, until] of this.seen) {
      if (until > now) break;
      this.seen.delete(nonce);
    }
  }
}
