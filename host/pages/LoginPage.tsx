/** /m/login: the login form element (password, SMS code, remember me, auto login, two-factor). */
import '../../elements/login-form.tsx';
import { useT } from '../../src/ui/useT.ts';
import { AppLink } from '../AppLink.tsx';
import { TopBar } from '../TopBar.tsx';

export function LoginPage() {
  const { t } = useT();
  return (
    <div className="page">
      <TopBar title={t('login')} />
      <main className="content">
        <section className="card" aria-labelledby="login-title">
          <h2 id="login-title">{t('login.title')}</h2>
          <wps-login-form />
          <p className="alt">
            {t('login.no_account')} <AppLink to="/m/register">{t('register')}</AppLink>
          </p>
        </section>
      </main>
    </div>
  );
}
