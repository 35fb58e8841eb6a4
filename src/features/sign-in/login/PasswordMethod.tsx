/** The password method of the login form: username, password and the forgot-password link (docs/product.md §3, §5). */
import type { ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Field } from '../../../ui/Field.tsx';
import { useT } from '../../../ui/useT.ts';
import type { ForgotPasswordLink } from '../model.ts';
import { bound, type InputOf } from './inputs.tsx';
import type { LoginFormModel } from './model.ts';

/** Username, password and the forgot-password link: the password tab, and the bind step's existing account. */
export function Credentials(props: {
  model: LoginFormModel;
  input: InputOf;
  forgot: ForgotPasswordLink | undefined;
  onForgotPassword(link: ForgotPasswordLink): void;
}) {
  useSignals();
  const { t } = useT();
  const { model, input, forgot } = props;
  const errors = model.errors.value;
  return (
    <>
      <Field id="login-username" label={t('username')} error={errors.username}>
        {input('username', { name: 'username', autoComplete: 'username', autoCapitalize: 'none', ...bound(model.username) })}
      </Field>
      <Field id="login-password" label={t('password')} error={errors.password}>
        {input('password', { name: 'password', type: 'password', autoComplete: 'current-password', ...bound(model.password) })}
      </Field>
      {forgot ? (
        // No reset call exists in the operator's contract: the link says that support resets it, and opens support.
        <a
          className="link forgot"
          part="forgot-password"
          href={forgot.url}
          target="_blank"
          rel="noopener"
          onClick={(e) => {
            e.preventDefault();
            props.onForgotPassword(forgot);
          }}
        >
          <strong>{t('login.forgot_password')}</strong> {t('login.forgot_password_help')}
        </a>
      ) : null}
    </>
  );
}

/** The password tab: the credentials and the login captcha row. */
export function PasswordMethod(props: Parameters<typeof Credentials>[0] & { captcha: ReactNode }) {
  return (
    <>
      <Credentials {...props} />
      {props.captcha}
    </>
  );
}
