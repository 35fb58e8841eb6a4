/** What <wps-announcement> and <wps-notice-popup> share: one view, two boxes (docs/engagement.md). */
import { createElement } from 'react';
import { emit } from './emit.ts';
import { AnnouncementPopup } from '../src/features/announcement/AnnouncementPopup.tsx';
import { ANNOUNCEMENT_AUTOPLAY_MS, type HideMode } from '../src/features/announcement/model.ts';
import css from '../src/features/announcement/announcement.css';
import carouselCss from '../src/ui/carousel.css';
import { navigate } from '../src/core/session/navigation.ts';

export interface AnnouncementElementProps {
  noCheckbox?: boolean;
  autoplay?: number;
  /** The page shows it on purpose (a player's tap): outside the attention budget (docs/product.md §2). */
  open?: boolean;
}

export const announcementCss = [carouselCss, css];

export function renderAnnouncement(mode: HideMode, props: AnnouncementElementProps, host: HTMLElement) {
  const autoplay = props.autoplay;
  return createElement(AnnouncementPopup, {
    mode,
    checkbox: !props.noCheckbox,
    opened: !!props.open,
    autoplayMs: autoplay !== undefined && Number.isFinite(autoplay) && autoplay >= 0 ? autoplay : ANNOUNCEMENT_AUTOPLAY_MS,
    onShown: (items) => emit(host, 'wps-announcement-shown', { ids: items.map((i) => i.id) }),
    onActivity: (item, path) => {
      const go = emit(host, 'wps-announcement-activity', { id: item.id, promotionType: item.promotionType, path }, true);
      if (go) navigate(path);
      return go;
    },
    onClosed: (reason, hidden) => emit(host, 'wps-close', { reason, hidden }),
  });
}
