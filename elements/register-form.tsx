/**
 * `<wps-register-form>`: registration by username or by mobile number (docs/product.md §3, §4, §5, §8): the
 * country picker for the dialling code, the fixed default password when the merchant's
 * mobile-number password option is off, the captcha when the register setting is on, a suggested
 * free username, one submit at a time. Success shows a notice, stores the session and goes to
 * /m/home; a failure shows the server message and the captcha starts over.
 *
 * @element wps-register-form
 * @attr {string} merchant - merchant code (Merchant header)
 * @attr {string} api-base - origin of the operator's /wps API
 * @attr {string} referral-code - a referral code to register under (e.g. an agent's), else the stored one
 * @fires wps-register - `{ userName }`, cancelable: preventDefault() keeps the element from navigating
 * @part form, tabs, tab, field, input, captcha, suggest, submit
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { defineElement } from './define.tsx';
import { emit } from './emit.ts';
import type { CaptchaResult } from '../src/features/captcha/model.ts';
import { captchaPayload } from '../src/features/captcha/rules.ts';
import { LazyCountryPicker } from '../src/features/country-picker/LazyCountryPicker.tsx';
import { useCountry } from '../src/features/country-picker/useCountry.ts';
import { register, registerBusy, suggestUsername } from '../src/features/sign-in/model.ts';
import { loadSiteStatus, siteStatus } from '../src/core/config/siteStatus.ts';
import { showNotice } from '../src/core/notice/notices.ts';
import { navigate } from '../src/core/session/navigation.ts';
import { session } from '../src/core/session/sessionInfo.ts';
import { useT } from '../src/ui/useT.ts';
import { useRequiredFields, type RequiredField } from '../src/ui/useRequiredFields.tsx';
import css from '../src/features/sign-in/forms.css';

export interface RegisterFormProps {
  referralCode?: string;
}

type CaptchaElement = HTMLElement & { verify(): Promise<CaptchaResult>; retry(): void };

export function RegisterForm({ host, referralCode }: { host: HTMLElement; referralCode?: string }) {
  useSignals();
  const { t, dir } = useT();
  const info = siteStatus.value?.info;
  const [by, setBy] = useState<'username' | 'mobile'>('username');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [country, setCountry] = useState<string | undefined>();
  const [mobile, setMobile] = useState('');
  const { errors, setErrors, check, input: fieldInput } = useRequiredFields('register');
  const dialing = useCountry(country)?.countryDialingCode ?? '';
  const captchaRef = useRef<CaptchaElement | null>(null);
  const captchaOn = info?.register.captcha.enabled === true;
  const askPassword = by === 'username' || info?.register.mobilePassword === true;

  useEffect(() => void loadSiteStatus(), []);
  // The captcha's code loads only for a merchant whose register setting asks for it.
  useEffect(() => {
    if (captchaOn) void import('./captcha.tsx');
  }, [captchaOn]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (registerBusy.value) return;
    const fields: RequiredField[] =
      by === 'username'
        ? [
            ['username', username, t('username')],
            ['password', password, t('password')],
          ]
        : [
            ['mobile', mobile, t('login.mobile')],
            ...(askPassword ? [['password', password, t('password')] as RequiredField] : []),
          ];
    if (!check(fields)) return;
    // The captcha unless geetest fields are already there (they never are before this point).
    if (captchaOn) await customElements.whenDefined('wps-captcha');
    const captcha =
      captchaOn && captchaRef.current ? await captchaRef.current.verify().then(captchaPayload, () => null) : undefined;
    if (captcha === null) return;
    const request =
      by === 'username'
        ? ({ by, username, password, captcha } as const)
        : ({
            by,
            countryDialingCode: dialing,
            mobileNum: mobile,
            password: askPassword ? password : undefined,
            captcha,
          } as const);
    const outcome = await register(request, referralCode);
    if (!outcome.ok) {
      // The server's message was shown by the error catalogue; the used captcha starts over (docs/product.md §8).
      captchaRef.current?.retry();
      return;
    }
    showNotice({ messageKey: 'register.success' });
    if (emit(host, 'wps-register', { userName: session.value?.userName ?? '' }, true)) navigate('/m/home');
  };

  const input = (name: string, props: React.InputHTMLAttributes<HTMLInputElement>) =>
    fieldInput(name, props, `register-${name}-hint`);
  const note = (name: string, hint?: string) =>
    errors[name] ? (
      <span id={`register-${name}-error`} className="error">
        {errors[name]}
      </span>
    ) : hint ? (
      <span id={`register-${name}-hint`} className="hint">
        {hint}
      </span>
    ) : null;

  const tabButton = (id: 'username' | 'mobile', label: string) => (
    <button
      type="button"
      role="tab"
      id={`register-tab-${id}`}
      part="tab"
      aria-selected={by === id}
      aria-controls="register-panel"
      className={by === id ? 'tab active' : 'tab'}
      onClick={() => {
        setBy(id);
        setErrors({});
      }}
    >
      {label}
    </button>
  );

  return (
    <form className="form" part="form" onSubmit={submit} noValidate dir={dir} aria-label={t('register.title')}>
      <div className="tabs" role="tablist" part="tabs" aria-label={t('register.methods')}>
        {tabButton('username', t('register.tab_username'))}
        {tabButton('mobile', t('register.tab_mobile'))}
      </div>
      <div id="register-panel" role="tabpanel" aria-labelledby={`register-tab-${by}`} className="panel">
        {by === 'username' ? (
          <div className="field" part="field">
            <label htmlFor="register-username">{t('username')}</label>
            {input('username', {
              name: 'username',
              autoComplete: 'username',
              autoCapitalize: 'none',
              value: username,
              onChange: (e) => setUsername(e.target.value),
            })}
            {note('username', t('register.username_hint'))}
            <button
              type="button"
              className="link"
              part="suggest"
              onClick={() => void suggestUsername().then((name) => name && setUsername(name))}
            >
              {t('register.suggest')}
            </button>
          </div>
        ) : (
          <div className="field" part="field">
            <label htmlFor="register-mobile">{t('login.mobile')}</label>
            <div className="row">
              <LazyCountryPicker value={country} onChange={(c) => setCountry(c.countryCode)} />
              {input('mobile', {
                name: 'mobile',
                type: 'tel',
                inputMode: 'numeric',
                autoComplete: 'tel-national',
                value: mobile,
                onChange: (e) => setMobile(e.target.value),
              })}
            </div>
            {note('mobile')}
          </div>
        )}
        {askPassword ? (
          <div className="field" part="field">
            <label htmlFor="register-password">{t('password')}</label>
            {input('password', {
              name: 'password',
              type: 'password',
              autoComplete: 'new-password',
              value: password,
              onChange: (e) => setPassword(e.target.value),
            })}
            {note('password', t('register.password_hint'))}
          </div>
        ) : null}
        {captchaOn ? <wps-captcha ref={captchaRef} scene="register" part="captcha" /> : null}
      </div>
      <button type="submit" className="wps-button submit" part="submit" disabled={registerBusy.value}>
        {t('register')}
      </button>
    </form>
  );
}

export const WpsRegisterForm = defineElement<RegisterFormProps>('wps-register-form', {
  props: { referralCode: 'string' },
  css: [css],
  render: (props, host) => <RegisterForm host={host} referralCode={props.referralCode} />,
});
