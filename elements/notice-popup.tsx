/**
 * `<wps-notice-popup>`: the older announcement popup (docs/engagement.md, "The older popup"): the same
 * announcements, rules, slides and events as `<wps-announcement>`, with a 'never show again' box
 * instead of 'do not show today': ticked, it stays closed until the content changes.
 *
 * @element wps-notice-popup
 * @attr {string} merchant - merchant code sent as the Merchant header
 * @attr {string} api-base - origin of the operator's /wps API (default: this page's origin)
 * @attr {boolean} no-checkbox - without the 'never show again' box
 * @attr {number} autoplay - ms between slides (default 5000; 0: no autoplay)
 * @attr {boolean} open - the page shows it on purpose (a player's tap): it waits only for the overlay on screen, outside the attention budget, even when already answered this session
 * @fires wps-announcement-shown - `{ ids }`: the popup is on screen
 * @fires wps-announcement-activity - `{ id, promotionType, path }`, cancelable: preventDefault() keeps the page where it is
 * @fires wps-close - `{ reason, hidden }`: hidden 'never' when ticked
 * @part dialog - the popup; the same parts as wps-announcement
 */
import { defineElement } from './define.tsx';
import { announcementCss, renderAnnouncement, type AnnouncementElementProps } from './announcement-common.ts';

export const WpsNoticePopup = defineElement<AnnouncementElementProps>('wps-notice-popup', {
  props: { noCheckbox: 'boolean', autoplay: 'number', open: 'boolean' },
  css: announcementCss,
  render: (props, host) => renderAnnouncement('never', props, host),
});
