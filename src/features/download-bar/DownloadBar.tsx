/** The download bar at the top of the page (docs/product.md §2): icon, name, 5.0 grade, gift, download, close. */
import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../../ui/useT.ts';
import { GRADE, downloadBar, handOverInApp, hideForSession, openDownload } from './model.ts';

export interface DownloadBarProps {
  /** Return false to stop the default (opening the link). */
  onDownload?: (url: string) => boolean | void;
  onClose?: () => void;
}

export function DownloadBar({ onDownload, onClose }: DownloadBarProps) {
  useSignals();
  const { t, dir } = useT();
  const data = downloadBar.value;
  if (!data) return null;
  return (
    <aside className="bar" part="bar" aria-label={t('download_bar.label')} dir={dir}>
      <button
        type="button"
        className="close"
        part="close"
        aria-label={t('download_bar.close')}
        onClick={() => {
          hideForSession();
          onClose?.();
        }}
      >
        ×
      </button>
      {data.iconUrl ? <img className="icon" part="icon" src={data.iconUrl} alt="" width={40} height={40} /> : null}
      <div className="text">
        <span className="name" part="name">
          {data.name}
        </span>
        <span className="grade" part="grade">
          <span className="stars" aria-hidden="true">
            ★★★★★
          </span>
          <span aria-label={t('download_bar.grade', { grade: GRADE })}>{GRADE}</span>
        </span>
      </div>
      {data.gift ? (
        <svg
          className="gift"
          part="gift"
          role="img"
          aria-label={t('download_bar.gift')}
          viewBox="0 0 24 24"
          width="24"
          height="24"
        >
          <path fill="#d62f3a" d="M3 10h18v4H3zM4 14h16v7H4z" />
          <path fill="#f5c518" d="M11 10h2v11h-2z" />
          <path fill="none" stroke="#d62f3a" strokeWidth="2" d="M12 10C10 5 6 5 7 8s5 2 5 2zm0 0c2-5 6-5 5-2s-5 2-5 2z" />
        </svg>
      ) : null}
      <button
        type="button"
        className="wps-button"
        part="download"
        onClick={() => {
          if (handOverInApp()) return;
          if (onDownload?.(data.link) !== false) openDownload(data.link);
        }}
      >
        {t('download_bar.download')}
      </button>
    </aside>
  );
}
