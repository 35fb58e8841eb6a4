/**
 * Where a banner leads (docs/product.md §3 "Banner", §5; docs/games.md, "Banners"), for the home
 * page's banners and the download-image popups alike: P opens the promotion (/m/activity?id=…), G
 * launches the game through /m/launchGame (which needs a session: a visitor lands on /m/login), URL
 * follows the link rule of ./links.ts (an /m path stays in the app; the token goes only to the
 * merchant's own domains).
 */
import type { Banner } from '../../contract/endpoints.ts';
import { bannerLink } from './bannerLink.ts';
import { followLink } from './links.ts';

export { bannerLink, launchPath, type LaunchLink } from './bannerLink.ts';

/** Follows a banner; false when it leads nowhere. */
export function followBanner(banner: Banner, backUrl?: string): boolean {
  const link = bannerLink(banner, backUrl);
  return link !== undefined && followLink(link);
}
