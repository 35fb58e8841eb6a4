/** /m/register: registration by username. The sign-in issue adds mobile number and captcha. */
import { useRef, type FormEvent } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { registerBusy, registerByUsername } from '../../src/features/sign-in/model.ts';
import { navigate } from '../../src/core/session/navigation.ts';
import { showNotice } from '../../src/core/notice/notices.ts';
import { useT } from '../../src/ui/useT.ts';
import { AppLink } from '../AppLink.tsx';
import { TopBar } from '../TopBar.tsx';
import { useField } from './useField.ts';

export function RegisterPage() {
  useSignals();
  const { t } = useT();
  const username = useField();
  const password = useField();
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    username.touch();
    password.touch();
    if (username.empty) return usernameRef.current?.focus();
    if (password.empty) return passwordRef.current?.focus();
    if (await registerByUsername(username.value, password.value)) {
      showNotice({ messageKey: 'register.success' });
      navigate('/m/home');
    }
  };

  return (
    <div className="page">
      <TopBar title={t('register')} />
      <main className="content">
        <form className="card" onSubmit={submit} noValidate aria-labelledby="register-title">
          <h2 id="register-title">{t('register.title')}</h2>
          <div className="field">
            <label htmlFor="register-username">{t('username')}</label>
            <input
              id="register-username" ref={usernameRef} name="username" autoComplete="username" autoCapitalize="none"
              value={username.value} onChange={(e) => username.setValue(e.target.value)}
              aria-invalid={username.invalid} aria-describedby="register-username-hint"
            />
            <span id="register-username-hint" className={username.invalid ? 'error' : 'hint'}>
              {username.invalid ? t('required', { field: t('username') }) : t('register.username_hint')}
            </span>
          </div>
          <div className="field">
            <label htmlFor="register-password">{t('password')}</label>
            <input
              id="register-password" ref={passwordRef} name="password" type="password" autoComplete="new-password"
              value={password.value} onChange={(e) => password.setValue(e.target.value)}
              aria-invalid={password.invalid} aria-describedby="register-password-hint"
            />
            <span id="register-password-hint" className={password.invalid ? 'error' : 'hint'}>
              {password.invalid ? t('required', { field: t('password') }) : t('register.password_hint')}
            </span>
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={registerBusy.value}>
            {t('register')}
          </button>
          <p className="alt">
            {t('register.have_account')} <AppLink to="/m/login">{t('login')}</AppLink>
          </p>
        </form>
      </main>
    </div>
  );
}
