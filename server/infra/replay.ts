/**
 * Freshness of encrypted requests (docs/api.md, "Request encryption"): every sealed body carries a
 * random `requestNonce` and the client's `requestTime` (on the server's clock: the client learns the
 * offset from the RSA key answer). A body is accepted once, and only within the window: a captured
 * login replayed later, or a second time, is refused.
 *
 * The seen nonces live in the database (table `request_nonces`) for twice the window, so a body
 * replayed to another instance on the same database is refused too (docs/server.md, "Several
 * instances"). The nonce's primary key makes "seen once" one atomic insert.
 */
import { ApiError } from './errors.ts';
import { clock, type CounterStore } from './limits.ts';

/** How far `requestTime` may be from the server's clock, either way. */
export const FRESHNESS_WINDOW_MS = 60_000;
const NONCE = /^[0-9a-f]{32}$/;

/** Expired nonces are deleted at most this often (by whichever instance accepts a body). */
const SWEEP_EVERY_MS = 60_000;

export class ReplayGuard {
  private lastSweep = 0;

  constructor(private readonly db: Pick<CounterStore, 'query'>) {}

  /** Accepts a decrypted body once; answers it without the two freshness fields. */
  async accept(input: Record<string, unknown>): Promise<Record<string, unknown>> {
    const { requestNonce, requestTime, ...rest } = input;
    if (typeof requestNonce !== 'string' || !NONCE.test(requestNonce) || typeof requestTime !== 'number') {
      throw new ApiError('request.unfresh', 'An encrypted request needs requestNonce and requestTime');
    }
    const now = clock.now();
    if (!Number.isFinite(requestTime) || Math.abs(now - requestTime) > FRESHNESS_WINDOW_MS) {
      throw new ApiError('request.expired', 'The request is outside the accepted time window');
    }
    const { rows } = await this.db.query(
      'INSERT INTO request_nonces (nonce, expires_at) VALUES ($1, $2) ON CONFLICT (nonce) DO NOTHING RETURNING nonce',
      [requestNonce, now + 2 * FRESHNESS_WINDOW_MS],
    );
    if (rows.length === 0) throw new ApiError('request.replayed', 'This request was received already');
    void this.sweep(now);
    return rest;
  }

  /** A nonce past twice the window can no longer come back fresh: its row goes. */
  private async sweep(now: number) {
    if (now - this.lastSweep < SWEEP_EVERY_MS && now >= this.lastSweep) return;
    this.lastSweep = now;
    await this.db.query('DELETE FROM request_nonces WHERE expires_at <= $1', [now]).catch(() => undefined);
  }
}
