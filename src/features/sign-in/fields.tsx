/** Fields both sign-in forms show: the mobile number with its country picker, and a code with its Send button. */
import type { ReactNode } from 'react';
import { LazyCountryPicker } from '../country-picker/index.ts';
import { formatWait } from '../../ui/countdown.ts';
import { Field } from '../../ui/Field.tsx';
import { useT } from '../../ui/useT.ts';

/** The mobile number: the country picker for the dialling code, then the number input (`children`). */
export function MobileField(props: {
  id: string;
  error?: string;
  country: string | undefined;
  onCountry(code: string): void;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <Field id={props.id} label={t('login.mobile')} error={props.error}>
      <div className="row">
        <LazyCountryPicker value={props.country} onChange={(c) => props.onCountry(c.countryCode)} />
        {props.children}
      </div>
    </Field>
  );
}

/** A one-time code input (`children`) with its Send code button, which counts down `secondsLeft` (m:ss). */
export function CodeField(props: {
  id: string;
  error?: string;
  secondsLeft: number;
  busy?: boolean;
  onSend(): void;
  children: ReactNode;
}) {
  const { t, lang } = useT();
  const waiting = props.secondsLeft > 0;
  return (
    <Field id={props.id} label={t('login.code')} error={props.error}>
      <div className="row">
        {props.children}
        <button type="button" className="secondary" part="send-code" disabled={waiting || props.busy} onClick={props.onSend}>
          {waiting ? t('login.countdown', { time: formatWait(props.secondsLeft, lang) }) : t('login.send_code')}
        </button>
      </div>
    </Field>
  );
}

/** Input props of a mobile number. */
export const mobileInput = (value: string, set: (v: string) => void) => ({
  name: 'mobile',
  type: 'tel',
  inputMode: 'numeric' as const,
  autoComplete: 'tel-national',
  value,
  onChange: (e: { target: { value: string } }) => set(e.target.value),
});

/** Input props of a one-time code. */
export const codeInput = (name: string, value: string, set: (v: string) => void) => ({
  name,
  inputMode: 'numeric' as const,
  autoComplete: 'one-time-code',
  value,
  onChange: (e: { target: { value: string } }) => set(e.target.value),
});
