/** Answer types of engagement: banners, announcements' popup items, promotions. */
import type { PromotionType } from '../promotionTypes.ts';

export type { PromotionType };

/**
 * A banner (docs/product.md §3): its group (`m_popup1`, `m_popup2`: the download-image popups;
 * others: the home page's), the image (`imageUrl`, ours: the SPEC names none), where a tap leads
 * (`linkageType` P: a promotion, `linkage` its id; URL: `url`; G: a game, roomId, nodeId, gameType,
 * vendor), and how long a popup waits before it closes itself (`waitingTime`, seconds, ours).
 */
export interface Banner {
  id: string;
  groupName: string;
  imageUrl: string;
  url?: string;
  linkageType?: 'P' | 'URL' | 'G';
  linkage?: string;
  roomId?: string;
  nodeId?: string;
  gameType?: string;
  vendor?: string;
  waitingTime?: number;
}

/**
 * A popup item of MCSFE_getListAnnouncements (docs/product.md §3): `content` is the operator's HTML
 * (sanitised on the client before it reaches the DOM); `execution` A logged in, B logged out, F
 * first-time login. Ours (docs/api.md): `promotionId` (the promotion the go-to-activity button opens)
 * and `forceRead` (closing advances through the slides until the last).
 */
export interface PopupItem {
  id: string;
  title: string;
  content: string;
  promotionType?: PromotionType | null;
  promotionId?: string | null;
  execution: 'A' | 'B' | 'F';
  forceRead?: boolean;
}

/** A promotion of MCSFE_getPromotionList (ours, docs/api.md): `content` is HTML, sanitised on the client. */
export interface Promotion {
  id: string;
  type: PromotionType;
  title: string;
  summary: string;
  content: string;
  imageUrl?: string | null;
  /** Epoch ms; null: open-ended. */
  startTime?: number | null;
  endTime?: number | null;
}

export type AvailablePromotions = Partial<Record<string, { enabled: boolean; count: number }>>;
