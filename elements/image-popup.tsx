/**
 * `<wps-image-popup>`: the download-image popups (docs/install.md, "Download-image popups";
 * docs/product.md §2, §4, §9).
 *
 * Loads the merchant's banners of the groups (default m_popup1 then m_popup2) 500 ms after it is on
 * the page and shows the first image of each group in turn, one overlay at a time. Only on the home
 * paths (under /m) and outside the native app and the installed app. "Save image" downloads it,
 * ends the popups for the session and remembers the image's name so it is not shown again; a tap on
 * the image follows the banner's link (a /m path in the app, another URL in a new tab, a promotion on
 * /m/activity). Each closes itself after its waiting time (20 s unless the banner says otherwise)
 * unless the player touched it or used a key in it; closing shows the next.
 *
 * @element wps-image-popup
 * @attr {string} merchant - merchant code sent as the Merchant header
 * @attr {string} api-base - origin of the operator's /wps API (default: this page's origin)
 * @attr {string} groups - comma-separated banner groups, in order (default m_popup1,m_popup2)
 * @attr {boolean} open - the page shows them on purpose (a player's tap): they wait only for the overlay
 *   on screen, outside the attention budget, even when already seen this session (docs/product.md §2)
 * @fires wps-image-ready - `{ count }`: the list is known; 0 when none will show (a page may then show its own overlays)
 * @fires wps-image-shown - `{ id, image }`: a popup is on screen
 * @fires wps-image-saved - `{ id, image }`: the player saved the image
 * @fires wps-close - `{ id, reason }` (close, timeout or follow): a popup closed
 * @part dialog - the popup; also backdrop, image, follow, actions, save, close, countdown
 */
import { defineElement } from './define.tsx';
import { emit } from './emit.ts';
import { ImagePopups } from '../src/features/install/ImagePopups.tsx';
import { IMAGE_POPUP_GROUPS, imagePathAllows, type ImagePopup } from '../src/features/install/imagePopup.ts';
import css from '../src/features/install/image-popup.css';
import { installStrings } from '../src/features/install/locales/index.ts';
import { currentIsNativeApp, currentStandalone } from '../src/core/env/env.ts';

export interface ImagePopupElementProps {
  groups?: string;
  open?: boolean;
}

export interface ImageDetail {
  id: string;
  image: string;
}

const detail = (p: ImagePopup): ImageDetail => ({ id: p.banner.id, image: p.image });

export const WpsImagePopup = defineElement<ImagePopupElementProps>('wps-image-popup', {
  props: { groups: 'string', open: 'boolean' },
  css: [css],
  strings: [installStrings],
  render: (props, host) => {
    if (!imagePathAllows(location.pathname) || currentStandalone() || currentIsNativeApp()) return null;
    const groups = props.groups
      ?.split(',')
      .map((g) => g.trim())
      .filter(Boolean);
    return (
      <ImagePopups
        groups={groups?.length ? groups : IMAGE_POPUP_GROUPS}
        opened={props.open}
        onShown={(p) => emit<ImageDetail>(host, 'wps-image-shown', detail(p))}
        onSaved={(p) => emit<ImageDetail>(host, 'wps-image-saved', detail(p))}
        onClosed={(p, reason) => emit(host, 'wps-close', { ...detail(p), reason })}
        onReady={(count) => emit(host, 'wps-image-ready', { count })}
      />
    );
  },
});
