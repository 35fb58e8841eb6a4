/**
 * Announcements (table `announcements`): the popup items of MCSFE_getListAnnouncements, and what the
 * dev controls publish and delete. The HTML content is stored and answered as the operator wrote it;
 * the client sanitises it before it reaches the DOM (docs/api.md, "Announcements and popups"). An
 * item whose `texts` has the request's language (the demo seed's) is answered in it; what the dev
 * controls publish has none and is answered as written, whatever the language.
 */
import type { PopupItem } from '../../src/contract/endpoints.ts';
import type { AnnouncementsQuery } from '../../src/contract/schemas.ts';
import type { Db, Query } from '../db/db.ts';
import { fieldError } from '../infra/errors.ts';
import { clock } from '../infra/limits.ts';
import { inLanguage, isPromotionType } from './promotions.ts';

export const EXECUTIONS = ['A', 'B', 'F'] as const;
export const PLATFORMS = ['M', 'ALL'] as const;
/** A category, a platform or an entry of `types`: a short code. */
export const CODE = /^[A-Za-z0-9_]{1,32}$/;
/** The popup type the pop-up announcements are listed under. */
const POPUP_TYPE = 'PR';

interface AnnouncementRow {
  id: number;
  title: string;
  content: string;
  promotion_type: string | null;
  promotion_id: string | null;
  execution: PopupItem['execution'];
  force_read: boolean;
  platform: string;
  category: string | null;
  published_at: Date | string;
}

/** Every column but the texts. */
const SETTINGS = 'promotion_type, promotion_id, execution, force_read, platform, category, published_at';
const COLUMNS = `id, title, content, ${SETTINGS}`;
const ORDER = 'ORDER BY published_at DESC, sort, id DESC';

/**
 * The merchant's popup items, newest first: those of `platform` (and ALL) when it is given, the
 * general ones (no category) plus those of `category` when it is given. `types` names the kinds
 * asked for (comma separated, default PR); only PR (pop-ups) has items, so without it the list is empty.
 * Title and content in `language` where an item has it (undefined: as stored).
 */
export async function popupItems(
  db: Db,
  merchantCode: string,
  input: AnnouncementsQuery,
  language?: string,
): Promise<PopupItem[]> {
  const types = input.types?.trim() ? input.types.split(',').map((t) => t.trim().toUpperCase()) : [POPUP_TYPE];
  if (!types.every((t) => CODE.test(t))) throw fieldError('types', false);
  const platform = input.platform?.trim().toUpperCase() || undefined;
  if (platform !== undefined && !CODE.test(platform)) throw fieldError('platform', false);
  const category = input.category?.trim() || undefined;
  if (category !== undefined && !CODE.test(category)) throw fieldError('category', false);
  if (!types.includes(POPUP_TYPE)) return [];
  const { rows } = await db.query<AnnouncementRow>(
    `SELECT id, ${inLanguage('title', 4)}, ${inLanguage('content', 4)}, ${SETTINGS}
       FROM announcements
      WHERE merchant_code = $1
        AND ($2::text IS NULL OR platform = $2 OR platform = 'ALL')
        AND (category IS NULL OR category = $3::text)
      ${ORDER}`,
    [merchantCode, platform ?? null, category ?? null, language ?? null],
  );
  return rows.map(popupItem);
}

function popupItem(r: AnnouncementRow): PopupItem {
  return {
    id: String(r.id),
    title: r.title,
    content: r.content,
    promotionType: r.promotion_type !== null && isPromotionType(r.promotion_type) ? r.promotion_type : null,
    promotionId: r.promotion_id,
    execution: r.execution,
    forceRead: r.force_read,
  };
}

export interface NewAnnouncement {
  title: string;
  content: string;
  execution: PopupItem['execution'];
  promotionType?: string | null;
  promotionId?: string | null;
  forceRead?: boolean;
  platform?: (typeof PLATFORMS)[number];
  category?: string | null;
  /** Ties of the same publication time: lower first. */
  sort?: number;
  /** Epoch ms; default now (the server's clock). */
  publishedAt?: number;
}

/** Stores one; answers its id (as the list gives it). */
export async function publishAnnouncement(query: Query, merchantCode: string, a: NewAnnouncement): Promise<string> {
  const { rows } = await query<{ id: number }>(
    `INSERT INTO announcements (merchant_code, title, content, promotion_type, promotion_id, execution, force_read,
                                platform, category, sort, published_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      merchantCode,
      a.title,
      a.content,
      a.promotionType ?? null,
      a.promotionId ?? null,
      a.execution,
      a.forceRead ?? false,
      a.platform ?? 'M',
      a.category ?? null,
      a.sort ?? 0,
      new Date(a.publishedAt ?? clock.now()).toISOString(),
    ],
  );
  return String(rows[0]!.id);
}

/** Deletes one of the merchant's; answers whether there was one. */
export async function deleteAnnouncement(db: Db, merchantCode: string, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM announcements WHERE merchant_code = $1 AND id = $2', [merchantCode, id]);
  return rowCount > 0;
}

export async function clearAnnouncements(db: Db, merchantCode: string): Promise<number> {
  return (await db.query('DELETE FROM announcements WHERE merchant_code = $1', [merchantCode])).rowCount;
}

/** Every announcement of the merchant, newest first, with its platform, category and time (the /dev/ page). */
export async function allAnnouncements(db: Db, merchantCode: string) {
  const { rows } = await db.query<AnnouncementRow>(`SELECT ${COLUMNS} FROM announcements WHERE merchant_code = $1 ${ORDER}`, [
    merchantCode,
  ]);
  return rows.map((r) => ({
    ...popupItem(r),
    platform: r.platform,
    category: r.category,
    publishedAt: new Date(r.published_at).getTime(),
  }));
}
