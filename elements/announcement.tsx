/**
 * `<wps-announcement>`: the announcement popup (docs/engagement.md, "Announcement popup";
 * docs/product.md §2, §3, §4, §6, §9).
 *
 * 500 ms after it is on the page it loads the announcements (types PR, platform M, category
 * app_download) and keeps those for the viewer: execution B for a visitor, A for a member, plus F on a
 * first-time login. 1000 ms later it asks for its turn (one overlay at a time) and shows them as
 * swipeable slides (touch and mouse, previous and next, autoplay every 5 s, paused while the player
 * touches, hovers or focuses it, off under prefers-reduced-motion). Server HTML is sanitised
 * (DOMPurify, loaded only now; Trusted Types where the browser has them) and its links follow the
 * banner URL rule. Closing plays the animation, then keeps it closed for the session and, with
 * 'do not show today' ticked, until the next local midnight; new content shows again at once. With
 * forceRead on an item, closing advances through the slides until the last. The go-to-activity
 * button shows for member types 0, 1 and 2, for REFERRAL only type 0, for UPGRADE_BONUS only with
 * the VIP benefit.
 *
 * @element wps-announcement
 * @attr {string} merchant - merchant code sent as the Merchant header
 * @attr {string} api-base - origin of the operator's /wps API (default: this page's origin)
 * @attr {boolean} no-checkbox - without the 'do not show today' box
 * @attr {number} autoplay - ms between slides (default 5000; 0: no autoplay)
 * @attr {boolean} open - the page shows it on purpose (a player's tap): it waits only for the overlay on screen, outside the attention budget, even when already answered this session
 * @fires wps-announcement-shown - `{ ids }`: the popup is on screen
 * @fires wps-announcement-activity - `{ id, promotionType, path }`, cancelable: preventDefault() keeps the page where it is (the popup stays)
 * @fires wps-close - `{ reason, hidden }`: reason close or activity; hidden 'today' when ticked
 * @part dialog - the popup; also backdrop, announcement, title, close, carousel, slide, content, controls, previous, next, dots, dot, rotation, hide, actions, activity, ok
 */
import { defineElement } from './define.tsx';
import { announcementCss, renderAnnouncement, type AnnouncementElementProps } from './announcement-common.ts';

export type { AnnouncementElementProps };

export const WpsAnnouncement = defineElement<AnnouncementElementProps>('wps-announcement', {
  props: { noCheckbox: 'boolean', autoplay: 'number', open: 'boolean' },
  css: announcementCss,
  render: (props, host) => renderAnnouncement('today', props, host),
});
