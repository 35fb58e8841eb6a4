/**
 * The identity-provider method of the login form (docs/product.md §4, §5, §8): the Phone tab, the
 * 'Continue with Google' row and the bind step's dialog, with their actions (./identity.ts). The
 * form loads this module only for a merchant with the provider on (issue 33): the rest never loads it.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { Modal } from '../../../ui/Modal.tsx';
import { useT } from '../../../ui/useT.ts';
import { CodeField, codeInput } from '../fields.tsx';
import { useCountdown } from '../hooks.tsx';
import type { InputOf } from './inputs.tsx';
import type { LoginFormModel } from './model.ts';
import { LoginMobile } from './SmsMethod.tsx';

export { bindExisting, chooseExisting, chooseRegister, google, loginWithPhone, sendPhone } from './identity.ts';

/** The Phone tab: the mobile number and the provider's code. */
export function PhoneMethod(props: { model: LoginFormModel; input: InputOf; onSend(): void }) {
  useSignals();
  const { model, input } = props;
  const secondsLeft = useCountdown(model.phoneUntil.value);
  return (
    <>
      <LoginMobile model={model} input={input} />
      <CodeField
        id="login-phoneCode"
        error={model.errors.value.phoneCode}
        secondsLeft={secondsLeft}
        busy={model.idpBusy.value}
        onSend={props.onSend}
      >
        {input(
          'phoneCode',
          codeInput('phoneCode', model.phoneCode.value, (v) => (model.phoneCode.value = v)),
        )}
      </CodeField>
    </>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.7c4.3-4 6.9-9.9 6.9-17.1z" />
      <path fill="#FBBC05" d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z" />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.7c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.2-13.4-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

/** The provider row under the form: 'or', the provider's captcha row (off the password tab) and Google. */
export function IdentityRow(props: { model: LoginFormModel; captcha: ReactNode; onGoogle(): void }) {
  useSignals();
  const { t } = useT();
  const { model } = props;
  return (
    <div className="idp" part="idp">
      <div className="or" aria-hidden="true">
        {t('identity.or')}
      </div>
      {model.tab.value === 'password' ? null : props.captcha}
      <button type="button" className="idp-button" part="idp-google" disabled={model.busy.value} onClick={props.onGoogle}>
        <GoogleMark />
        {t('identity.google')}
      </button>
    </div>
  );
}

/** bind_customer_required: log in to an existing account, or (FIREBASECREATEACC3) register a new one. */
export function BindConfirm(props: {
  canCreate: boolean;
  dir: 'ltr' | 'rtl';
  onExisting(): void;
  onRegister(): void;
  onCancel(): void;
}) {
  const { t } = useT();
  return (
    <Modal titleId="login-bind-title" describedBy="login-bind-text" onClose={props.onCancel} dir={props.dir}>
      <h2 id="login-bind-title" part="title">
        {t('identity.bind.title')}
      </h2>
      <p id="login-bind-text" part="message">
        {t(props.canCreate ? 'identity.bind.text' : 'identity.bind.text_existing')}
      </p>
      <div className="wps-actions stacked" part="actions">
        <button type="button" className="primary" part="button confirm" onClick={props.onExisting}>
          {t('identity.bind.existing')}
        </button>
        {props.canCreate ? (
          <button type="button" part="button register" onClick={props.onRegister}>
            {t('identity.bind.create')}
          </button>
        ) : null}
        <button type="button" part="button cancel" onClick={props.onCancel}>
          {t('two_factor.cancel')}
        </button>
      </div>
    </Modal>
  );
}
