/** /m/home: the member or visitor state, with logout for members. */
import { useSignals } from '@preact/signals-react/runtime';
import { logout } from '../../src/core/session/logout.ts';
import { memberInfo } from '../../src/core/session/member.ts';
import { session } from '../../src/core/session/sessionInfo.ts';
import { isAgent } from '../../src/core/session/memberType.ts';
import { siteStatus } from '../../src/core/config/siteStatus.ts';
import { useT } from '../../src/ui/useT.ts';
import { AppLink } from '../AppLink.tsx';
import { TopBar } from '../TopBar.tsx';

export function HomePage() {
  useSignals();
  const { t } = useT();
  const current = session.value;
  const info = memberInfo.value;
  const appName = siteStatus.value?.info.appName ?? '';
  const name = info?.userName ?? current?.userName ?? '';
  const type = info?.type ?? current?.type;

  return (
    <div className="page">
      <wps-download-bar />
      <TopBar title={appName || t('home.title')} />
      <main className="content">
        {current ? (
          <section className="card" aria-labelledby="member-title">
            <h2 id="member-title">{t('home.member_title', { name })}</h2>
            <p className="member-line">
              <span className="badge">{type !== undefined && isAgent(type) ? t('home.agent') : t('home.member')}</span>
            </p>
            <div className="actions">
              <button type="button" className="btn btn-secondary" onClick={() => void logout()}>
                {t('logout')}
              </button>
            </div>
          </section>
        ) : (
          <section className="card" aria-labelledby="visitor-title">
            <h2 id="visitor-title">{t('home.visitor_title')}</h2>
            <p>{t('home.visitor_text')}</p>
            <div className="actions">
              <AppLink to="/m/login" className="btn btn-primary">
                {t('login')}
              </AppLink>
              <AppLink to="/m/register" className="btn btn-secondary">
                {t('register')}
              </AppLink>
            </div>
          </section>
        )}
      </main>
    </div>
  );
}
