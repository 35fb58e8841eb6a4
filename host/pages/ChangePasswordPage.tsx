/**
 * /m/changePsw: forced password change (default password, or an expired one with
 * PWDEXPFORCECHANGE3) or a voluntary one (docs/product.md §2, §4). POST /wps/member/password, encrypted.
 */
import { useState, type FormEvent } from 'react';
import { changePassword } from '../../src/features/sign-in/model.ts';
import { PasswordRule, RULE_VARS, passwordValid } from '../../src/features/sign-in/PasswordRule.tsx';
import { passwordChangeState } from '../../src/core/session/passwordChange.ts';
import { DEFAULT_PASSWORD } from '../../src/core/api/constants.ts';
import { logout } from '../../src/core/session/logout.ts';
import { navigate } from '../../src/core/session/navigation.ts';
import { Field } from '../../src/ui/Field.tsx';
import { useRequiredFields } from '../../src/ui/useRequiredFields.tsx';
import { useT } from '../../src/ui/useT.ts';
import { adoptStyles } from '../../src/ui/styles.ts';
import passwordRuleCss from '../../src/features/sign-in/password-rule.css';
import { PageShell } from '../PageShell.tsx';

// The rule's lines are styled only where a new password is asked (not in /m's first-load stylesheet).
adoptStyles(document, passwordRuleCss);

type Name = 'current' | 'next' | 'again';

export function ChangePasswordPage() {
  const { t } = useT();
  const change = passwordChangeState();
  const forced = change?.forced === true;
  // Just registered by mobile number: the current password is the default one the player never saw,
  // so it is not asked (the server takes the change without it, docs/server.md).
  const askCurrent = change?.defaultPassword !== true;
  const [values, setValues] = useState<Record<Name, string>>({ current: '', next: '', again: '' });
  const { errors, setErrors, check, input, focus } = useRequiredFields('cp');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const labels: Record<Name, string> = {
    current: t('change_password.old'),
    next: t('change_password.new'),
    again: t('change_password.confirm'),
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const required = askCurrent ? (['current', 'next', 'again'] as const) : (['next', 'again'] as const);
    const messages: Record<Name, string> = {
      current: t('required.current_password'),
      next: t('required.new_password'),
      again: t('required.confirm_password'),
    };
    if (!check(required.map((name) => [name, values[name], messages[name]]))) return;
    // The server's password rule (docs/product.md §5), before anything is sent.
    if (!passwordValid(values.next)) {
      setErrors({ next: t('password_rule.invalid', RULE_VARS) });
      return focus('next');
    }
    if (values.next !== values.again) {
      setError(t('change_password.mismatch'));
      return focus('again');
    }
    if (values.next === values.current || values.next === DEFAULT_PASSWORD) {
      setError(t('change_password.same'));
      return focus('next');
    }
    setBusy(true);
    const ok = await changePassword(askCurrent ? values.current : undefined, values.next);
    setBusy(false);
    if (ok) navigate('/m/home', { replace: true });
  };

  const field = (name: Name, autoComplete: string) => (
    <Field id={`cp-${name}`} label={labels[name]} error={errors[name]}>
      {input(name, {
        type: 'password',
        autoComplete,
        value: values[name],
        // The new password's rule is described beside any error (which only says it is not met yet).
        ...(name === 'next' ? { 'aria-describedby': errors.next ? 'cp-next-error cp-next-rule' : 'cp-next-rule' } : undefined),
        onChange: (e) => setValues((v) => ({ ...v, [name]: e.target.value })),
      })}
      {name === 'next' ? <PasswordRule id="cp-next-rule" password={values.next} /> : null}
    </Field>
  );

  return (
    <PageShell title={t('change_password.title')}>
      <form className="card" onSubmit={submit} noValidate aria-labelledby="cp-title">
        <h2 id="cp-title">{t('change_password.title')}</h2>
        {forced ? <p>{t('change_password.forced_text')}</p> : null}
        {askCurrent ? field('current', 'current-password') : null}
        {field('next', 'new-password')}
        {field('again', 'new-password')}
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {t('change_password.submit')}
        </button>
        {forced ? (
          // The only other way out of a forced change.
          <button type="button" className="btn btn-secondary btn-block" onClick={() => void logout()}>
            {t('logout')}
          </button>
        ) : null}
      </form>
    </PageShell>
  );
}
