/** /m/home: the member or visitor state, with logout for members. */
import { useSignals } from '@preact/signals-react/runtime';
import { logout } from '../../src/core/session/logout.ts';
import { memberInfo } from '../../src/core/session/member.ts';
import { session } from '../../src/core/session/sessionInfo.ts';
import { isAgent } from '../../src/core/session/memberType.ts';
import { siteStatus } from '../../src/core/config/siteStatus.ts';
import { useT } from '../../src/ui/useT.ts';
import { AppLink } from '../AppLink.tsx';
import { Card, PageShell } from '../PageShell.tsx';

export function HomePage() {
  useSignals();
  const { t } = useT();
  const current = session.value;
  const info = memberInfo.value;
  const appName = siteStatus.value?.info.appName ?? '';
  const name = info?.userName ?? current?.userName ?? '';
  const type = info?.type ?? current?.type;

  return (
    <PageShell title={appName || t('home.title')} above={<wps-download-bar />}>
      {current ? (
        <Card id="member-title" title={t('home.member_title', { name })}>
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
    </PageShell>
  );
}
