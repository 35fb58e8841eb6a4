/**
 * The two full-page status screens (docs/product.md §2): Access Denied (region or IP restriction) and System
 * Maintenance. Both offer a contact-us button that opens customer service.
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { siteStatus } from '../../core/config/siteStatus.ts';
import { customerServiceUrl } from '../../core/config/customerService.ts';
import { ensureCatalogue, isCatalogueLoaded, tIn } from '../../core/i18n/i18n.ts';
import { htmlLang } from '../../core/i18n/languages.ts';
import { useOverlayPause } from '../../ui/useOverlayBlock.ts';
import { useT } from '../../ui/useT.ts';
import { formatMaintenanceEnd, maintenanceText } from './model.ts';

export interface StatusScreenProps {
  /** Opens customer service; gets the URL, or undefined when the merchant set none. */
  onContact: (url: string | undefined) => void;
}

function Mark({ kind }: { kind: 'denied' | 'maintenance' }) {
  return (
    <svg className="mark" part="mark" viewBox="0 0 72 72" aria-hidden="true">
      <circle cx="36" cy="36" r="34" fill={kind === 'denied' ? '#fde8ea' : '#fff4dd'} />
      {kind === 'denied' ? (
        <path d="M22 22l28 28M50 22L22 50" stroke="#b3202a" strokeWidth="6" strokeLinecap="round" />
      ) : (
        // A traffic cone: plain shapes that stay readable at phone size.
        <g>
          <path d="M31 16h10l9 34H22z" fill="#e07a00" />
          <path d="M28.1 27h15.8l1.3 5H26.8zM24.9 39h22.2l1.3 5H23.6z" fill="#fff" />
          <rect x="16" y="49" width="40" height="7" rx="3.5" fill="#a55b00" />
        </g>
      )}
    </svg>
  );
}

export function AccessDenied({ onContact }: StatusScreenProps) {
  useSignals();
  // A blocking status screen: the overlay on screen waits behind it (docs/product.md §2).
  useOverlayPause(true);
  const { t, dir } = useT();
  const status = siteStatus.value;
  return (
    <main className="screen" part="screen" dir={dir} aria-labelledby="wps-denied-title">
      <Mark kind="denied" />
      <h1 id="wps-denied-title" part="title">
        {t('status.access_denied.title')}
      </h1>
      {status?.location.ip ? (
        <p className="ip" part="ip">
          {t('status.access_denied.ip', { ip: status.location.ip })}
        </p>
      ) : null}
      <p className="description" part="description">
        {t('status.access_denied.description')}
      </p>
      <button type="button" className="wps-button" part="contact" onClick={() => onContact(customerServiceUrl(status?.info))}>
        {t('status.contact_us')}
      </button>
    </main>
  );
}

export function Maintenance({ onContact }: StatusScreenProps) {
  useSignals();
  useOverlayPause(true);
  const { t, lang, dir } = useT();
  const status = siteStatus.value;
  const showEnglish = lang !== 'EN';
  useEffect(() => {
    if (showEnglish) void ensureCatalogue('EN');
  }, [showEnglish]);

  const text = maintenanceText(lang, { title: t('status.maintenance.title'), description: t('status.maintenance.description') });
  const english = maintenanceText('EN', {
    title: tIn('EN', 'status.maintenance.title'),
    description: tIn('EN', 'status.maintenance.description'),
  });
  const end = formatMaintenanceEnd(status?.maintenanceEnd, htmlLang(lang));
  // The English text helps players whose language the operator's texts miss; shown when it differs.
  // Not before the EN catalogue is in: until then tIn gives the raw keys.
  const englishReady = isCatalogueLoaded('EN');
  const englishDiffers =
    showEnglish && englishReady && (english.title !== text.title || english.description !== text.description);

  return (
    <main className="screen" part="screen" dir={dir} aria-labelledby="wps-maintenance-title">
      <Mark kind="maintenance" />
      <h1 id="wps-maintenance-title" part="title">
        {text.title}
      </h1>
      {end ? (
        <p className="end" part="end">
          {t('status.maintenance.end', { time: end })}
        </p>
      ) : null}
      <p className="description" part="description">
        {text.description}
      </p>
      {englishDiffers ? (
        <section className="english" part="english" lang="en" dir="ltr" aria-label="English">
          <h2>{english.title}</h2>
          <p>{english.description}</p>
        </section>
      ) : null}
      <button type="button" className="wps-button" part="contact" onClick={() => onContact(customerServiceUrl(status?.info))}>
        {t('status.contact_us')}
      </button>
    </main>
  );
}
