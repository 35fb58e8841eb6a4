/**
 * `<wps-login-form>`: every way in of SPEC §3–§5 that runs in the page: username and password
 * (with the captcha when the merchant's setting asks for it, remember me and auto login), and SMS
 * code. A login answered with login_verify_required opens `<wps-two-factor>`; a successful login
 * stores the session and goes to /m/home, or to /m/changePsw when the password must change.
 *
 * @element wps-login-form
 * @attr {string} merchant - merchant code (Merchant header)
 * @attr {string} api-base - origin of the operator's /wps API
 * @attr {boolean} no-auto-login - never try the remembered login on mount
 * @fires wps-login - `{ next, userName }`, cancelable: preventDefault() keeps the element from navigating
 * @part form, tabs, tab, field, input, remember, captcha, send-code, submit
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { defineElement } from './define.tsx';
import { emit } from './emit.ts';
import './captcha.tsx';
import './two-factor.tsx';
import type { CaptchaResult } from '../src/features/captcha/model.ts';
import { captchaPayload, captchaRequired } from '../src/features/captcha/rules.ts';
import { CountryPicker, useCountry } from '../src/features/country-picker/CountryPicker.tsx';
import { login, loginBusy, sendLoginCode, tryAutoLogin, type LoginOutcome } from '../src/features/sign-in/model.ts';
import { readRememberedLogin } from '../src/core/session/rememberedLogin.ts';
import { loadSiteStatus, siteStatus } from '../src/core/config/siteStatus.ts';
import { navigate } from '../src/core/session/navigation.ts';
import { useT } from '../src/ui/useT.ts';
import css from '../src/features/sign-in/forms.css';

export interface LoginFormProps {
  noAutoLogin?: boolean;
}

export interface LoginDetail {
  next: string;
  userName: string;
}

type CaptchaElement = HTMLElement & { verify(): Promise<CaptchaResult>; retry(): void; reset(): void };

/** The captcha row when needed; `solve()` opens the challenge (or gives the solved result). */
function useCaptcha(required: boolean, scene: 'login' | 'sms' | 'register') {
  const ref = useRef<CaptchaElement | null>(null);
  const element = required ? <wps-captcha ref={ref} scene={scene} part="captcha" /> : null;
  const solve = async () => (required && ref.current ? captchaPayload(await ref.current.verify()) : undefined);
  // Results are single use: a refused submit needs a fresh challenge.
  const renew = () => ref.current?.retry();
  return { element, solve, renew };
}

function Field(props: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="field" part="field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.error ? <span id={`${props.id}-error`} className="error">{props.error}</span> : null}
    </div>
  );
}

/** Seconds left until `until` (epoch ms), ticking each second; 0 when none. */
function useCountdown(until: number | undefined) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!until || until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
}

export function LoginForm({ host, noAutoLogin }: { host: HTMLElement; noAutoLogin?: boolean }) {
  useSignals();
  const { t, dir } = useT();
  const info = siteStatus.value?.info;
  const [tab, setTab] = useState<'password' | 'sms'>('password');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [country, setCountry] = useState<string | undefined>();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [codeUntil, setCodeUntil] = useState<number | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const secondsLeft = useCountdown(codeUntil);
  const dialing = useCountry(country)?.countryDialingCode ?? '';
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});

  const loginCaptcha = useCaptcha(captchaRequired({ type: 'username', settings: info }), 'login');
  const smsCaptcha = useCaptcha(info?.sms?.captcha?.enabled === true, 'sms');

  useEffect(() => {
    void loadSiteStatus();
    void readRememberedLogin().then((r) => {
      if (r?.type === 'username') setUsername(r.username);
      if (r?.type === 'sms') {
        setTab('sms');
        setMobile(r.username);
      }
      if (r) setRemember(true);
    });
  }, []);

  const done = (outcome: LoginOutcome) => {
    if (!outcome.ok) return;
    const detail: LoginDetail = { next: outcome.next, userName: outcome.value.userName };
    if (emit(host, 'wps-login', detail, true)) navigate(outcome.next);
  };

  // Auto login: on mount only, once the site status (MOBILEAUTOLOGIN3) is known (SPEC §4).
  const tried = useRef(false);
  useEffect(() => {
    if (noAutoLogin || tried.current || !info) return;
    tried.current = true;
    if (captchaRequired({ type: 'username', settings: info })) return; // a person must solve it
    void tryAutoLogin(location.search).then((outcome) => outcome && done(outcome));
  }, [info, noAutoLogin]);

  /** Empty required fields: highlighted, the first focused, nothing sent (SPEC §5). */
  const check = (fields: [string, string, string][]) => {
    const missing = Object.fromEntries(fields.filter(([, v]) => !v.trim()).map(([name, , label]) => [name, t('required', { field: label })]));
    setErrors(missing);
    const first = fields.find(([name]) => missing[name]);
    if (first) inputs.current[first[0]]?.focus();
    return !first;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (loginBusy.value) return;
    if (tab === 'password') {
      if (!check([['username', username, t('username')], ['password', password, t('password')]])) return;
      const captcha = await loginCaptcha.solve().catch(() => null);
      if (captcha === null) return; // closed or failed: the captcha row says why
      const outcome = await login({ type: 'username', username, password, remember, captcha });
      if (!outcome.ok) loginCaptcha.renew();
      done(outcome);
    } else {
      if (!check([['mobile', mobile, t('login.mobile')], ['code', code, t('login.code')]])) return;
      done(await login({ type: 'sms', countryDialingCode: dialing, mobileNum: mobile, verificationCode: code, remember }));
    }
  };

  const sendCode = async () => {
    if (!check([['mobile', mobile, t('login.mobile')]])) return;
    const captcha = await smsCaptcha.solve().catch(() => null);
    if (captcha === null) return;
    const until = await sendLoginCode(dialing, mobile, captcha);
    smsCaptcha.renew();
    if (until) {
      setCodeUntil(until);
      inputs.current.code?.focus();
    }
  };

  const input = (name: string, props: React.InputHTMLAttributes<HTMLInputElement>) => (
    <input
      id={`login-${name}`}
      ref={(el) => void (inputs.current[name] = el)}
      part="input"
      aria-invalid={!!errors[name]}
      aria-describedby={errors[name] ? `login-${name}-error` : undefined}
      {...props}
    />
  );

  const tabButton = (id: 'password' | 'sms', label: string) => (
    <button
      type="button" role="tab" id={`login-tab-${id}`} part="tab" aria-selected={tab === id} aria-controls="login-panel"
      className={tab === id ? 'tab active' : 'tab'} onClick={() => { setTab(id); setErrors({}); }}
    >
      {label}
    </button>
  );

  return (
    <form className="form" part="form" onSubmit={submit} noValidate dir={dir} aria-label={t('login.title')}>
      <div className="tabs" role="tablist" part="tabs" aria-label={t('login.methods')}>
        {tabButton('password', t('login.tab_password'))}
        {tabButton('sms', t('login.tab_sms'))}
      </div>
      <div id="login-panel" role="tabpanel" aria-labelledby={`login-tab-${tab}`} className="panel">
        {tab === 'password' ? (
          <>
            <Field id="login-username" label={t('username')} error={errors.username}>
              {input('username', { name: 'username', autoComplete: 'username', autoCapitalize: 'none', value: username, onChange: (e) => setUsername(e.target.value) })}
            </Field>
            <Field id="login-password" label={t('password')} error={errors.password}>
              {input('password', { name: 'password', type: 'password', autoComplete: 'current-password', value: password, onChange: (e) => setPassword(e.target.value) })}
            </Field>
            {loginCaptcha.element}
          </>
        ) : (
          <>
            <div className="field" part="field">
              <label htmlFor="login-mobile">{t('login.mobile')}</label>
              <div className="row">
                <CountryPicker value={country} onChange={(c) => setCountry(c.countryCode)} />
                {input('mobile', { name: 'mobile', type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national', value: mobile, onChange: (e) => setMobile(e.target.value) })}
              </div>
              {errors.mobile ? <span id="login-mobile-error" className="error">{errors.mobile}</span> : null}
            </div>
            {smsCaptcha.element}
            <Field id="login-code" label={t('login.code')} error={errors.code}>
              <div className="row">
                {input('code', { name: 'code', inputMode: 'numeric', autoComplete: 'one-time-code', value: code, onChange: (e) => setCode(e.target.value) })}
                <button type="button" className="secondary" part="send-code" disabled={secondsLeft > 0} onClick={() => void sendCode()}>
                  {secondsLeft > 0 ? t('login.countdown', { seconds: secondsLeft }) : t('login.send_code')}
                </button>
              </div>
            </Field>
          </>
        )}
        <label className="check" part="remember">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          {t('login.remember')}
        </label>
      </div>
      <button type="submit" className="wps-button submit" part="submit" disabled={loginBusy.value}>
        {t('login')}
      </button>
    </form>
  );
}

export const WpsLoginForm = defineElement<LoginFormProps>('wps-login-form', {
  props: { noAutoLogin: 'boolean' },
  css: [css],
  render: (props, host) => <LoginForm host={host} noAutoLogin={props.noAutoLogin} />,
});
