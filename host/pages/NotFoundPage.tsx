/**
 * Any /m path that is not a page of this product (an unknown address, or a feature not built yet,
 * docs/product.md §2): says so and offers the way home, instead of moving the player silently.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { siteStatus } from '../../src/core/config/siteStatus.ts';
import { useT } from '../../src/ui/useT.ts';
import { AppLink } from '../AppLink.tsx';
import { Card, PageShell } from '../PageShell.tsx';

export function NotFoundPage() {
  useSignals();
  const { t } = useT();
  // The top bar names the site, the card says what happened: no title said twice.
  return (
    <PageShell title={siteStatus.value?.info.appName || t('home.title')}>
      <Card id="not-found-title" title={t('not_found.heading')}>
        <p>{t('not_found.text')}</p>
        <div className="actions">
          <AppLink to="/m/home" className="btn btn-primary">
            {t('not_found.home')}
          </AppLink>
        </div>
      </Card>
    </PageShell>
  );
}
