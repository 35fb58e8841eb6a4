/**
 * The calls the page starts from its inline snippet (host/preload.ts), in parallel with main.js
 * (docs/performance.md, "Data without a chain"): the site status on every page, and on home its
 * banners, whose first picture then loads at high priority. `call` takes the answers
 * (src/core/api/early.ts) when the app asks for the same URLs; only a page opened without a query
 * asks early, as only then is the status query known before the app has read the landing URL.
 */
import { BANNERS_PATH, CLIENT_B_TIMEOUT_MS, STATUS_PATH, queryString, startEarly } from '../src/core/api/early.ts';
import { statusPayload } from '../src/core/config/statusPayload.ts';

/** The merchant's banners on home (docs/games.md, "Banners"). */
export const HOME_BANNER_GROUP = 'm_home';

export function startEarlyCalls(language: string): void {
  if (location.search !== '') return;
  // The page's own origin: the host page has no other API base (src/core/config/config.ts).
  const merchant = document.querySelector<HTMLMetaElement>('meta[name="wps-merchant"]')?.content ?? '';
  startEarly(STATUS_PATH + queryString(statusPayload()), language, merchant, CLIENT_B_TIMEOUT_MS);
  if (location.pathname !== '/m/home') return;
  void startEarly(BANNERS_PATH + queryString({ groupName: HOME_BANNER_GROUP }), language, merchant, CLIENT_B_TIMEOUT_MS).then(
    (answer) => {
      // The first banner's picture is the largest thing home paints: ask for it now, at high priority.
      const list = (answer?.data as { value?: Array<{ imageUrl?: unknown; linkageType?: unknown }> } | undefined)?.value;
      const first = Array.isArray(list) ? list.find((b) => typeof b?.imageUrl === 'string' && b.linkageType) : undefined;
      const image = first && pictureUrl(first.imageUrl as string);
      if (!image) return;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'image';
      link.href = image;
      link.setAttribute('fetchpriority', 'high');
      document.head.append(link);
    },
  );
}

/** Only a picture of this origin or over https is fetched ahead (the carousel checks it again with safeImageUrl). */
function pictureUrl(raw: string): string | undefined {
  try {
    const url = new URL(raw, location.href);
    return url.origin === location.origin || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
