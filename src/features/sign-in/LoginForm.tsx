/**
 * The login form (docs/product.md §3–§5): username and password (with the captcha when the merchant's
 * setting asks for it, remember me and auto login) and SMS code; with the identity provider on
 * (`sms.firebase`), 'Continue with Google' and a Phone tab, and the bind step of
 * bind_customer_required. A login answered login_verify_required opens the two-factor modal (the
 * sign-in model does). `<wps-login-form>` (elements/login-form.tsx) wraps it.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { captchaRequired } from '../captcha/index.ts';
import { useCountry } from '../country-picker/index.ts';
import { readRememberedLogin } from '../../core/session/rememberedLogin.ts';
import { loadSiteStatus, siteStatus } from '../../core/config/siteStatus.ts';
import { Field } from '../../ui/Field.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { useT } from '../../ui/useT.ts';
import { resendEnd } from '../../ui/countdown.ts';
import { useRequiredFields } from '../../ui/useRequiredFields.tsx';
import {
  forgotPasswordLink,
  goAfterSignIn,
  signInTarget,
  login,
  loginBusy,
  sendLoginCode,
  tryAutoLogin,
  type ForgotPasswordLink,
  type LoginOutcome,
} from './model.ts';
import {
  PHONE_CODE_COUNTDOWN_MS,
  bindExistingAccount,
  confirmPhone,
  identityConfig,
  identityLogin,
  registerWithProvider,
  sendPhoneCode,
  socialSignIn,
  type ChannelResult,
  type IdentityOutcome,
} from './identity/model.ts';
import { useDemoAccountChooser } from './identity/useDemoAccountChooser.tsx';
import { useCaptcha, useCountdown } from './hooks.tsx';
import { CodeField, MobileField, codeInput, mobileInput } from './fields.tsx';

export interface LoginDetail {
  next: string;
  userName: string;
}

type Tab = 'password' | 'sms' | 'phone';

interface BindState {
  result: ChannelResult;
  canCreate: boolean;
  step: 'choose' | 'existing';
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

export interface LoginFormProps {
  noAutoLogin?: boolean;
  /** On a merchant's page: continue to the operator's /m after a login (with the token); else stay. */
  continueToOperator?: boolean;
  /** A login succeeded: false keeps the form from navigating to `detail.next`. */
  onLogin(detail: LoginDetail): boolean;
  /** Defines `<wps-captcha>` (the element layer's loader). */
  defineCaptcha(): Promise<unknown>;
  /** "Forgot password?" was tapped: open the merchant's customer service at `link` (the element announces it first). */
  onForgotPassword(link: ForgotPasswordLink): void;
}

export function LoginForm({ noAutoLogin, continueToOperator, onLogin, defineCaptcha, onForgotPassword }: LoginFormProps) {
  useSignals();
  const { t, dir } = useT();
  const info = siteStatus.value?.info;
  const identity = identityConfig(info);
  const forgot = forgotPasswordLink(info);
  const [tab, setTab] = useState<Tab>('password');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [country, setCountry] = useState<string | undefined>();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [codeUntil, setCodeUntil] = useState<number | undefined>();
  const { errors, setErrors, check, input: fieldInput, focus } = useRequiredFields('login');
  const [phoneCode, setPhoneCode] = useState('');
  const [phoneUntil, setPhoneUntil] = useState<number | undefined>();
  const [idpBusy, setIdpBusy] = useState(false);
  const [bind, setBind] = useState<BindState | undefined>();
  const secondsLeft = useCountdown(codeUntil);
  const phoneSecondsLeft = useCountdown(phoneUntil);
  const dialing = useCountry(country)?.countryDialingCode ?? '';

  // The server also asks for the captcha after a few failed guesses on an account, whatever the
  // settings (docs/product.md §5): its `captcha.required` brings the row up for the next try.
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const loginCaptcha = useCaptcha(captchaAsked || captchaRequired({ type: 'username', settings: info }), 'login', defineCaptcha);
  const smsCaptcha = useCaptcha(info?.sms?.captcha?.enabled === true, 'sms', defineCaptcha);
  // A firebase login without a username needs the login captcha too (docs/product.md §5): the password tab's
  // row when it is shown, else a row of its own beside the provider buttons.
  const idpCaptchaNeeded = !!identity && captchaRequired({ type: 'firebase', settings: info });
  const idpCaptcha = useCaptcha(idpCaptchaNeeded && (tab !== 'password' || !!bind), 'login', defineCaptcha);

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
    const detail: LoginDetail = { next: signInTarget(outcome.next), userName: outcome.value.userName };
    if (onLogin(detail)) goAfterSignIn(detail.next, continueToOperator);
  };

  // If the provider is switched off meanwhile, the Phone tab goes.
  useEffect(() => {
    if (!identity && tab === 'phone') setTab('password');
  }, [identity, tab]);

  const identityDone = (r: IdentityOutcome) => {
    if (r.kind === 'done') {
      setBind(undefined);
      done(r.outcome);
    } else if (r.kind === 'bind') {
      setBind({ result: r.result, canCreate: r.canCreate, step: 'choose' });
    }
  };

  /** The /wps login with a provider result (with the login captcha when required), then the bind step if asked. */
  const finishIdentity = async (result: ChannelResult) => {
    const row = tab === 'password' && !bind ? loginCaptcha : idpCaptcha;
    const captcha = idpCaptchaNeeded ? await row.solve().catch(() => null) : undefined;
    if (captcha === null) return;
    const r = await identityLogin(result, captcha);
    if (idpCaptchaNeeded) row.renew();
    identityDone(r);
  };

  // With the demo's Auth emulator, a local chooser of made-up Google accounts instead of the popup.
  const demoChooser = useDemoAccountChooser();
  const google = async () => {
    if (idpBusy || loginBusy.value) return;
    setIdpBusy(true);
    try {
      const result = await socialSignIn('google.com', { chooseDemoAccount: demoChooser.choose });
      if (result) await finishIdentity(result);
    } finally {
      setIdpBusy(false);
    }
  };

  const sendPhone = async () => {
    if (!check([['mobile', mobile, t('required.mobile')]])) return;
    setIdpBusy(true);
    try {
      if (await sendPhoneCode(dialing, mobile)) {
        setPhoneUntil(Date.now() + PHONE_CODE_COUNTDOWN_MS);
        focus('phoneCode');
      }
    } finally {
      setIdpBusy(false);
    }
  };

  const chooseExisting = () => {
    if (!bind) return;
    setBind({ ...bind, step: 'existing' });
    setErrors({});
    setPassword('');
    setTimeout(() => focus('username'));
  };

  const chooseRegister = async () => {
    if (!bind) return;
    const { result } = bind;
    setBind(undefined);
    identityDone(await registerWithProvider(result));
  };

  // Auto login: on mount only, once the site status (MOBILEAUTOLOGIN3) is known (docs/product.md §4).
  const tried = useRef(false);
  useEffect(() => {
    if (noAutoLogin || tried.current || !info) return;
    tried.current = true;
    void tryAutoLogin(location.search).then((outcome) => outcome && done(outcome));
    // Once, when the status arrives: `done` is a new function each render and must not re-run it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [info, noAutoLogin]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (loginBusy.value || idpBusy) return;
    if (bind?.step === 'existing') {
      if (
        !check([
          ['username', username, t('required.username')],
          ['password', password, t('required.password')],
        ])
      )
        return;
      identityDone(await bindExistingAccount(bind.result, username, password));
      return;
    }
    if (tab === 'phone') {
      if (!check([['phoneCode', phoneCode, t('required.code')]])) return;
      setIdpBusy(true);
      try {
        // No pending confirmation: auth/code-expired (docs/product.md §8), reported by confirmPhone.
        const result = await confirmPhone(phoneCode);
        if (result) await finishIdentity(result);
      } finally {
        setIdpBusy(false);
      }
      return;
    }
    if (tab === 'password') {
      if (
        !check([
          ['username', username, t('required.username')],
          ['password', password, t('required.password')],
        ])
      )
        return;
      const captcha = await loginCaptcha.solve().catch(() => null);
      if (captcha === null) return; // closed or failed: the captcha row says why
      const outcome = await login({ type: 'username', username, password, remember, captcha });
      if (!outcome.ok && outcome.errorCode === 'captcha.required') setCaptchaAsked(true);
      if (!outcome.ok) loginCaptcha.renew();
      done(outcome);
    } else {
      if (
        !check([
          ['mobile', mobile, t('required.mobile')],
          ['code', code, t('required.code')],
        ])
      )
        return;
      done(await login({ type: 'sms', countryDialingCode: dialing, mobileNum: mobile, verificationCode: code, remember }));
    }
  };

  const sendCode = async () => {
    if (!check([['mobile', mobile, t('required.mobile')]])) return;
    const captcha = await smsCaptcha.solve().catch(() => null);
    if (captcha === null) return;
    const until = await sendLoginCode(dialing, mobile, captcha);
    smsCaptcha.renew();
    if (until) {
      // The code's expiry, never longer than its validity (docs/product.md §9).
      setCodeUntil(resendEnd(until));
      focus('code');
    }
  };

  const input = (name: string, props: React.InputHTMLAttributes<HTMLInputElement>) => fieldInput(name, props);

  const selectTab = (id: Tab) => {
    setTab(id);
    setErrors({});
  };
  const tabs = [
    { id: 'password' as const, label: t('login.tab_password') },
    { id: 'sms' as const, label: t('login.tab_sms') },
    ...(identity ? [{ id: 'phone' as const, label: t('identity.tab_phone') }] : []),
  ];

  const credentials = (
    <>
      <Field id="login-username" label={t('username')} error={errors.username}>
        {input('username', {
          name: 'username',
          autoComplete: 'username',
          autoCapitalize: 'none',
          value: username,
          onChange: (e) => setUsername(e.target.value),
        })}
      </Field>
      <Field id="login-password" label={t('password')} error={errors.password}>
        {input('password', {
          name: 'password',
          type: 'password',
          autoComplete: 'current-password',
          value: password,
          onChange: (e) => setPassword(e.target.value),
        })}
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
            onForgotPassword(forgot);
          }}
        >
          <strong>{t('login.forgot_password')}</strong> {t('login.forgot_password_help')}
        </a>
      ) : null}
    </>
  );

  const mobileField = (
    <MobileField id="login-mobile" error={errors.mobile} country={country} onCountry={setCountry}>
      {input('mobile', mobileInput(mobile, setMobile))}
    </MobileField>
  );

  if (bind?.step === 'existing') {
    return (
      <form className="form" part="form" onSubmit={submit} noValidate dir={dir} aria-label={t('identity.bind.title')}>
        <p className="hint" part="bind-hint">
          {t('identity.bind.existing_hint')}
        </p>
        {credentials}
        <button type="submit" className="wps-button submit" part="submit" disabled={loginBusy.value}>
          {t('login')}
        </button>
        <button type="button" className="link" part="bind-cancel" onClick={() => setBind(undefined)}>
          {t('two_factor.cancel')}
        </button>
      </form>
    );
  }

  return (
    <form className="form" part="form" onSubmit={submit} noValidate dir={dir} aria-label={t('login.title')}>
      <Tabs idPrefix="login-" items={tabs} active={tab} onSelect={selectTab} label={t('login.methods')} dir={dir}>
        {tab === 'phone' ? (
          <>
            {mobileField}
            <CodeField
              id="login-phoneCode"
              error={errors.phoneCode}
              secondsLeft={phoneSecondsLeft}
              busy={idpBusy}
              onSend={() => void sendPhone()}
            >
              {input('phoneCode', codeInput('phoneCode', phoneCode, setPhoneCode))}
            </CodeField>
          </>
        ) : tab === 'password' ? (
          <>
            {credentials}
            {loginCaptcha.element}
          </>
        ) : (
          <>
            {mobileField}
            {smsCaptcha.element}
            <CodeField id="login-code" error={errors.code} secondsLeft={secondsLeft} onSend={() => void sendCode()}>
              {input('code', codeInput('code', code, setCode))}
            </CodeField>
          </>
        )}
        {tab !== 'phone' ? (
          <label className="check" part="remember">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            {t('login.remember')}
          </label>
        ) : null}
      </Tabs>
      <button type="submit" className="wps-button submit" part="submit" disabled={loginBusy.value || idpBusy}>
        {t('login')}
      </button>
      {identity ? (
        <div className="idp" part="idp">
          <div className="or" aria-hidden="true">
            {t('identity.or')}
          </div>
          {tab === 'password' ? null : idpCaptcha.element}
          <button
            type="button"
            className="idp-button"
            part="idp-google"
            disabled={idpBusy || loginBusy.value}
            onClick={() => void google()}
          >
            <GoogleMark />
            {t('identity.google')}
          </button>
        </div>
      ) : null}
      {bind?.step === 'choose' ? (
        <BindConfirm
          canCreate={bind.canCreate}
          dir={dir}
          onExisting={chooseExisting}
          onRegister={() => void chooseRegister()}
          onCancel={() => setBind(undefined)}
        />
      ) : null}
      {demoChooser.element}
    </form>
  );
}

/** bind_customer_required: log in to an existing account, or (FIREBASECREATEACC3) register a new one. */
function BindConfirm(props: {
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
