/**
 * A page whose code cannot arrive (offline before it was ever opened, or a release replaced its
 * chunk) shows a clear message with Retry instead of a blank screen. Only the shell is precached,
 * so this is the normal answer to opening a never-visited page offline.
 */
import { Component, type ReactNode } from 'react';
import { useT } from '../src/ui/useT.ts';

function PageLoadError() {
  const { t } = useT();
  return (
    <main className="content">
      <section className="card" role="alert" aria-labelledby="page-error-title">
        <h2 id="page-error-title">{t('page_error.title')}</h2>
        <p>{t('page_error.text')}</p>
        <div className="actions">
          <button type="button" className="btn btn-primary" onClick={() => location.reload()}>
            {t('retry')}
          </button>
        </div>
      </section>
    </main>
  );
}

export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('wps-mobile: a page could not be shown', error);
  }

  override render() {
    return this.state.failed ? <PageLoadError /> : this.props.children;
  }
}
