/**
 * Which customer-service entries a player is offered and what each opens (docs/engagement.md,
 * "Customer service"; docs/product.md §3, §6). Decoding the path is core's (core/config/customerService.ts).
 */
import { decodeCsPath, type CsEntry } from '../../core/config/customerService.ts';

/** AI-chat customer service: its links carry the player's user name and VIP label (docs/product.md §6). */
export const AI_CHAT_TYPES: ReadonlySet<string> = new Set(['AICAN']);
/** Served to VIP members only; a VIP member gets it instead of the plain entry (docs/engagement.md). */
export const VIP_ONLY_TYPES: ReadonlySet<string> = new Set(['COMM100VIP']);

export interface CsViewer {
  userName?: string;
  /** The member's VIP label name; set only for a VIP member. */
  vipLabel?: string;
}

/**
 * The entries to offer at `position` (entries without a position show everywhere), in the site
 * status's order: the VIP-only types only for a VIP member, and then instead of the plain COMM100.
 */
export function entriesFor(entries: readonly CsEntry[] | undefined, position: string | undefined, viewer: CsViewer): CsEntry[] {
  const here = (entries ?? []).filter((e) => !position || !e.csPosition || e.csPosition === position);
  const vip = !!viewer.vipLabel;
  const hasVipEntry = vip && here.some((e) => VIP_ONLY_TYPES.has(e.csType));
  return here.filter((e) => (VIP_ONLY_TYPES.has(e.csType) ? vip : !(hasVipEntry && e.csType === 'COMM100')));
}

/** The URL an entry opens: its decoded path, with the user name and VIP label for AI chat when signed in. */
export function entryUrl(entry: CsEntry, viewer: CsViewer): string | undefined {
  const url = decodeCsPath(entry.path);
  if (!url || !AI_CHAT_TYPES.has(entry.csType) || !viewer.userName) return url;
  const withUser = new URL(url);
  withUser.searchParams.set('userName', viewer.userName);
  if (viewer.vipLabel) withUser.searchParams.set('vipLabel', viewer.vipLabel);
  return withUser.href;
}
