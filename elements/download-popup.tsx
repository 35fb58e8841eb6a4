/**
 * `<wps-download-popup>`: the download popup (docs/install.md, "Downloads"; docs/product.md §2, §5).
 *
 * Lists the merchant's app downloads and the home-screen install, by device: Android the Android
 * app, iOS the iOS app and the iOS profile (home-screen configuration), any other device all three,
 * each named with its platform; each row with its drawn icon. Links ending in ipa, apk or
 * mobileconfig open in the same tab, others in a new tab; only http(s) links and same-origin paths
 * are opened. On iOS
 * outside Safari the iOS app and profile say 'Please use Safari for download App.' instead. The
 * home-screen install opens the install overlay for this phone (`<wps-install-prompt>`,
 * `<wps-ios-guide>` or `<wps-inapp-guide>`).
 *
 * @element wps-download-popup
 * @attr {string} merchant - merchant code sent as the Merchant header
 * @attr {string} api-base - origin of the operator's /wps API (default: this page's origin)
 * @attr {boolean} open - shows the popup; removed when it closes
 * @attr {boolean} inline - the list as part of the page, without the sheet (the /m/appDownload page)
 * @fires wps-download - `{ kind, url }` (kind: android, ios, profile, home-screen; no url for home-screen), cancelable: preventDefault() keeps the default from happening
 * @fires wps-close - the popup closed
 * @part sheet - the sheet; also backdrop, title, close, body, downloads, download, download-android, download-ios, download-profile, download-home-screen, icon, status
 * @cssprop --wps-color-primary - the tile behind each row's icon
 */
import { useEffect } from 'react';
import { defineElement } from './define.tsx';
import { emit } from './emit.ts';
import { DownloadPopup } from '../src/features/downloads/DownloadPopup.tsx';
import type { DownloadEntry, DownloadKind } from '../src/features/downloads/downloads.ts';
import { DownloadList } from '../src/features/downloads/DownloadList.tsx';
// The sheet body and status line look as the install overlays' do.
import css from '../src/features/install/install.css';
import downloadsCss from '../src/features/downloads/downloads.css';
import { downloadsStrings } from '../src/features/downloads/locales/index.ts';
import { loadSiteStatus } from '../src/core/config/siteStatus.ts';

export interface DownloadPopupElementProps {
  open?: boolean;
  inline?: boolean;
}

export interface DownloadDetail {
  kind: DownloadKind;
  url?: string;
}

function DownloadPopupElement({ open, inline, host }: { open: boolean; inline: boolean; host: HTMLElement }) {
  useEffect(() => {
    void loadSiteStatus();
  }, []);
  const onTake = (entry: DownloadEntry) => emit<DownloadDetail>(host, 'wps-download', { kind: entry.kind, url: entry.url }, true);
  if (inline) return <DownloadList onTake={onTake} />;
  return (
    <DownloadPopup
      open={open}
      onClose={() => {
        host.removeAttribute('open');
        emit(host, 'wps-close');
      }}
      onTake={onTake}
    />
  );
}

export const WpsDownloadPopup = defineElement<DownloadPopupElementProps>('wps-download-popup', {
  props: { open: 'boolean', inline: 'boolean' },
  css: [css, downloadsCss],
  strings: [downloadsStrings],
  render: (props, host) => <DownloadPopupElement open={props.open === true} inline={props.inline === true} host={host} />,
});
