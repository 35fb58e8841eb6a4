/**
 * /m/home (docs/engagement.md, "Home"): the operator's home. The member card (name, member type, VIP
 * badge, logout) or the visitor card (login, register); then, in chunks loaded just after the first
 * paint, the bottom navigation and the rest of the page (host/HomeEngagement.tsx): the quick entries,
 * customer service, the promotion strip, and the overlays (the install offers, the announcement
 * popup, the chat button), whose elements load when their tags appear (docs/performance.md).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Suspense } from 'react';
import { memberInfo } from '../../src/core/session/memberInfo.ts';
import { session } from '../../src/core/session/sessionInfo.ts';
import { isAgent } from '../../src/core/session/memberType.ts';
import { domainFailure, siteStatus } from '../../src/core/config/siteSignals.ts';
import { autoLoginPending } from '../../src/core/session/autoLogin.ts';
import { useT } from '../../src/ui/useT.ts';
import { AppLink } from '../AppLink.tsx';
import { isBuilt } from '../builtRoutes.ts';
import { Card, PageShell } from '../PageShell.tsx';

import { lazyPage } from '../lazyPage.ts';

// A chunk of its own, loaded with the page (host/App.tsx preloadPage): home hydrates its
// prerendered shell in one pass, with the entries (docs/performance.md, "Prerendered shells").
export const HomeEngagement = lazyPage(() => import('../HomeEngagement.tsx').then((m) => m.default));

export function HomePage() {
  useSignals();
  const { t } = useT();
  const current = session.value;
  const info = memberInfo.value;
  // Behind the domain-error modal there is no site status: the bar names the domain, not 'Home'.
  const appName = siteStatus.value?.info.appName || (domainFailure.value ? location.hostname : '');
  const name = info?.userName ?? current?.userName ?? '';
  const type = info?.type ?? current?.type;

  return (
    <PageShell home nav title={appName || t('home.title')} above={<wps-download-bar />}>
      {!current && autoLoginPending.value ? (
        // The remembered login is signing the player in (docs/product.md §4): no visitor card meanwhile.
        <section className="card" aria-busy="true" aria-label={t('loading')}>
          <p className="loading-line">{t('loading')}</p>
        </section>
      ) : current ? (
        // A new account (first login) is welcomed, not welcomed back.
        <Card id="member-title" title={t(current.firstTimeLogin ? 'home.first_title' : 'home.member_title', { name })}>
          <p className="member-line">
            <span className="badge">{type !== undefined && isAgent(type) ? t('home.agent') : t('home.member')}</span>
          </p>
          {/* The benefits link once /m/member/benefits is built (builtRoutes.ts). */}
          <wps-vip-badge class="home-vip" no-benefits={!isBuilt('/m/member/benefits')} />
          <div className="actions">
            {/* The logout and the API client come with the code after the paint: in memory by the tap. */}
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void import('../../src/core/session/logout.ts').then((m) => m.logout())}
            >
              {t('logout')}
            </button>
          </div>
        </Card>
      ) : (
        <Card id="visitor-title" title={t('home.visitor_title')}>
          <p>{t('home.visitor_text')}</p>
          <div className="actions">
            <AppLink to="/m/login" className="btn btn-primary">
              {t('login')}
            </AppLink>
            <AppLink to="/m/register" className="btn btn-secondary">
              {t('register')}
            </AppLink>
          </div>
        </Card>
      )}
      {/* The entries come in a chunk of their own after the first paint; the box keeps their place. */}
      <Suspense fallback={<div className="quick-placeholder" />}>
        <HomeEngagement />
      </Suspense>
    </PageShell>
  );
}
