/**
 * The game pages' tickets: what a launch puts in the game URL instead of the session token (a URL
 * ends up in histories, logs and Referer headers). A ticket is `<payload>.<signature>`: the payload
 * base64url JSON, the signature base64url HMAC-SHA256 of the payload text with the server key
 * (infra/secrets.ts, purpose `game ticket`), so nothing in it can be changed and nothing is stored.
 *
 * A play ticket names the member and its session by `session`: an HMAC of the session token's hash
 * (never the token, nor the hash the sessions table is searched by). The page recomputes it for the
 * member's live sessions, so a ticket opens nothing once its session has ended (logout, expiry, the
 * dev control). Tickets last 30 minutes.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/db.ts';
import { clock, MINUTE } from '../infra/limits.ts';
import type { Secrets } from '../infra/secrets.ts';

export const GAME_TICKET_MS = 30 * MINUTE;

export type GameView = 'betting' | 'lobby';

export interface PlayTicket {
  kind: 'play';
  merchant: string;
  member: number;
  session: string;
  vendor: string;
  game?: string;
  prizeMode?: string;
  view: GameView;
  /** The betting page links to the vendor's lobby (the launch's hasLobby). */
  lobby: boolean;
  language: string;
  backUrl?: string;
  exp: number;
}

export interface TrialTicket {
  kind: 'trial';
  merchant: string;
  vendor: string;
  gameId: string;
  nodeId?: string;
  language: string;
  exp: number;
}

export type Ticket = PlayTicket | TrialTicket;

/** Why a ticket opens nothing; the page says so. */
export type TicketRefusal = 'invalid' | 'expired' | 'session';

/** Payload (a backUrl of 2048 characters fits, in any script) and signature. */
const SHAPE = /^[A-Za-z0-9_-]{1,12288}\.[A-Za-z0-9_-]{43}$/;

const signature = (secrets: Secrets, payload: string) =>
  Buffer.from(secrets.mac('game ticket', payload), 'hex').toString('base64url');

export function signTicket(secrets: Secrets, ticket: Ticket): string {
  const payload = Buffer.from(JSON.stringify(ticket)).toString('base64url');
  return `${payload}.${signature(secrets, payload)}`;
}

/** The session's reference in a play ticket: HMAC of the token's SHA-256. */
export function sessionRef(secrets: Secrets, token: string): string {
  return secretRef(secrets, createHash('sha256').update(token).digest('hex'));
}
const secretRef = (secrets: Secrets, tokenHash: string) => secrets.mac('game session', tokenHash).slice(0, 32);

/** The ticket of this kind when its signature holds and it has not expired; else why not. */
export function readTicket<K extends Ticket['kind']>(
  secrets: Secrets,
  raw: string | undefined,
  kind: K,
): Extract<Ticket, { kind: K }> | TicketRefusal {
  if (!raw || !SHAPE.test(raw)) return 'invalid';
  const [payload, sig] = raw.split('.') as [string, string];
  const expected = Buffer.from(signature(secrets, payload));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  let ticket: Ticket;
  try {
    ticket = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Ticket;
  } catch {
    return 'invalid';
  }
  if (ticket?.kind !== kind) return 'invalid';
  if (!(ticket.exp > clock.now())) return 'expired';
  return ticket as Extract<Ticket, { kind: K }>;
}

/** Whether the play ticket's session is still live (the member logged in with it and has not left). */
export async function sessionLive(db: Db, secrets: Secrets, ticket: PlayTicket): Promise<boolean> {
  const { rows } = await db.query<{ token_hash: string }>(
    `SELECT s.token_hash FROM sessions s JOIN members m ON m.id = s.member_id
      WHERE s.member_id = $1 AND m.merchant_code = $2 AND s.expires_at > now()`,
    [ticket.member, ticket.merchant],
  );
  const want = Buffer.from(ticket.session);
  return rows.some((r) => {
    const ref = Buffer.from(secretRef(secrets, r.token_hash));
    return ref.length === want.length && timingSafeEqual(ref, want);
  });
}
