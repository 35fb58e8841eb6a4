/**
 * The frame of every member-centre page (docs/member-centre.md): the page shell with its title, the
 * member-centre styles and texts; the page's content shows once its texts are in.
 */
import type { ReactNode } from 'react';
import mcCss from '../../../src/features/member-centre/member-centre.css';
import { mcStrings } from '../../../src/features/member-centre/locales/index.ts';
import { adoptStyles } from '../../../src/ui/styles.ts';
import { useStrings, useT } from '../../../src/ui/useT.ts';
import { PageShell } from '../../PageShell.tsx';

adoptStyles(document, mcCss);

export function McFrame({ title, nav, children }: { title: string; nav?: boolean; children: ReactNode }) {
  const { t } = useT();
  const ready = useStrings(mcStrings);
  return (
    <PageShell nav={nav} title={title}>
      {ready ? (
        children
      ) : (
        <section className="card" aria-busy="true" aria-label={t('loading')}>
          <p className="loading-line">{t('loading')}</p>
        </section>
      )}
    </PageShell>
  );
}
