/** The SMS method of the login form: the mobile number, the SMS captcha row and the code (docs/product.md §3, §5). */
import type { ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { CodeField, MobileField, codeInput, mobileInput } from '../fields.tsx';
import { useCountdown } from '../hooks.tsx';
import type { InputOf } from './inputs.tsx';
import type { LoginFormModel } from './model.ts';

/** The mobile number with its country picker (the SMS and Phone tabs). */
export function LoginMobile({ model, input }: { model: LoginFormModel; input: InputOf }) {
  useSignals();
  return (
    <MobileField
      id="login-mobile"
      error={model.errors.value.mobile}
      country={model.country.value}
      onCountry={(c) => (model.country.value = c)}
    >
      {input(
        'mobile',
        mobileInput(model.mobile.value, (v) => (model.mobile.value = v)),
      )}
    </MobileField>
  );
}

export function SmsMethod(props: { model: LoginFormModel; input: InputOf; captcha: ReactNode; onSend(): void }) {
  useSignals();
  const { model, input } = props;
  const secondsLeft = useCountdown(model.codeUntil.value);
  return (
    <>
      <LoginMobile model={model} input={input} />
      {props.captcha}
      <CodeField id="login-code" error={model.errors.value.code} secondsLeft={secondsLeft} onSend={props.onSend}>
        {input(
          'code',
          codeInput('code', model.code.value, (v) => (model.code.value = v)),
        )}
      </CodeField>
    </>
  );
}
