/**
 * Customer-service chat (tables `chat_messages`, `chat_tickets`): the unread count, the chat URL of
 * CBS_launchChat and what the demo chat page (./chat-page.ts) reads and writes.
 *
 * The chat URL carries a ticket of its own, never the session token: a URL ends up in histories,
 * logs and Referer headers, and the ticket opens this member's chat page only, for 30 minutes at
 * most, and only while the session it was issued to lives (a logout or the session's expiry ends it).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { LaunchChatQuery } from '../../src/contract/schemas.ts';
import type { Db, Query } from '../db/db.ts';
import { tokenHash } from '../db/sessions.ts';
import { clock, MINUTE } from '../infra/limits.ts';
import { ownBackUrl } from '../merchants/domains.ts';
import type { Merchant } from '../merchants/merchants.ts';

export const TICKET_MS = 30 * MINUTE;
export const MESSAGE_MAX = 1000;
const TICKET = /^[A-Za-z0-9_-]{43}$/;
const HEADER_COLOR = /^#(?:[0-9a-fA-F]{3}){1,2}$/;
const LANGUAGE = /^[A-Za-z]{2}(?:-[A-Za-z]{2})?$/;

const iso = (ms: number) => new Date(ms).toISOString();
const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** What the page shows besides the messages: each one checked, or left out. */
export interface ChatView {
  title?: string;
  language?: string;
  headerColor?: string;
  backUrl?: string;
}

/**
 * The page's options from launchChat's query (or the page's own URL, which anybody can write):
 * `headerColor` `#` + 3 or 6 hex digits; `language` a code such as `CN`, `PT-BR`; `backUrl` a path on
 * this origin (`/…`, never `//…`) or an http(s) URL on one of the merchant's lines. Anything else is
 * dropped, not refused: the chat still opens.
 */
export function chatView(c: Context, domains: readonly string[], input: Partial<Record<keyof ChatView, string>>): ChatView {
  const view: ChatView = {};
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const title = input.title?.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (title) view.title = title.slice(0, 128);
  if (input.language && LANGUAGE.test(input.language)) view.language = input.language.toUpperCase();
  if (input.headerColor && HEADER_COLOR.test(input.headerColor)) view.headerColor = input.headerColor.toLowerCase();
  const back = ownBackUrl(c, domains, input.backUrl);
  if (back) view.backUrl = back;
  return view;
}

/** The query of a chat page URL: the ticket, then the options that passed. */
export function chatQuery(ticket: string, view: ChatView): string {
  const params = new URLSearchParams({ ticket });
  for (const key of ['title', 'language', 'headerColor', 'backUrl'] as const) {
    if (view[key] !== undefined) params.set(key, view[key]);
  }
  return params.toString();
}

/**
 * CBS_launchChat: a new ticket for the member of the session `sessionToken`, and the chat page's
 * absolute URL on the public origin (`origin`).
 */
export async function launchChat(
  c: Context,
  db: Db,
  merchant: Merchant,
  memberId: number,
  sessionToken: string,
  input: LaunchChatQuery,
  origin: string,
) {
  const ticket = randomBytes(32).toString('base64url');
  const now = clock.now();
  await db.query('INSERT INTO chat_tickets (ticket_hash, member_id, expires_at, session_hash) VALUES ($1, $2, $3, $4)', [
    ticketHash(ticket),
    memberId,
    iso(now + TICKET_MS),
    tokenHash(sessionToken),
  ]);
  // Housekeeping: an expired ticket opens nothing; dropping them keeps the table small.
  await db.query('DELETE FROM chat_tickets WHERE expires_at < $1', [iso(now)]);
  return { chatUrl: `${origin}/chat/?${chatQuery(ticket, chatView(c, merchant.domains, input))}` };
}

export interface TicketMember {
  id: number;
  merchant_code: string;
}

/**
 * The member a live ticket was issued for, or undefined (malformed, unknown or expired, or its
 * session ended: the session's expiry is the database's clock, as in sessions.ts).
 */
export async function ticketMember(db: Db, ticket: string | undefined): Promise<TicketMember | undefined> {
  if (!ticket || !TICKET.test(ticket)) return undefined;
  const { rows } = await db.query<TicketMember>(
    `SELECT m.id, m.merchant_code FROM chat_tickets t
       JOIN sessions s ON s.token_hash = t.session_hash AND s.member_id = t.member_id AND s.expires_at > now()
       JOIN members m ON m.id = t.member_id
      WHERE t.ticket_hash = $1 AND t.expires_at > $2`,
    [ticketHash(ticket), iso(clock.now())],
  );
  return rows[0];
}

export async function unreadCount(db: Db, memberId: number): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM chat_messages WHERE member_id = $1 AND sender = 'agent' AND read_at IS NULL`,
    [memberId],
  );
  return Number(rows[0]?.n ?? 0);
}

export interface ChatMessage {
  sender: 'agent' | 'member';
  body: string;
}

/** The member's last `limit` messages, newest first. */
export async function chatMessages(db: Db, memberId: number, limit = 100): Promise<ChatMessage[]> {
  const { rows } = await db.query<ChatMessage>(
    'SELECT sender, body FROM chat_messages WHERE member_id = $1 ORDER BY id DESC LIMIT $2',
    [memberId, limit],
  );
  return rows;
}

/** The member has seen every agent message. */
export async function markRead(db: Db, memberId: number): Promise<void> {
  await db.query(`UPDATE chat_messages SET read_at = $2 WHERE member_id = $1 AND sender = 'agent' AND read_at IS NULL`, [
    memberId,
    iso(clock.now()),
  ]);
}

/** Stores messages in this order (the page shows them by id). */
export async function addMessages(query: Query, memberId: number, messages: ChatMessage[]): Promise<void> {
  const now = clock.now();
  for (const m of messages) {
    await query('INSERT INTO chat_messages (member_id, sender, body, created_at) VALUES ($1, $2, $3, $4)', [
      memberId,
      m.sender,
      m.body,
      iso(now),
    ]);
  }
}

/** Agent messages the dev control adds to reach an unread count. */
const DEMO_AGENT_MESSAGE = 'A message from customer service (demo).';

/**
 * Exactly `count` unread agent messages (dev control): adds agent messages, or marks the oldest
 * unread ones read. Answers the new count.
 */
export async function setUnread(db: Db, memberId: number, count: number): Promise<number> {
  return db.transaction(async (query) => {
    // One change at a time per member: two posts at once cannot both add.
    await query('SELECT id FROM members WHERE id = $1 FOR UPDATE', [memberId]);
    const { rows } = await query<{ id: number }>(
      `SELECT id FROM chat_messages WHERE member_id = $1 AND sender = 'agent' AND read_at IS NULL ORDER BY id`,
      [memberId],
    );
    if (rows.length < count) {
      const more = Array.from({ length: count - rows.length }, () => ({ sender: 'agent' as const, body: DEMO_AGENT_MESSAGE }));
      await addMessages(query, memberId, more);
    } else if (rows.length > count) {
      const extra = rows.slice(0, rows.length - count).map((r) => r.id);
      await query('UPDATE chat_messages SET read_at = $2 WHERE id = ANY($1::int[])', [extra, iso(clock.now())]);
    }
    return count;
  });
}
