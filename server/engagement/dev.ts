/**
 * The home engagement room's dev controls, under /dev (server/dev/controls.ts mounts them): what
 * the page shows of popups, promotions, VIP labels and the demo members' chat; publishing and
 * deleting popups, switching promotions, unread chat messages and a member's VIP label.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { PROMOTION_TYPES } from '../../src/contract/promotionTypes.ts';
import type { Deps } from '../api/call.ts';
import { answer, devMember, formFlag, formNumber, headerMerchant, noBody, noNul, NO_STORE, readInput } from '../dev/io.ts';
import { validate } from '../infra/body.ts';
import { ApiError, fieldError } from '../infra/errors.ts';
import type { Merchant } from '../merchants/merchants.ts';
import {
  allAnnouncements,
  clearAnnouncements,
  CODE,
  deleteAnnouncement,
  EXECUTIONS,
  PLATFORMS,
  publishAnnouncement,
} from './announcements.ts';
import { setUnread } from './chat.ts';
import { PROMOTION_ID, promotionSummary, setPromotionsEnabled } from './promotions.ts';
import { setVip, vipLabels } from './vip.ts';

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_CONTENT_MAX = 10_000;
/** HTML allowed, stored as written: the client sanitises popup content (docs/api.md). */
const announcementBody = v.strictObject({
  title: v.pipe(v.string(), v.trim(), v.nonEmpty(), noNul, v.maxLength(ANNOUNCEMENT_TITLE_MAX)),
  content: v.pipe(v.string(), v.nonEmpty(), noNul, v.maxLength(ANNOUNCEMENT_CONTENT_MAX)),
  execution: v.picklist(EXECUTIONS),
  promotionType: v.optional(v.nullable(v.picklist(PROMOTION_TYPES))),
  promotionId: v.optional(v.nullable(v.pipe(v.string(), v.regex(PROMOTION_ID)))),
  forceRead: v.optional(v.boolean()),
  platform: v.optional(v.picklist(PLATFORMS)),
  category: v.optional(v.nullable(v.pipe(v.string(), v.regex(CODE)))),
});
/** An announcement id as the list gives it (a string of digits) or as a number. */
const announcementIdBody = v.strictObject({
  id: v.union([
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/), v.transform(Number)),
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999_999_999)),
  ]),
});
const promotionsBody = v.strictObject({ type: v.picklist(PROMOTION_TYPES), enabled: v.boolean() });
const usernameField = v.pipe(v.string(), v.nonEmpty(), noNul, v.maxLength(64));
export const UNREAD_MAX = 99;
const chatUnreadBody = v.strictObject({
  username: usernameField,
  count: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(UNREAD_MAX)),
});
const vipBody = v.strictObject({
  username: usernameField,
  /** A label name of the merchant (any case); null or '' for none. */
  label: v.nullable(v.pipe(v.string(), noNul, v.maxLength(64))),
  completed: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
});

export function engagementDev(deps: Deps): Hono {
  const dev = new Hono();

  /** What the page shows of the home engagement features: popups, promotions by type, VIP labels, the demo members' chat and VIP. */
  dev.get('/engagement', async (c) => {
    const merchant = headerMerchant(c, deps);
    const value = {
      promotionTypes: PROMOTION_TYPES,
      announcements: await allAnnouncements(deps.db, merchant.code),
      promotions: await promotionSummary(deps.db, merchant.code),
      vipLabels: await vipLabels(deps.db, merchant.code),
      members: await engagementMembers(deps, merchant),
    };
    return c.json({ success: true, value }, 200, NO_STORE);
  });

  /** `{ title, content, execution, promotionType?, promotionId?, forceRead?, platform?, category? }`: publishes a popup item. */
  dev.post('/announcements', async (c) => {
    const input = await readInput(c, deps);
    const body = validate(announcementBody, input.form ? announcementForm(input.fields) : input.fields);
    return answer(c, input, { id: await publishAnnouncement(deps.db.query, input.merchant.code, body) });
  });

  /** `{ id }`: deletes one of the merchant's announcements; 404 when it has none of that id. */
  dev.post('/announcements/delete', async (c) => {
    const input = await readInput(c, deps);
    const { id } = validate(announcementIdBody, input.form ? { id: input.fields.id } : input.fields);
    if (!(await deleteAnnouncement(deps.db, input.merchant.code, id))) throw new ApiError('not.found', 'No such announcement');
    return answer(c, input, { deleted: 1 });
  });

  /** Deletes every announcement of the merchant. */
  dev.post('/announcements/clear', async (c) => {
    const input = await readInput(c, deps);
    if (!input.form) validate(noBody, input.fields);
    return answer(c, input, { deleted: await clearAnnouncements(deps.db, input.merchant.code) });
  });

  /** `{ type, enabled }`: every promotion of the type; 404 when the merchant has none of it. */
  dev.post('/promotions', async (c) => {
    const input = await readInput(c, deps);
    const fields = input.form ? { type: input.fields.type, enabled: formFlag(input.fields.enabled) } : input.fields;
    const body = validate(promotionsBody, fields);
    const changed = await setPromotionsEnabled(deps.db, input.merchant.code, body.type, body.enabled);
    if (changed === 0) throw new ApiError('not.found', 'This merchant has no promotion of this type');
    return answer(c, input, { ...body, changed });
  });

  /** `{ username, count }`: exactly that many unread agent messages (added, or the oldest marked read). */
  dev.post('/chat-unread', async (c) => {
    const input = await readInput(c, deps);
    const fields = input.form ? { username: input.fields.username, count: formNumber(input.fields.count) } : input.fields;
    const body = validate(chatUnreadBody, fields);
    const member = await devMember(deps, input.merchant, body.username);
    return answer(c, input, { username: member.username, unReadCount: await setUnread(deps.db, member.id, body.count) });
  });

  /** `{ username, label, completed }`: the member's VIP label (a name of the merchant's, or null / '' for none) and progress. */
  dev.post('/vip', async (c) => {
    const input = await readInput(c, deps);
    const fields = input.form
      ? { username: input.fields.username, label: input.fields.label ?? null, completed: formNumber(input.fields.completed) }
      : input.fields;
    const body = validate(vipBody, fields);
    const member = await devMember(deps, input.merchant, body.username);
    const name = body.label?.trim() || null;
    const label =
      name === null
        ? undefined
        : (await vipLabels(deps.db, input.merchant.code)).find((l) => l.name.toLowerCase() === name.toLowerCase());
    if (name !== null && !label) throw fieldError('label', false);
    await setVip(deps.db, member.id, label?.id ?? null, body.completed);
    return answer(c, input, { username: member.username, label: label?.name ?? null, completed: body.completed });
  });

  return dev;
}

/** The demo members' chat and VIP: unread agent messages, label name, conditions done. */
async function engagementMembers(deps: Deps, merchant: Merchant) {
  const out: { username: string; unread: number; vipLabel: string | null; vipCompleted: number }[] = [];
  for (const m of merchant.members) {
    const { rows } = await deps.db.query<{
      username: string;
      label: string | null;
      vip_completed: number;
      unread: string | number;
    }>(
      `SELECT m.username, l.name AS label, m.vip_completed,
              (SELECT count(*) FROM chat_messages c WHERE c.member_id = m.id AND c.sender = 'agent' AND c.read_at IS NULL) AS unread
         FROM members m LEFT JOIN vip_labels l ON l.id = m.vip_label_id
        WHERE m.merchant_code = $1 AND lower(m.username) = lower($2)`,
      [merchant.code, m.username],
    );
    const row = rows[0];
    if (!row) continue;
    out.push({ username: row.username, unread: Number(row.unread), vipLabel: row.label, vipCompleted: row.vip_completed });
  }
  return out;
}

/** The page's publish form: empty optional fields are left out, the force-read checkbox is on or absent. */
function announcementForm(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === '' && key !== 'title' && key !== 'content') continue;
    out[key] = key === 'forceRead' ? formFlag(value) : value;
  }
  return out;
}
