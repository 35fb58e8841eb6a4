/**
 * `<wps-download-bar>`: the app download bar (docs/product.md §2, §4).
 *
 * Shows the app icon, the app name (the short name when the name is longer than 12 characters),
 * a fixed 5.0 grade, a gift icon when the APP_DOWNLOAD promotion is enabled, a download button and
 * a close button. Hidden inside the native app, in an installed home-screen app, without a download
 * link, and for the rest of the session once closed. Data comes from GET /wps/system/status and
 * GET /wps/relay/MCSFE_getMerchantAvailablePromotions of the merchant.
 *
 * @element wps-download-bar
 * @attr {string} merchant - merchant code sent as the Merchant header
 * @attr {string} api-base - origin of the operator's /wps API (default: this page's origin)
 * @fires wps-download - `{ url }`, cancelable: preventDefault() stops opening the link (never fired in an
 *   app's built-in browser: there the bar opens `<wps-inapp-guide>` instead)
 * @fires wps-close - the player closed the bar (it stays hidden for the session)
 * @part bar - the bar; also close, icon, name, grade, gift, download
 * @cssprop --wps-download-bar-bg - background of the bar
 * @cssstate pending - it may still show and waits for the site status; its place (61 px) is kept meanwhile
 * @cssprop --wps-color-primary - download button colour
 */
// It renders without a framework (define-dom.ts) and loads only its own strings: a merchant page with
// only the bar loads about half of what it did (docs/performance.md, "The download bar's bytes").
import { signal, type Signal } from '@preact/signals-core';
import { defineElement, setState } from './define-dom.ts';
import { emit } from './emit.ts';
import { renderDownloadBar } from '../src/features/download-bar/DownloadBar.ts';
import { downloadBar, mayShow } from '../src/features/download-bar/model.ts';
import { downloadBarStrings } from '../src/features/download-bar/strings.ts';
import css from '../src/features/download-bar/download-bar.css';
import { loadPromotions, loadSiteStatus, siteStatus } from '../src/core/config/siteStatus.ts';
import { i18nRevision, language } from '../src/core/i18n/i18n.ts';

export interface DownloadBarDetail {
  url: string;
}

/** Until the site status says whether there is a link, the bar may show: its place is kept (`:state(pending)`). */
const waiting = () => siteStatus.value === undefined && mayShow();

/** Per connected bar: whether its status call has answered (also when it failed: no bar, no place kept). */
const answered = new WeakMap<HTMLElement, Signal<boolean>>();
/** What each bar last rendered: the same again keeps its nodes (and the focus in them). */
const shown = new WeakMap<ShadowRoot, string>();

export const WpsDownloadBar = defineElement<object>('wps-download-bar', {
  props: {},
  css: [css],
  strings: [downloadBarStrings],
  // From its definition until its first render: also when the status is in and the bar will show.
  pending: () => waiting() || downloadBar.value !== undefined,
  // At once, beside its strings: the status call does not wait for them.
  connected: (host) => {
    const done = signal(false);
    answered.set(host, done);
    void loadSiteStatus().then(() => (done.value = true));
    void loadPromotions();
  },
  render: (_props, host, root) => {
    const key = JSON.stringify([downloadBar.value ?? null, language.value, i18nRevision.value]);
    if (shown.get(root) !== key || (root.childElementCount === 0) !== (downloadBar.value === undefined)) {
      shown.set(root, key);
      const bar = renderDownloadBar({
        onDownload: (url) => emit<DownloadBarDetail>(host, 'wps-download', { url }, true),
        onClose: () => emit(host, 'wps-close'),
      });
      root.replaceChildren(...(bar ? [bar] : []));
    }
    // With the bar (or nothing) in the same task, so the kept place and the bar swap in one frame.
    setState(host, 'pending', !answered.get(host)?.value && waiting());
  },
});
