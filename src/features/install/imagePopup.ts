/**
 * The two download-image popups (docs/install.md, "Download-image popups"; docs/product.md §4, §9):
 * the first banner of group m_popup1, then of m_popup2, on the home paths only and outside the
 * native app and the installed app. Saving an image ends them for the session and remembers its
 * name, so that image is not shown again. Each closes itself after its waiting time (20 s unless the
 * banner says otherwise), unless the player is busy with it.
 */
import { endpoints, type Banner } from '../../contract/endpoints.ts';
import { call } from '../../core/api/client.ts';
import { safeImageUrl } from '../../core/config/config.ts';
import { localStore, sessionStore, KEY_PREFIX } from '../../core/storage/storage.ts';

export const IMAGE_POPUP_GROUPS: readonly string[] = ['m_popup1', 'm_popup2'];
/** docs/product.md §9: the default waiting time, seconds. */
export const IMAGE_POPUP_WAIT_S = 20;
/** docs/product.md §9: the home paths. */
export const HOME_PATHS: readonly string[] = ['/', '/m/', '/m/home', '/m/index', '/m/index.html'];
export const SAVED_KEY = `${KEY_PREFIX}imagePopupSaved`;
export const SEEN_KEY = `${KEY_PREFIX}imagePopupImages`;
/** At most this many saved image names are remembered. */
const SEEN_MAX = 50;

/** Under /m the home paths only; a merchant's own page decides itself. */
export const imagePathAllows = (path: string) => HOME_PATHS.includes(path) || !(path === '/m' || path.startsWith('/m/'));

/** The file name of an image URL ("poster.png"), what is remembered once saved. */
export function imageName(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || url;
}

export interface ImagePopup {
  banner: Banner;
  image: string;
  waitingTime: number;
}

/** The popups to show in order: the first usable banner of each group, unless saved. */
export function popupsToShow(
  banners: readonly Banner[],
  groups: readonly string[],
  seen: readonly string[],
  saved: boolean,
): ImagePopup[] {
  if (saved) return [];
  const out: ImagePopup[] = [];
  for (const group of groups) {
    for (const banner of banners) {
      if (banner.groupName !== group) continue;
      const image = safeImageUrl(banner.imageUrl);
      if (!image || seen.includes(imageName(banner.imageUrl))) continue;
      out.push({
        banner,
        image,
        waitingTime: banner.waitingTime && banner.waitingTime > 0 ? banner.waitingTime : IMAGE_POPUP_WAIT_S,
      });
      break;
    }
  }
  return out;
}

export const savedThisSession = () => sessionStore.get<boolean>(SAVED_KEY) === true;
export const seenImages = (): string[] => {
  const list = localStore.get<unknown>(SEEN_KEY);
  return Array.isArray(list) ? list.filter((n): n is string => typeof n === 'string') : [];
};

/** What the player answers in the overlay queue (core/overlay/queue.ts): each image once per session. */
export const popupKey = (popup: ImagePopup) => `image-popup:${imageName(popup.banner.imageUrl)}`;

/** Saving: no more image popups this session, and this image never again. */
export function markSaved(popup: ImagePopup): void {
  sessionStore.set(SAVED_KEY, true);
  localStore.set(
    SEEN_KEY,
    [...seenImages().filter((n) => n !== imageName(popup.banner.imageUrl)), imageName(popup.banner.imageUrl)].slice(-SEEN_MAX),
  );
}

export async function loadImagePopups(groups: readonly string[]): Promise<ImagePopup[]> {
  // Quiet: a popup that cannot load is no reason to bother the player.
  const res = await call(endpoints.banners, { groupName: groups.join(',') }, { alert: false });
  const banners = Array.isArray(res.value) ? res.value : [];
  return popupsToShow(banners, groups, seenImages(), savedThisSession());
}

/** Where a tap on the image leads: the banner rule of core/html/banners.ts (P, G, URL). */
export { bannerLink, followBanner } from '../../core/html/banners.ts';
