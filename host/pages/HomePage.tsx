/** /m/home: the member or visitor state, with logout for members. */
import { useSignals } from '@preact/signals-react/runtime';
import { logout } from '../../src/core/session/logout.ts';
import { memberInfo } from '../../src/core/session/member.ts';
import { session } from '../../src/core/session/sessionInfo.ts';
import { isAgent } from '../../src/core/session/memberType.ts';
import { domainFailure, siteStatus } from '../../src/core/config/siteStatus.ts';
import { autoLoginPending } from '../../src/core/session/autoLogin.ts';
import { useT } from '../../src/ui/useT.ts';
import { AppLink } from '../AppLink.tsx';
import { Card, PageShell } from '../PageShell.tsx';
import { HomeOffers } from '../HomeOffers.tsx';

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
    <PageShell home title={appName || t('home.title')} above={<wps-download-bar />}>
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
          <div className="actions">
            <button type="button" className="btn btn-secondary" onClick={() => void logout()}>
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
      <HomeOffers />
    </PageShell>
  );
}
