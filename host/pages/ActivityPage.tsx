/**
 * /m/activity (docs/engagement.md, "Promotions"; docs/product.md §2): the promotion list with a type
 * filter from the available promotions (MCSFE_getMerchantAvailablePromotions: enabled and count per
 * type), or one promotion when the query has its id. The promotion's HTML is sanitised before it is
 * shown; its links follow the banner URL rule. Loading, empty, error and not-found states.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import type { Promotion, PromotionType } from '../../src/contract/endpoints.ts';
import { isApiError } from '../../src/core/api/client.ts';
import { safeImageUrl } from '../../src/core/config/config.ts';
import { loadPromotions, promotions } from '../../src/core/config/siteStatus.ts';
import { onContentClick, preloadLinkHosts } from '../../src/core/html/links.ts';
import { sanitizeHtml, type TrustedHtml } from '../../src/core/html/sanitize.ts';
import { formatWindow, loadPromotionList } from '../../src/features/promotions/model.ts';
import { useT } from '../../src/ui/useT.ts';
import { AppLink } from '../AppLink.tsx';
import { PageShell } from '../PageShell.tsx';
import { ReferralButton } from '../ReferralButton.tsx';
import { PromotionCard } from '../PromotionCard.tsx';

type Load<T> = { state: 'loading' } | { state: 'error'; retry: () => void } | { state: 'done'; value: T };

function useLoad<T>(load: () => Promise<T>, key: string): Load<T> {
  const [result, setResult] = useState<Load<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let gone = false;
    setResult({ state: 'loading' });
    load().then(
      (value) => !gone && setResult({ state: 'done', value }),
      () => !gone && setResult({ state: 'error', retry: () => setRound((r) => r + 1) }),
    );
    return () => {
      gone = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reloads on key and retry only
  }, [key, round]);
  return result;
}

export function ActivityPage() {
  const id = new URLSearchParams(useSearch()).get('id');
  const { t } = useT();
  return (
    <PageShell nav title={t('promo.title')}>
      {id ? <PromotionDetail id={id} /> : <PromotionList />}
    </PageShell>
  );
}

function Loading() {
  const { t } = useT();
  return (
    <section className="card" aria-busy="true" aria-label={t('loading')}>
      <p className="loading-line">{t('loading')}</p>
    </section>
  );
}

function Failed({ retry }: { retry: () => void }) {
  const { t } = useT();
  return (
    <section className="card empty-state" role="alert">
      <p>{t('promo.error')}</p>
      <button type="button" className="btn btn-secondary" onClick={retry}>
        {t('retry')}
      </button>
    </section>
  );
}

function PromotionList() {
  useSignals();
  const { t, lang } = useT();
  const [type, setType] = useState<PromotionType | undefined>(undefined);
  useEffect(() => void loadPromotions(), []);
  const list = useLoad(() => loadPromotionList(), 'all');
  if (list.state === 'loading') return <Loading />;
  if (list.state === 'error') return <Failed retry={list.retry} />;
  const available = promotions.value ?? {};
  const types = [...new Set(list.value.map((p) => p.type))].filter((k) => available[k]?.enabled !== false);
  const shown = list.value.filter((p) => available[p.type]?.enabled !== false && (!type || p.type === type));
  if (list.value.length === 0 || types.length === 0) {
    return (
      <section className="card empty-state">
        <p>{t('promo.empty')}</p>
        <AppLink to="/m/home" className="btn btn-secondary">
          {t('nav.home')}
        </AppLink>
      </section>
    );
  }
  return (
    <>
      {types.length > 1 ? (
        <div className="chips" role="group" aria-label={t('promo.filter')}>
          <button type="button" className="chip" aria-pressed={!type} onClick={() => setType(undefined)}>
            {t('promo.all')} <span className="chip-count">{list.value.length}</span>
          </button>
          {types.map((k) => (
            <button key={k} type="button" className="chip" aria-pressed={type === k} onClick={() => setType(k)}>
              {t(`promo.type.${k}`)}{' '}
              <span className="chip-count">{available[k]?.count ?? list.value.filter((p) => p.type === k).length}</span>
            </button>
          ))}
        </div>
      ) : null}
      <ul className="promo-list">
        {shown.map((p) => (
          <li key={p.id}>
            <PromotionCard promotion={p} lang={lang} />
          </li>
        ))}
      </ul>
    </>
  );
}

function PromotionDetail({ id }: { id: string }) {
  const { t, lang } = useT();
  const one = useLoad(async () => {
    try {
      preloadLinkHosts(); // the content's links to the merchant's lines carry the token
      const [p] = await loadPromotionList(id);
      return p ? { p, html: await sanitizeHtml(p.content) } : undefined;
    } catch (err) {
      // An id the server does not know is the not-found state, not an error.
      if (isApiError(err) && err.errorCode === 'promotion.not.found') return undefined;
      throw err;
    }
  }, id);
  if (one.state === 'loading') return <Loading />;
  if (one.state === 'error') return <Failed retry={one.retry} />;
  if (!one.value) {
    return (
      <section className="card empty-state">
        <p>{t('promo.not_found')}</p>
        <AppLink to="/m/activity" className="btn btn-secondary">
          {t('promo.all_promotions')}
        </AppLink>
      </section>
    );
  }
  const { p, html } = one.value as { p: Promotion; html: string | TrustedHtml };
  const image = safeImageUrl(p.imageUrl);
  return (
    <article className="card promo-detail" aria-labelledby="promo-title">
      {image ? <img className="promo-hero" src={image} alt="" /> : null}
      <p className="promo-type">{t(`promo.type.${p.type}`)}</p>
      <h2 id="promo-title" dir="auto">
        {p.title}
      </h2>
      <p className="promo-window">{formatWindow(p, lang, t)}</p>
      {/* Taps on links inside go through the link rule; keyboards reach the links themselves. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div className="promo-content" dir="auto" onClick={onContentClick} dangerouslySetInnerHTML={{ __html: html as string }} />
      <div className="actions">
        {p.type === 'REFERRAL' ? <ReferralButton className="btn btn-primary" /> : null}
        {p.type === 'APP_DOWNLOAD' ? (
          <AppLink to="/m/appDownload" className="btn btn-primary">
            {t('download_bar.download')}
          </AppLink>
        ) : null}
        <AppLink to="/m/activity" className="btn btn-secondary">
          {t('promo.all_promotions')}
        </AppLink>
      </div>
    </article>
  );
}
