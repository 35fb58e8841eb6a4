/**
 * Feedback (`mc_feedback`): a member's message with an optional image, and the list of their own.
 * The image comes as a data: URL; its bytes must be the type the URL names (JPEG, PNG or WebP, by
 * their magic bytes), else `400 request.invalid` naming `image`. It is stored as bytea and never
 * served back (the list says `hasImage`). Five submissions per member an hour
 * (`429 TOO_MANY_REQUEST_FEEDBACK`, `value: { retryAfter }`).
 */
import type { FeedbackEntry } from '../../src/contract/endpoints.ts';
import type { FeedbackPayload } from '../../src/contract/schemas.ts';
import type { Db } from '../db/db.ts';
import { fieldError } from '../infra/errors.ts';
import type { Limits } from '../infra/limits.ts';
import { ms, nowIso } from './common.ts';

const LIST_MAX = 50;

type ImageType = 'jpeg' | 'png' | 'webp';

const startsWith = (bytes: Uint8Array, magic: number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);

/** Whether the bytes are what the type says (the first bytes of each format). */
export function isImageOf(type: ImageType, bytes: Uint8Array): boolean {
  switch (type) {
    case 'jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'webp':
      // RIFF <size> WEBP
      return startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8);
  }
}

/** The image's type and bytes, or `request.invalid` (image). The schema checked the data: URL's form. */
function imageOf(dataUrl: string): { type: ImageType; bytes: Buffer } {
  const match = /^data:image\/(jpeg|png|webp);base64,(.+)$/.exec(dataUrl);
  if (!match) throw fieldError('image', false);
  const type = match[1] as ImageType;
  const bytes = Buffer.from(match[2]!, 'base64');
  if (!isImageOf(type, bytes)) throw fieldError('image', false);
  return { type, bytes };
}

interface FeedbackRow {
  id: number;
  category: FeedbackEntry['category'];
  content: string;
  has_image: boolean;
  created_at: Date | string;
  status: FeedbackEntry['status'];
  reply: string | null;
}

const COLUMNS = 'id, category, content, image IS NOT NULL AS has_image, created_at, status, reply';

const entry = (r: FeedbackRow): FeedbackEntry => ({
  id: r.id,
  category: r.category,
  content: r.content,
  hasImage: r.has_image,
  createdAt: ms(r.created_at)!,
  status: r.status,
  ...(r.reply !== null && { reply: r.reply }),
});

export async function feedbackOf(db: Db, memberId: number): Promise<FeedbackEntry[]> {
  const { rows } = await db.query<FeedbackRow>(
    `SELECT ${COLUMNS} FROM mc_feedback WHERE member_id = $1 ORDER BY created_at DESC, id DESC LIMIT ${LIST_MAX}`,
    [memberId],
  );
  return rows.map(entry);
}

export async function submitFeedback(db: Db, limits: Limits, memberId: number, input: FeedbackPayload): Promise<FeedbackEntry> {
  const image = input.image === undefined ? undefined : imageOf(input.image);
  // 429, not the sign-in's 400: the client shows this refusal (src/contract/errors.ts).
  await limits.feedback.take(String(memberId), 'TOO_MANY_REQUEST_FEEDBACK', 'Too much feedback. Please try again later.');
  const { rows } = await db.query<FeedbackRow>(
    `INSERT INTO mc_feedback (member_id, category, content, image, image_type, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [memberId, input.category, input.content, image?.bytes ?? null, image?.type ?? null, nowIso()],
  );
  return entry(rows[0]!);
}

export interface FeedbackListing extends FeedbackEntry {
  username: string;
  imageType: string | null;
  imageBytes: number;
}

/** The merchant's latest feedback with who sent it (dev control); no image bytes. */
export async function merchantFeedback(db: Db, merchantCode: string, limit = 100): Promise<FeedbackListing[]> {
  const { rows } = await db.query<FeedbackRow & { username: string; image_type: string | null; image_bytes: number | null }>(
    `SELECT f.id, f.category, f.content, f.image IS NOT NULL AS has_image, f.created_at, f.status, f.reply,
            m.username, f.image_type, octet_length(f.image) AS image_bytes
       FROM mc_feedback f JOIN members m ON m.id = f.member_id
      WHERE m.merchant_code = $1 ORDER BY f.created_at DESC, f.id DESC LIMIT $2`,
    [merchantCode, limit],
  );
  return rows.map((r) => ({
    ...entry(r),
    username: r.username,
    imageType: r.image_type,
    imageBytes: Number(r.image_bytes ?? 0),
  }));
}
