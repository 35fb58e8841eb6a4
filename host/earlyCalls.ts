/**
 * The calls the page starts from its inline snippet (host/preload.ts), in parallel with main.js
 * (docs/performance.md, "Data without a chain"): the site status on every page, and on home its
 * banners, whose first picture then loads at high priority. `call` takes the answers
 * (src/core/api/early.ts) when the app asks for the same URLs; only a page opened without a query
 * asks early, as only then is the status query known before the app has read the landing URL.
 */
import { BANNERS_PATH, CLIENT_B_TIMEOUT_MS, STATUS_PATH, queryString, startEarly } from '../src/core/api/early.ts';
import type { Banner } from '../src/contract/endpoints.ts';
import { statusPayload } from '../src/core/config/statusPayload.ts';
import { bannerLink } from '../src/core/html/bannerLink.ts';

/** The merchant's banners on home (docs/games.md, "Banners"). */
export const HOME_BANNER_GROUP = 'm_home';

/**
 * Starts the page's calls; resolves once home's first banner picture is in (or failed), at once on
 * a page without one (another page, no banner, a query, a picture the page may not fetch ahead).
 */
export function startEarlyCalls(language: string): Promise<void> {
  if (location.search !== '') return Promise.resolve();
  // The page's own origin: the host page has no other API base (src/core/config/config.ts).
  const merchant = document.querySelector<HTMLMetaElement>('meta[name="wps-merchant"]')?.content ?? '';
  startEarly(STATUS_PATH + queryString(statusPayload()), language, merchant, CLIENT_B_TIMEOUT_MS);
  if (location.pathname !== '/m/home') return Promise.resolve();
  return startEarly(BANNERS_PATH + queryString({ groupName: HOME_BANNER_GROUP }), language, merchant, CLIENT_B_TIMEOUT_MS).then(
    (answer) => {
      // The first banner the carousel will show (host/HomeBanners.tsx) is the largest thing home
      // paints: ask for its picture now, at high priority, and paint it in the banner box of the
      // prerendered shell (host/pages.css), where the carousel's first slide takes its place.
      const list = (answer?.data as { value?: unknown } | undefined)?.value;
      const first = Array.isArray(list)
        ? (list as Banner[]).find((b) => typeof b?.imageUrl === 'string' && bannerLink(b))
        : undefined;
      const image = first && pictureUrl(first.imageUrl!);
      if (!image) return;
      const link = document.createElement('link');
      const loaded = new Promise<void>((done) => {
        link.onload = link.onerror = () => done();
      });
      link.rel = 'preload';
      link.as = 'image';
      link.href = image;
      link.setAttribute('fetchpriority', 'high');
      document.head.append(link);
      // A URL the parser gave back has its quotes and spaces percent-encoded; a backslash (CSS's escape) too now.
      document.documentElement.style.setProperty('--wps-first-banner', `url("${image.replaceAll('\\', '%5C')}")`);
      return loaded;
    },
  );
}

/**
 * A picture this page may fetch ahead: over https, or a path of this origin; never a `data:` or plain
 * http picture, nor one the carousel would refuse (safeImageUrl, src/core/config/config.ts).
 */
function pictureUrl(raw: string): string | undefined {
  const text = raw.trim();
  if (!/^https:\/\//i.test(text) && !/^\/(?![/\\])/.test(text)) return undefined;
  try {
    return new URL(text, location.origin).href;
  } catch {
    return undefined;
  }
}
