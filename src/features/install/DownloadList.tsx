/** The list of ways to get the app (download popup, /m/appDownload): one row per entry. */
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
/** A letter mark per row (no icon font, no image requests). */
const MARK: Record<DownloadKind, string> = { android: 'A', ios: 'iOS', profile: 'P', 'home-screen': '+' };

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
              <span className="mark" aria-hidden="true">
                {MARK[entry.kind]}
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
