/**
 * Sessions: a random token goes to the client, only its SHA-256 is stored, and it lasts 8 hours.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './db.ts';

export const SESSION_HOURS = 8;

export interface MemberRow {
  id: number;
  merchant_code: string;
  username: string;
  type: number;
  language: string;
  /** Until the password is changed, the session may only change it (docs/api.md, password.change.required). */
  must_change_password?: boolean;
}

/** What the table keeps of a token; other tables that die with a session (chat tickets, push bindings) keep it too. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, memberId: number, mustChangePassword = false): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO sessions (token_hash, member_id, expires_at, must_change_password)
     VALUES ($1, $2, now() + make_interval(hours => $3), $4)`,
    [tokenHash(token), memberId, SESSION_HOURS, mustChangePassword],
  );
  // Housekeeping: expired sessions are useless; dropping them here keeps the table small.
  await db.query('DELETE FROM sessions WHERE expires_at < now()');
  return token;
}

/** The member of a live session, or undefined. */
export async function findSession(db: Db, token: string): Promise<MemberRow | undefined> {
  const { rows } = await db.query<MemberRow>(
    `SELECT m.id, m.merchant_code, m.username, m.type, m.language, s.must_change_password
       FROM sessions s JOIN members m ON m.id = s.member_id
      WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [tokenHash(token)],
  );
  return rows[0];
}

/**
 * The live session of the request's `Authorization` header for this merchant, or undefined: for the
 * calls that take a session without needing one (the tracking post, the push unsubscribe).
 */
export async function optionalSession(
  db: Db,
  authorization: string | undefined,
  merchantCode: string,
): Promise<{ member: MemberRow; token: string } | undefined> {
  const token = authorization?.replace(/^Bearer\s+/i, '');
  if (!token || token.length > 512) return undefined;
  const member = await findSession(db, token);
  return member && member.merchant_code === merchantCode ? { member, token } : undefined;
}

/** The password was changed: this session may do everything again. */
export async function releaseSession(db: Db, token: string): Promise<void> {
  await db.query('UPDATE sessions SET must_change_password = false WHERE token_hash = $1', [tokenHash(token)]);
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash(token)]);
}

/** Ends every session of the members of a merchant with this username (dev controls). */
export async function deleteMemberSessions(db: Db, merchantCode: string, username: string): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM members WHERE merchant_code = $1 AND lower(username) = lower($2)',
    [merchantCode, username],
  );
  const member = rows[0];
  if (!member) return undefined;
  const result = await db.query('DELETE FROM sessions WHERE member_id = $1', [member.id]);
  return result.rowCount;
}

/** Ends the member's other sessions (after a password change), keeping the one of `token`. */
export async function deleteOtherSessions(db: Db, memberId: number, token: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE member_id = $1 AND token_hash <> $2', [memberId, tokenHash(token)]);
}
