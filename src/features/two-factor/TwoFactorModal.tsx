/**
 * The two-factor modal (docs/product.md §2): the notice label as title, the explanation, one tab per required
 * method (WAI-ARIA tabs: arrow keys, Home and End move between them), the fields of the active tab,
 * the sms tab's Send code button with its countdown, errors (role=alert), Cancel and Confirm.
 * Renders the signals of a TwoFactorVerification (./model.ts).
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Modal } from '../../ui/Modal.tsx';
import { useT } from '../../ui/useT.ts';
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
  /** i18n key of the message for a malformed value. */
  formatKey?: string;
}

const FIELDS: Record<FieldName, FieldSpec> = {
  countryDialingCode: {
    labelKey: 'two_factor.country_code',
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel-country-code',
    maxLength: 8,
  },
  mobileNum: { labelKey: 'two_factor.mobile', type: 'tel', inputMode: 'tel', autoComplete: 'tel-national', maxLength: 32 },
  verificationCode: {
    labelKey: 'two_factor.code',
    type: 'text',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    maxLength: 16,
  },
  authCode: {
    labelKey: 'two_factor.auth_code',
    type: 'text',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    maxLength: 16,
    formatKey: 'two_factor.error.auth_code',
  },
  email: {
    labelKey: 'two_factor.email',
    type: 'email',
    inputMode: 'email',
    autoComplete: 'email',
    maxLength: 128,
    formatKey: 'two_factor.error.email',
  },
  payeeName: { labelKey: 'two_factor.payee_name', type: 'text', autoComplete: 'name', maxLength: 128 },
};

export function TwoFactorModal({ verification: v }: { verification: TwoFactorVerification }) {
  useSignals();
  const { t, dir } = useT();
  const base = useId();
  const titleId = `${base}title`;
  const explainId = `${base}explain`;
  const panelId = `${base}panel`;
  const tabId = (m: TwoFactorMethod) => `${base}tab-${m}`;
  const fieldId = (f: FieldName) => `${base}${f}`;
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const tabs = useRef<Partial<Record<TwoFactorMethod, HTMLButtonElement | null>>>({});
  const passRef = useRef<HTMLParagraphElement>(null);

  const focus = v.focus.value;
  const passed = v.passed.value;
  useEffect(() => {
    if (focus) inputs.current[focus.field]?.focus();
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

  const onTabKey = (e: KeyboardEvent) => {
    const list = v.tabs;
    const at = list.indexOf(active);
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    let next: TwoFactorMethod | undefined;
    if (e.key === forward) next = list[(at + 1) % list.length];
    else if (e.key === backward) next = list[(at - 1 + list.length) % list.length];
    else if (e.key === 'Home') next = list[0];
    else if (e.key === 'End') next = list[list.length - 1];
    if (!next) return;
    e.preventDefault();
    v.select(next);
    tabs.current[next]?.focus();
  };

  const field = (name: FieldName, extra?: ReactNode) => {
    const spec = FIELDS[name];
    const bad = invalid?.field === name ? invalid : undefined;
    const label = t(spec.labelKey);
    const messageId = `${fieldId(name)}-error`;
    const message = bad
      ? bad.reason === 'format' && spec.formatKey
        ? t(spec.formatKey)
        : t('two_factor.error.required', { field: label })
      : undefined;
    return (
      <div className={`field${bad ? ' invalid' : ''}`} part={`field field-${name}`}>
        <label htmlFor={fieldId(name)} part="label">
          {label}
        </label>
        <div className="row">
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
            aria-describedby={bad ? messageId : undefined}
            onChange={(e) => v.setField(name, e.currentTarget.value)}
          />
          {extra}
        </div>
        {message ? (
          <p id={messageId} className="field-error" part="field-error">
            {message}
          </p>
        ) : null}
      </div>
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
      {seconds > 0 ? t('two_factor.countdown', { seconds }) : t('two_factor.send_code')}
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
            {/* Roving tabindex: the active tab is the focus stop; arrow keys on the list move it. */}
            {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus */}
            <div role="tablist" className="tabs" part="tabs" aria-label={t('two_factor.methods')} onKeyDown={onTabKey}>
              {v.tabs.map((m) => {
                const selected = m === active;
                return (
                  <button
                    key={m}
                    ref={(el) => {
                      tabs.current[m] = el;
                    }}
                    type="button"
                    role="tab"
                    id={tabId(m)}
                    part={`tab tab-${m}${selected ? ' tab-active' : ''}`}
                    aria-selected={selected ? 'true' : 'false'}
                    aria-controls={selected ? panelId : undefined}
                    tabIndex={selected ? 0 : -1}
                    onClick={() => v.select(m)}
                  >
                    {t(TABS[m].labelKey)}
                  </button>
                );
              })}
            </div>
            <div role="tabpanel" id={panelId} className="panel" part="panel" aria-labelledby={tabId(active)}>
              {active === 'sms' ? (
                <>
                  {field('countryDialingCode')}
                  {field('mobileNum')}
                  {field('verificationCode', sendButton)}
                </>
              ) : (
                field(active === 'ga' ? 'authCode' : active)
              )}
            </div>
            <div className="error" part="error" role="alert">
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
