/**
 * Where a banner leads (docs/product.md §3 "Banner", §5; docs/games.md, "Banners"), for the home
 * page's banners and the download-image popups alike: P opens the promotion (/m/activity?id=…), G
 * launches the game through /m/launchGame (which needs a session: a visitor lands on /m/login), URL
 * follows the link rule of ./links.ts (an /m path stays in the app; the token goes only to the
 * merchant's own domains).
 */
import type { Banner } from '../api/endpoints.ts';
import { followLink } from './links.ts';

const CODE = /^[A-Za-z0-9_-]{1,64}$/;

export interface LaunchLink {
  vendor: string;
  prizeMode?: string;
  code?: string;
  playType?: string;
  nodeId?: string;
  lottoView?: 'betting' | 'lobby';
  backUrl?: string;
}

/** /m/launchGame's URL (docs/product.md §2: prize_mode or vendor, code, playType, backUrl, lottoView). */
export function launchPath(req: LaunchLink): string {
  const q = new URLSearchParams({ vendor: req.vendor });
  if (req.prizeMode) q.set('prize_mode', req.prizeMode);
  if (req.code) q.set('code', req.code);
  if (req.playType) q.set('playType', req.playType);
  if (req.nodeId) q.set('nodeId', req.nodeId);
  if (req.lottoView) q.set('lottoView', req.lottoView);
  if (req.backUrl) q.set('backUrl', req.backUrl);
  return `/m/launchGame?${q.toString()}`;
}

const code = (raw: string | undefined) => (raw && CODE.test(raw) ? raw : undefined);

/**
 * The link a banner stands for, or undefined when it leads nowhere (no linkage, a game without a
 * vendor, a promotion without an id). A game banner's room is the game's code, its game type the play type.
 */
export function bannerLink(banner: Banner, backUrl = '/m/home'): string | undefined {
  switch (banner.linkageType) {
    case 'P':
      return banner.linkage ? `/m/activity?id=${encodeURIComponent(banner.linkage)}` : undefined;
    case 'G': {
      const vendor = code(banner.vendor);
      if (!vendor) return undefined;
      return launchPath({
        vendor,
        code: code(banner.roomId),
        playType: code(banner.gameType),
        nodeId: code(banner.nodeId),
        backUrl,
      });
    }
    case 'URL':
      return banner.url || undefined;
    default:
      return undefined;
  }
}

/** Follows a banner; false when it leads nowhere. */
export function followBanner(banner: Banner, backUrl?: string): boolean {
  const link = bannerLink(banner, backUrl);
  return link !== undefined && followLink(link);
}
