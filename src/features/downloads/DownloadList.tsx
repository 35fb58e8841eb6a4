/** The list of ways to get the app (download popup, /m/appDownload): one row per entry, this device's only. */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { siteStatus } from '../../core/config/siteStatus.ts';
import { currentIsNativeApp, currentStandalone, currentUA } from '../../core/env/env.ts';
import { useT } from '../../ui/useT.ts';
import { downloadEntries, takeDownload, type DownloadEntry, type DownloadKind } from './downloads.ts';

/**
 * Each row's label and icon. The icon is drawn as the house's other icons are (an inline 24 px
 * stroke path, as home's quick entries): no icon font, no image request, about 150 bytes gzip for
 * the four (the element's budget is 6 KB). The Android robot's head, an apple, settings sliders (a
 * configuration profile), a phone with a plus (the home screen).
 */
export const ROW: Record<DownloadKind, [label: string, icon: string]> = {
  android: ['download_popup.android', 'M4 17a8 8 0 0 1 16 0zM8 10 6 7m10 3 2-3M9 13.5h0m6 0h0'],
  ios: [
    'download_popup.ios',
    'M12 7.5C10 6 5 6 5 12c0 4 3 9 5 9 1 0 1.3-.6 2-.6s1 .6 2 .6c2 0 4-3 5-6-3-1.5-3.5-6-.5-8-2-2.5-5-2-6.5-.5zm0 0c0-2 1-4 3-4.5',
  ],
  profile: ['download_popup.profile', 'M4 7h16M4 17h16M9 4v6m6 4v6'],
  'home-screen': ['download_popup.home_screen', 'M6 2h12v20H6zm6 6v6m-3-3h6'],
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
      <ul className="downloads" part="downloads">
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
                {/* Stroke and fill come from .mark (downloads.css). */}
                <svg viewBox="0 0 24 24" width="24" height="24">
                  <path d={ROW[entry.kind][1]} />
                </svg>
              </span>
              <span>{t(ROW[entry.kind][0])}</span>
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
