/**
 * /m/appDownload (docs/product.md §2; docs/install.md, "Downloads"): the ways to get the app as a
 * public page of its own, the download popup's list in the page. Takes `language` (switches the
 * interface language) and the `tokens` flag (a flag of the page, never a session token:
 * src/core/session/routeRules.ts).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { siteStatus } from '../../src/core/config/siteStatus.ts';
import { setLanguage } from '../../src/core/i18n/i18n.ts';
import { normaliseLanguage } from '../../src/core/i18n/languages.ts';
import { useT } from '../../src/ui/useT.ts';
import { Card, PageShell } from '../PageShell.tsx';

export function AppDownloadPage() {
  useSignals();
  const { t } = useT();
  useEffect(() => {
    const asked = normaliseLanguage(new URLSearchParams(location.search).get('language') ?? '');
    if (asked) setLanguage(asked);
  }, []);
  const app = siteStatus.value?.info.appName ?? '';
  return (
    <PageShell title={app || t('home.title')}>
      <Card id="app-download-title" title={t('download_bar.label')}>
        <wps-download-popup inline />
      </Card>
    </PageShell>
  );
}
