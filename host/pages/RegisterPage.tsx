/** /m/register: the registration form element (by username or by mobile number, with captcha). */
import '../../elements/register-form.tsx';
import { useT } from '../../src/ui/useT.ts';
import { AppLink } from '../AppLink.tsx';
import { useMemberGoesHome } from '../MemberGoesHome.tsx';
import { Card, PageShell } from '../PageShell.tsx';

export function RegisterPage() {
  const { t } = useT();
  const home = useMemberGoesHome();
  if (home) return home;
  return (
    <PageShell title={t('register')}>
      <Card id="register-title" title={t('register.title')}>
        <wps-register-form />
        <p className="alt">
          {t('register.have_account')} <AppLink to="/m/login">{t('login')}</AppLink>
        </p>
      </Card>
    </PageShell>
  );
}
