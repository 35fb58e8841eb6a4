/** /m/register: the registration form element (by username or by mobile number, with captcha). */
import '../../elements/register-form.tsx';
import { useT } from '../../src/ui/useT.ts';
import { AppLink } from '../AppLink.tsx';
import { TopBar } from '../TopBar.tsx';

export function RegisterPage() {
  const { t } = useT();
  return (
    <div className="page">
      <TopBar title={t('register')} />
      <main className="content">
        <section className="card" aria-labelledby="register-title">
          <h2 id="register-title">{t('register.title')}</h2>
          <wps-register-form />
          <p className="alt">
            {t('register.have_account')} <AppLink to="/m/login">{t('login')}</AppLink>
          </p>
        </section>
      </main>
    </div>
  );
}
