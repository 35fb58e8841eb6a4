/**
 * /m/changePsw: forced password change (default password, or an expired one with
 * PWDEXPFORCECHANGE3) or a voluntary one (docs/product.md §2, §4). POST /wps/member/password, encrypted.
 */
import { useRef, useState, type FormEvent } from 'react';
import { changePassword, PASSWORD_CHANGE_KEY } from '../../src/features/sign-in/model.ts';
import { DEFAULT_PASSWORD } from '../../src/core/api/constants.ts';
import { navigate } from '../../src/core/session/navigation.ts';
import { sessionStore } from '../../src/core/storage/storage.ts';
import { useT } from '../../src/ui/useT.ts';
import { TopBar } from '../TopBar.tsx';
import { useField } from './useField.ts';

export function ChangePasswordPage() {
  const { t } = useT();
  const forced = sessionStore.get<{ forced: boolean }>(PASSWORD_CHANGE_KEY)?.forced === true;
  const current = useField();
  const next = useField();
  const again = useField();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const refs = {
    current: useRef<HTMLInputElement>(null),
    next: useRef<HTMLInputElement>(null),
    again: useRef<HTMLInputElement>(null),
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    [current, next, again].forEach((f) => f.touch());
    setError(undefined);
    if (current.empty) return refs.current.current?.focus();
    if (next.empty) return refs.next.current?.focus();
    if (again.empty) return refs.again.current?.focus();
    if (next.value !== again.value) {
      setError(t('change_password.mismatch'));
      return refs.again.current?.focus();
    }
    if (next.value === current.value || next.value === DEFAULT_PASSWORD) {
      setError(t('change_password.same'));
      return refs.next.current?.focus();
    }
    setBusy(true);
    const ok = await changePassword(current.value, next.value);
    setBusy(false);
    if (ok) navigate('/m/home', { replace: true });
  };

  const field = (id: 'current' | 'next' | 'again', f: ReturnType<typeof useField>, label: string, autoComplete: string) => (
    <div className="field">
      <label htmlFor={`cp-${id}`}>{label}</label>
      <input
        id={`cp-${id}`}
        ref={refs[id]}
        type="password"
        autoComplete={autoComplete}
        value={f.value}
        onChange={(e) => f.setValue(e.target.value)}
        aria-invalid={f.invalid}
        aria-describedby={f.invalid ? `cp-${id}-error` : undefined}
      />
      {f.invalid ? (
        <span id={`cp-${id}-error`} className="error">
          {t('required', { field: label })}
        </span>
      ) : null}
    </div>
  );

  return (
    <div className="page">
      <TopBar title={t('change_password.title')} />
      <main className="content">
        <form className="card" onSubmit={submit} noValidate aria-labelledby="cp-title">
          <h2 id="cp-title">{t('change_password.title')}</h2>
          {forced ? <p>{t('change_password.forced_text')}</p> : null}
          {field('current', current, t('change_password.old'), 'current-password')}
          {field('next', next, t('change_password.new'), 'new-password')}
          {field('again', again, t('change_password.confirm'), 'new-password')}
          {error ? (
            <p className="error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {t('change_password.submit')}
          </button>
        </form>
      </main>
    </div>
  );
}
