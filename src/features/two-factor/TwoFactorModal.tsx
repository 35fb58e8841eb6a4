/**
 * The two-factor modal (docs/product.md §2): its title, a sentence to the player, one tab per required
 * method (WAI-ARIA tabs: arrow keys, Home and End move between them), the fields of the active tab,
 * the sms tab's Send code button with its countdown, errors (role=alert), Cancel and Confirm.
 * Renders the signals of a TwoFactorVerification (./model.ts).
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject, type ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Field } from '../../ui/Field.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { useT } from '../../ui/useT.ts';
import { formatWait } from '../../ui/countdown.ts';
import { LazyCountryPicker, useDialingCountry } from '../country-picker/index.ts';
import type { FieldName, TwoFactorMethod, TwoFactorVerification } from './model.ts';

const TABS: Record<TwoFactorMethod, { labelKey: string }> = {
  sms: { labelKey: 'two_factor.tab.sms' },
  ga: { labelKey: 'two_factor.tab.ga' },
  email: { labelKey: 'two_factor.tab.email' },
  payeeName: { labelKey: 'two_factor.tab.payee_name' },
};

interface FieldSpec {
  labelKey: string;
  type: 'text' | 'tel' | 'email';
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  autoComplete: string;
  maxLength: number;
  /** i18n key of the message for an empty value: the field's own sentence (docs/product.md §5). */
  requiredKey: string;
  /** i18n key of the message for a malformed value. */
  formatKey?: string;
}

const FIELDS: Record<FieldName, FieldSpec> = {
  countryDialingCode: {
    labelKey: 'two_factor.country_code',
    requiredKey: 'required.country_code',
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel-country-code',
    maxLength: 8,
  },
  mobileNum: {
    labelKey: 'two_factor.mobile',
    requiredKey: 'required.mobile',
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel-national',
    maxLength: 32,
  },
  verificationCode: {
    labelKey: 'two_factor.code',
    requiredKey: 'required.code',
    type: 'text',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    maxLength: 16,
  },
  authCode: {
    labelKey: 'two_factor.auth_code',
    requiredKey: 'required.auth_code',
    type: 'text',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    maxLength: 16,
    formatKey: 'two_factor.error.auth_code',
  },
  email: {
    labelKey: 'two_factor.email',
    requiredKey: 'required.email',
    type: 'email',
    inputMode: 'email',
    autoComplete: 'email',
    maxLength: 128,
    formatKey: 'two_factor.error.email',
  },
  payeeName: {
    labelKey: 'two_factor.payee_name',
    requiredKey: 'required.payee_name',
    type: 'text',
    autoComplete: 'name',
    maxLength: 128,
  },
};

export function TwoFactorModal({ verification: v }: { verification: TwoFactorVerification }) {
  useSignals();
  const { t, dir, lang } = useT();
  const base = useId();
  const titleId = `${base}title`;
  const explainId = `${base}explain`;
  const fieldId = (f: FieldName) => `${base}${f}`;
  const inputs = useRef<Partial<Record<FieldName, HTMLElement | null>>>({});
  const passRef = useRef<HTMLParagraphElement>(null);

  const focus = v.focus.value;
  const passed = v.passed.value;
  useEffect(() => {
    // The dialling code's slot holds the picker: its trigger button takes the focus.
    const el = focus ? inputs.current[focus.field] : undefined;
    (el instanceof HTMLInputElement ? el : (el?.querySelector('button') ?? el))?.focus();
  }, [focus]);
  useEffect(() => {
    if (passed) passRef.current?.focus();
  }, [passed]);

  if (!v.visible.value) return null;

  const active = v.active.value;
  const fields = v.fields.value;
  const invalid = v.invalid.value;
  const error = v.error.value;
  const busy = v.busy.value;
  const seconds = v.secondsLeft.value;
  const sending = v.sending.value;

  const messageOf = (name: FieldName) => {
    const spec = FIELDS[name];
    if (invalid?.field !== name) return undefined;
    return invalid.reason === 'format' && spec.formatKey ? t(spec.formatKey) : t(spec.requiredKey);
  };

  const field = (name: FieldName, extra?: ReactNode, before?: ReactNode) => {
    const spec = FIELDS[name];
    const bad = invalid?.field === name ? invalid : undefined;
    // The number's row also reports its dialling code (the picker beside it has no field of its own).
    const message = name === 'mobileNum' ? (messageOf('countryDialingCode') ?? messageOf('mobileNum')) : messageOf(name);
    return (
      <Field id={fieldId(name)} label={t(spec.labelKey)} error={message} part={`field-${name}`}>
        <div className="row">
          {before}
          <input
            ref={(el) => {
              inputs.current[name] = el;
            }}
            id={fieldId(name)}
            name={name}
            part={`input input-${name}`}
            type={spec.type}
            inputMode={spec.inputMode}
            autoComplete={spec.autoComplete}
            maxLength={spec.maxLength}
            dir={name === 'payeeName' ? undefined : 'ltr'}
            value={fields[name]}
            aria-invalid={bad ? 'true' : 'false'}
            aria-describedby={bad ? `${fieldId(name)}-error` : undefined}
            onChange={(e) => v.setField(name, e.currentTarget.value)}
          />
          {extra}
        </div>
      </Field>
    );
  };

  const sendButton = (
    <button
      type="button"
      className="send"
      part="send"
      disabled={seconds > 0}
      aria-disabled={sending ? 'true' : undefined}
      onClick={() => void v.sendCode()}
    >
      {seconds > 0 ? t('two_factor.countdown', { time: formatWait(seconds, lang) }) : t('two_factor.send_code')}
    </button>
  );

  return (
    <Modal titleId={titleId} describedBy={explainId} forced={passed} onClose={() => v.cancel()} dir={dir}>
      <div className="two-factor" part="content">
        <h2 id={titleId} part="title">
          {v.state.title || t('two_factor.title')}
        </h2>
        <p id={explainId} className="explain" part="explain">
          {t('two_factor.explain')}
        </p>
        {passed ? (
          <p ref={passRef} className="pass" part="pass" role="status" tabIndex={-1}>
            {t('login_2fa_pass')}
          </p>
        ) : (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void v.confirm();
            }}
          >
            <Tabs
              idPrefix={base}
              items={v.tabs.map((m) => ({ id: m, label: t(TABS[m].labelKey) }))}
              active={active}
              onSelect={(m) => v.select(m)}
              label={t('two_factor.methods')}
              dir={dir}
            >
              {active === 'sms' ? (
                <>
                  {field(
                    'mobileNum',
                    undefined,
                    <DialingCodePicker
                      value={fields.countryDialingCode}
                      onChange={(code) => v.setField('countryDialingCode', code)}
                      triggerRef={inputs}
                      id={fieldId('countryDialingCode')}
                    />,
                  )}
                  {field('verificationCode', sendButton)}
                </>
              ) : (
                field(active === 'ga' ? 'authCode' : active)
              )}
            </Tabs>
            <div className="form-error" part="error" role="alert">
              {error ? error.message || t(error.key) : null}
            </div>
            <div className="wps-actions" part="actions">
              <button type="button" part="button cancel" onClick={() => v.cancel()}>
                {t('two_factor.cancel')}
              </button>
              <button type="submit" className="primary" part="button confirm" aria-disabled={busy ? 'true' : undefined}>
                {t('two_factor.confirm')}
              </button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}

/**
 * The sms tab's dialling code: the same country picker as registration (docs/product.md §2), over
 * the model's dialling code. The picker always shows what will be sent: a code the merchant does not
 * list (or none yet) gives way to the merchant's default country once the country info is in.
 */
function DialingCodePicker(props: {
  value: string;
  onChange(code: string): void;
  id: string;
  triggerRef: RefObject<Partial<Record<FieldName, HTMLElement | null>>>;
}) {
  const { listed, fallback } = useDialingCountry(props.value);
  // Two countries may share a code (+1): the one the player picked stays shown.
  const [picked, setPicked] = useState<string>();
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const fallbackCode = fallback?.countryDialingCode;
  // Before the paint: what the picker shows and what Send posts never differ, not even for a frame.
  useLayoutEffect(() => {
    if (!listed && fallbackCode && fallbackCode !== props.value) onChange.current(fallbackCode);
  }, [listed, fallbackCode, props.value]);
  return (
    <span
      className="dialing"
      ref={(el) => {
        props.triggerRef.current.countryDialingCode = el;
      }}
    >
      <LazyCountryPicker
        id={props.id}
        value={picked ?? listed}
        onChange={(c) => {
          setPicked(c.countryCode);
          onChange.current(c.countryDialingCode);
        }}
      />
    </span>
  );
}
