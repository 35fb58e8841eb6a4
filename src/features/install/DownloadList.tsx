/** The list of ways to get the app (download popup, /m/appDownload): one row per entry, this device's only. */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { siteStatus } from '../../core/config/siteStatus.ts';
import { currentIsNativeApp, currentStandalone, currentUA } from '../../core/env/env.ts';
import { useT } from '../../ui/useT.ts';
import { downloadEntries, takeDownload, type DownloadEntry, type DownloadKind } from './downloads.ts';

const LABEL: Record<DownloadKind, string> = {
  android: 'download_popup.android',
  ios: 'download_popup.ios',
  profile: 'download_popup.profile',
  'home-screen': 'download_popup.home_screen',
};
/**
 * One icon per row, drawn as the house's other icons are (an inline 24 px stroke path, as home's quick
 * entries): no icon font, no image request, a few hundred bytes. The Android robot, an apple, a gear
 * (a configuration profile), a phone with a plus (the home screen).
 */
export const ICON: Record<DownloadKind, string> = {
  android:
    'M6.5 10.5a5.5 5.5 0 0 1 11 0zM8.3 6.3 6.8 4.3M15.7 6.3l1.5-2M10 8.4h.01M14 8.4h.01M6.5 12.5h11v5.5a1.5 1.5 0 0 1-1.5 1.5H8A1.5 1.5 0 0 1 6.5 18zM3.8 12.8v4.4M20.2 12.8v4.4M9.8 19.5v2.2M14.2 19.5v2.2',
  ios: 'M12 7.6c-1-.7-2.1-1-3.3-.9C6 7 4.3 9.4 4.6 12.7c.4 4 2.8 8.3 5 8.3.9 0 1.4-.5 2.4-.5s1.5.5 2.4.5c1.6 0 3.2-2.2 4.1-4.6-1.6-.8-2.6-2.4-2.5-4.2.1-1.5.9-2.7 2.1-3.4-.9-1.1-2.2-1.9-3.6-2-1.1-.1-2 .3-2.5.8zM12 7.6c-.2-2 .8-3.8 2.8-4.6',
  profile:
    'M18.5 9.9 20.8 10.2v3.6l-2.3.3-.4 1 1.4 1.9-2.5 2.5-1.9-1.4-1 .4-.3 2.3h-3.6l-.3-2.3-1-.4-1.9 1.4-2.5-2.5 1.4-1.9-.4-1-2.3-.3v-3.6l2.3-.3.4-1-1.4-1.9 2.5-2.5 1.9 1.4 1-.4.3-2.3h3.6l.3 2.3 1 .4 1.9-1.4 2.5 2.5-1.4 1.9zM15 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0z',
  'home-screen':
    'M8 2.5h8a1.5 1.5 0 0 1 1.5 1.5v16a1.5 1.5 0 0 1-1.5 1.5H8A1.5 1.5 0 0 1 6.5 20V4A1.5 1.5 0 0 1 8 2.5zM12 8.5v6M9 11.5h6M11 18.5h2',
};

export interface DownloadListProps {
  /** Return false to keep the default (opening the link or the install guide) from happening. */
  onTake?: (entry: DownloadEntry) => boolean | void;
}

export function DownloadList({ onTake }: DownloadListProps) {
  useSignals();
  const { t } = useT();
  const [safari, setSafari] = useState(false);
  const ua = currentUA();
  const entries = downloadEntries(siteStatus.value?.info.resources ?? [], ua, !currentStandalone() && !currentIsNativeApp());
  return (
    <>
      {/* Nothing for this device (a phone in the installed app without its platform's file): say so, once the merchant's links are known. */}
      {entries.length === 0 && siteStatus.value ? (
        <p className="empty" part="empty">
          {t('download_popup.none')}
        </p>
      ) : null}
      <ul className="downloads" part="downloads" hidden={entries.length === 0}>
        {entries.map((entry) => (
          <li key={entry.kind}>
            <button
              type="button"
              className="download"
              part={`download download-${entry.kind}`}
              onClick={() => {
                if (onTake?.(entry) === false) return;
                setSafari(takeDownload(entry, ua) === 'safari');
              }}
            >
              <span className="mark" part="icon" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="24" height="24" focusable="false">
                  <path
                    d={ICON[entry.kind]}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.9"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </span>
              <span>{t(LABEL[entry.kind])}</span>
            </button>
          </li>
        ))}
      </ul>
      <p className="status" part="status" role="alert">
        {safari ? t('please_use_safari') : ''}
      </p>
    </>
  );
}
