/** /m/login: the login form element (password, SMS code, remember me, auto login, two-factor). */
import '../../elements/login-form.tsx';
import { useT } from '../../src/ui/useT.ts';
import { AppLink } from '../AppLink.tsx';
import { useMemberGoesHome } from '../MemberGoesHome.tsx';
import { Card, PageShell } from '../PageShell.tsx';

export function LoginPage() {
  const { t } = useT();
  const home = useMemberGoesHome();
  if (home) return home;
  return (
    <PageShell title={t('login')}>
      <Card id="login-title" title={t('login.title')}>
        <wps-login-form />
        <p className="alt">
          {t('login.no_account')} <AppLink to="/m/register">{t('register')}</AppLink>
        </p>
      </Card>
    </PageShell>
  );
}
