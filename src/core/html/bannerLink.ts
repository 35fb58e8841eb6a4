/**
 * Where a banner leads, as a link (docs/product.md §3 "Banner", §5; docs/games.md, "Banners"): pure,
 * with no page code, so that the host page's inline snippet (host/earlyCalls.ts) can tell which
 * banner the carousel shows first. Following the link is ./banners.ts.
 */
import type { Banner } from '../../contract/endpoints.ts';

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
