/**
 * /m/changePsw: forced password change (default password, or an expired one with
 * PWDEXPFORCECHANGE3) or a voluntary one (docs/product.md §2, §4). POST /wps/member/password, encrypted.
 * The current password is always asked (the server needs it, issue 26); just after a registration
 * with the default password, the field's hint names it.
 */
import { useState, type FormEvent } from 'react';
import { changePassword } from '../../src/features/sign-in/model.ts';
import { PasswordRule, passwordRuleError } from '../../src/features/sign-in/PasswordRule.tsx';
import { passwordChangeState } from '../../src/core/session/passwordChange.ts';
import { DEFAULT_PASSWORD } from '../../src/contract/constants.ts';
import { logout } from '../../src/core/session/logout.ts';
import { navigate } from '../../src/core/session/navigation.ts';
import { session } from '../../src/core/session/sessionInfo.ts';
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
  // Just registered by mobile number: the current password is the published default one, which the
  // player never typed, so the field says what it is.
  const defaultHint =
    change?.defaultPassword === true ? t('change_password.default_hint', { password: DEFAULT_PASSWORD }) : undefined;
  const username = session.value?.userName;
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
    const required = ['current', 'next', 'again'] as const;
    const messages: Record<Name, string> = {
      current: t('required.current_password'),
      next: t('required.new_password'),
      again: t('required.confirm_password'),
    };
    if (!check(required.map((name) => [name, values[name], messages[name]]))) return;
    // The server's password rule (docs/product.md §5), before anything is sent.
    const ruleError = passwordRuleError(values.next, username);
    if (ruleError) {
      setErrors({ next: ruleError });
      return focus('next');
    }
    if (values.next !== values.again) {
      setError(t('change_password.mismatch'));
      return focus('again');
    }
    if (values.next === values.current) {
      setError(t('change_password.same'));
      return focus('next');
    }
    setBusy(true);
    const ok = await changePassword(values.current, values.next);
    setBusy(false);
    if (ok) navigate('/m/home', { replace: true });
  };

  const field = (name: Name, autoComplete: string, hint?: string) => (
    <Field id={`cp-${name}`} label={labels[name]} error={errors[name]} hint={hint}>
      {input(
        name,
        {
          type: 'password',
          autoComplete,
          value: values[name],
          // The new password's rule is described beside any error (which only says it is not met yet).
          ...(name === 'next' ? { 'aria-describedby': errors.next ? 'cp-next-error cp-next-rule' : 'cp-next-rule' } : undefined),
          onChange: (e) => setValues((v) => ({ ...v, [name]: e.target.value })),
        },
        hint ? `cp-${name}-hint` : undefined,
      )}
      {name === 'next' ? <PasswordRule id="cp-next-rule" password={values.next} username={username} /> : null}
    </Field>
  );

  return (
    <PageShell title={t('change_password.title')}>
      <form className="card" onSubmit={submit} noValidate aria-labelledby="cp-title">
        <h2 id="cp-title">{t('change_password.title')}</h2>
        {forced ? <p>{t('change_password.forced_text')}</p> : null}
        {field('current', 'current-password', defaultHint)}
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
