/** /m/login: username and password. The sign-in issue adds SMS, identity provider and captcha. */
import { useRef, type FormEvent } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { loginBusy, loginWithPassword } from '../../src/features/sign-in/model.ts';
import { navigate } from '../../src/core/session/navigation.ts';
import { useT } from '../../src/ui/useT.ts';
import { AppLink } from '../AppLink.tsx';
import { TopBar } from '../TopBar.tsx';
import { useField } from './useField.ts';

export function LoginPage() {
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
    if (await loginWithPassword(username.value, password.value)) navigate('/m/home');
  };

  return (
    <div className="page">
      <TopBar title={t('login')} />
      <main className="content">
        <form className="card" onSubmit={submit} noValidate aria-labelledby="login-title">
          <h2 id="login-title">{t('login.title')}</h2>
          <div className="field">
            <label htmlFor="login-username">{t('username')}</label>
            <input
              id="login-username" ref={usernameRef} name="username" autoComplete="username" autoCapitalize="none"
              value={username.value} onChange={(e) => username.setValue(e.target.value)}
              aria-invalid={username.invalid} aria-describedby={username.invalid ? 'login-username-error' : undefined}
            />
            {username.invalid ? <span id="login-username-error" className="error">{t('required', { field: t('username') })}</span> : null}
          </div>
          <div className="field">
            <label htmlFor="login-password">{t('password')}</label>
            <input
              id="login-password" ref={passwordRef} name="password" type="password" autoComplete="current-password"
              value={password.value} onChange={(e) => password.setValue(e.target.value)}
              aria-invalid={password.invalid} aria-describedby={password.invalid ? 'login-password-error' : undefined}
            />
            {password.invalid ? <span id="login-password-error" className="error">{t('required', { field: t('password') })}</span> : null}
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={loginBusy.value}>
            {t('login')}
          </button>
          <p className="alt">
            {t('login.no_account')} <AppLink to="/m/register">{t('register')}</AppLink>
          </p>
        </form>
      </main>
    </div>
  );
}
