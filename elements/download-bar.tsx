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
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useLayoutEffect, useState } from 'react';
import { defineElement, setState } from './define.tsx';
import { emit } from './emit.ts';
import { DownloadBar } from '../src/features/download-bar/DownloadBar.tsx';
import { downloadBar, mayShow } from '../src/features/download-bar/model.ts';
import css from '../src/features/download-bar/download-bar.css';
import { loadPromotions, loadSiteStatus, siteStatus } from '../src/core/config/siteStatus.ts';

export interface DownloadBarDetail {
  url: string;
}

/** Until the site status says whether there is a link, the bar may show: its place is kept (`:state(pending)`). */
const waiting = () => siteStatus.value === undefined && mayShow();

function DownloadBarElement({ host }: { host: HTMLElement }) {
  useSignals();
  const [answered, setAnswered] = useState(false);
  useEffect(() => {
    // Also when the call fails: no bar then, and no place kept for it.
    void loadSiteStatus().then(() => setAnswered(true));
    void loadPromotions();
  }, []);
  // In the commit that renders the bar (or nothing), so the kept place and the bar swap in one frame.
  const pending = !answered && waiting();
  useLayoutEffect(() => setState(host, 'pending', pending), [host, pending]);
  return (
    <DownloadBar
      onDownload={(url) => emit<DownloadBarDetail>(host, 'wps-download', { url }, true)}
      onClose={() => emit(host, 'wps-close')}
    />
  );
}

export const WpsDownloadBar = defineElement<object>('wps-download-bar', {
  props: {},
  css: [css],
  // From its definition until its first render: also when the status is in and the bar will show.
  pending: () => waiting() || downloadBar.value !== undefined,
  render: (_props, host) => <DownloadBarElement host={host} />,
});
