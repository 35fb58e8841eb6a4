/**
 * The push relay (docs/api.md, "Push"): the calls that tie a browser's registration token (what the
 * push service handed the page, server/push/push-service.ts in demo mode) to a member and to topics,
 * so that the operator can later send to a member or a topic.
 *
 * A registration token is not a secret worth a session: it passes through the push service, the
 * page and its storage. A binding therefore remembers the session that made it, and while that
 * session lives the token is its member's alone (`403 push.token.forbidden` to anybody else). Once
 * that session is gone (logout, expiry) the binding is stale: the product unbinds at logout anyway,
 * and the page, whose session is gone by then, must still be able to stop its pushes.
 *
 * - `fcmBind` (session): the token belongs to the session's member from now on, under this session.
 *   A token whose binding is stale moves to this member, and its topics are dropped (they were the
 *   other member's); a token another member's live session bound is refused; binding it again
 *   (a new login of the same member) moves it to the new session. A member keeps at most
 *   TOKENS_PER_MEMBER tokens: the oldest binding goes first.
 * - `fcmSubscribe` (session): adds a topic to a token bound to the caller (`404 push.token.not.found`
 *   otherwise); idempotent; at most TOPICS_PER_TOKEN topics (`400 push.topic.limit`).
 * - `fcmUnsubscribe` (session when there is one): the token's topics and its binding are removed, by
 *   a session of the token's member, or by anybody once the binding is stale (the page after its
 *   logout or a 401); a live binding of another member is refused; an unknown token is nothing to do.
 *
 * Every call counts against the address's push limit (TOO_MANY_REQUEST_PUSH, 429). Tokens are never
 * logged.
 */
import { fieldError, ApiError } from '../infra/errors.ts';
import { clock } from '../infra/limits.ts';
import type { Call } from '../api/call.ts';
import type { Db, Query } from '../db/db.ts';
import { optionalSession, tokenHash } from '../db/sessions.ts';
import type { FcmBindPayload, FcmSubscribePayload, FcmUnsubscribePayload } from '../../src/contract/schemas.ts';

/** A topic as the push service accepts it. */
export const TOPIC = /^[A-Za-z0-9_.~%-]{1,256}$/;
/** A registration token: printable ASCII without spaces (FCM's are `[A-Za-z0-9_:-]`, about 160 characters). */
export const REGISTRATION_TOKEN = /^[\x21-\x7e]{1,4096}$/;
export const TOKENS_PER_MEMBER = 20;
export const TOPICS_PER_TOKEN = 100;

const at = (ms: number) => new Date(ms).toISOString();

function tokenOf(token: string): string {
  if (!REGISTRATION_TOKEN.test(token)) throw fieldError('registrationToken', token === '');
  return token;
}

async function countCall(call: Call<unknown>): Promise<void> {
  // 429, not the sign-in's 400: a flood of background calls (src/contract/errors.ts).
  await call.deps.limits.push.take(
    `${call.merchant.code}\n${call.clientIp}`,
    'TOO_MANY_REQUEST_PUSH',
    'Too many push requests. Please try again later.',
  );
}

/** The token's binding, locked for the transaction: its member, and whether the session that bound it lives. */
async function bindingOf(query: Query, merchant: string, token: string) {
  const { rows } = await query<{ member_id: number; live: boolean }>(
    `SELECT t.member_id, s.token_hash IS NOT NULL AS live FROM push_tokens t
       LEFT JOIN sessions s ON s.token_hash = t.session_hash AND s.member_id = t.member_id AND s.expires_at > now()
      WHERE t.merchant_code = $1 AND t.token = $2 FOR UPDATE OF t`,
    [merchant, token],
  );
  return rows[0];
}

const forbidden = () => new ApiError('push.token.forbidden', 'This registration token is bound to another member');

export async function bindToken(call: Call<FcmBindPayload>, memberId: number, sessionToken: string): Promise<null> {
  const token = tokenOf(call.input.registrationToken);
  await countCall(call);
  const merchant = call.merchant.code;
  const session = tokenHash(sessionToken);
  await call.deps.db.transaction(async (query) => {
    const bound = await bindingOf(query, merchant, token);
    if (bound && bound.member_id !== memberId && bound.live) throw forbidden();
    if (bound?.member_id === memberId) {
      // Bound again (a new login): the binding follows the newest session.
      await query('UPDATE push_tokens SET session_hash = $3, bound_at = $4 WHERE merchant_code = $1 AND token = $2', [
        merchant,
        token,
        session,
        at(clock.now()),
      ]);
      return;
    }
    if (bound) {
      // A stale binding moves to this member; the other member's topics are not this one's.
      await query('DELETE FROM push_topics WHERE merchant_code = $1 AND token = $2', [merchant, token]);
      await query(
        'UPDATE push_tokens SET member_id = $3, bound_at = $4, session_hash = $5 WHERE merchant_code = $1 AND token = $2',
        [merchant, token, memberId, at(clock.now()), session],
      );
    } else {
      // Two first binds at once: the row of the first wins, the second finds it taken (refused
      // unless it is the same member's).
      const inserted = await query(
        `INSERT INTO push_tokens (merchant_code, token, member_id, bound_at, session_hash) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (merchant_code, token) DO UPDATE SET bound_at = excluded.bound_at, session_hash = excluded.session_hash
           WHERE push_tokens.member_id = excluded.member_id
         RETURNING 1`,
        [merchant, token, memberId, at(clock.now()), session],
      );
      if (inserted.rows.length === 0) throw forbidden();
    }
    // The member's oldest tokens beyond the limit (browsers that never unsubscribed) are forgotten.
    await query(
      `DELETE FROM push_tokens WHERE member_id = $1 AND token IN (
         SELECT token FROM push_tokens WHERE member_id = $1 ORDER BY bound_at DESC, token OFFSET ${TOKENS_PER_MEMBER})`,
      [memberId],
    );
  });
  return null;
}

export async function subscribeTopic(call: Call<FcmSubscribePayload>, memberId: number): Promise<null> {
  const token = tokenOf(call.input.registrationToken);
  const topic = call.input.topic;
  if (!TOPIC.test(topic)) throw fieldError('topic', topic === '');
  await countCall(call);
  const merchant = call.merchant.code;
  await call.deps.db.transaction(async (query) => {
    const { rows } = await query<{ member_id: number }>(
      'SELECT member_id FROM push_tokens WHERE merchant_code = $1 AND token = $2 FOR UPDATE',
      [merchant, token],
    );
    if (rows[0]?.member_id !== memberId) {
      throw new ApiError('push.token.not.found', 'This registration token is not bound to you');
    }
    const inserted = await query(
      `INSERT INTO push_topics (merchant_code, token, topic, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [merchant, token, topic, at(clock.now())],
    );
    if (inserted.rows.length === 0) return; // already subscribed
    const { rows: count } = await query<{ n: string | number }>(
      'SELECT count(*) AS n FROM push_topics WHERE merchant_code = $1 AND token = $2',
      [merchant, token],
    );
    // Thrown inside the transaction: the insert is rolled back.
    if (Number(count[0]!.n) > TOPICS_PER_TOKEN) {
      throw new ApiError('push.topic.limit', `At most ${TOPICS_PER_TOKEN} topics per registration token`);
    }
  });
  return null;
}

export async function unsubscribeToken(call: Call<FcmUnsubscribePayload>): Promise<null> {
  const token = tokenOf(call.input.registrationToken);
  await countCall(call);
  const merchant = call.merchant.code;
  const caller = await optionalSession(call.deps.db, call.c.req.header('Authorization'), merchant);
  await call.deps.db.transaction(async (query) => {
    const bound = await bindingOf(query, merchant, token);
    if (!bound) return; // unknown: nothing to do
    if (bound.live && bound.member_id !== caller?.member.id) throw forbidden();
    // The topics go with the binding (ON DELETE CASCADE).
    await query('DELETE FROM push_tokens WHERE merchant_code = $1 AND token = $2', [merchant, token]);
  });
  return null;
}

/** A token as the dev page shows it: its start and end only. */
export function abbreviated(token: string): string {
  return token.length <= 20 ? token : `${token.slice(0, 12)}…${token.slice(-6)}`;
}

export interface PushTokenListing {
  username: string;
  memberId: number;
  token: string;
  topics: string[];
  boundAt: number;
}

/** The merchant's bound tokens, newest first (at most 100), tokens abbreviated (the dev page). */
export async function pushTokensOf(db: Db, merchantCode: string): Promise<PushTokenListing[]> {
  const { rows } = await db.query<{
    username: string;
    member_id: number;
    token: string;
    bound_at: Date | string;
    topics: string[] | null;
  }>(
    `SELECT m.username, t.member_id, t.token, t.bound_at,
            (SELECT array_agg(p.topic ORDER BY p.topic) FROM push_topics p
              WHERE p.merchant_code = t.merchant_code AND p.token = t.token) AS topics
       FROM push_tokens t JOIN members m ON m.id = t.member_id
      WHERE t.merchant_code = $1 ORDER BY t.bound_at DESC, t.token LIMIT 100`,
    [merchantCode],
  );
  return rows.map((r) => ({
    username: r.username,
    memberId: r.member_id,
    token: abbreviated(r.token),
    topics: r.topics ?? [],
    boundAt: new Date(r.bound_at).getTime(),
  }));
}
