/**
 * The login form (docs/product.md §3–§5): username and password (with the captcha when the merchant's
 * setting asks for it, remember me and auto login) and SMS code; with the identity provider on
 * (`sms.firebase`), 'Continue with Google' and a Phone tab, and the bind step of
 * bind_customer_required. A login answered login_verify_required opens the two-factor modal (the
 * sign-in model does). `<wps-login-form>` (elements/login-form.tsx) wraps it.
 *
 * One model (./login/model.ts, signals) holds the form's state and rules; this file lays out the tabs
 * and one component per method renders on it: ./login/PasswordMethod.tsx, ./login/SmsMethod.tsx,
 * ./login/IdentityMethod.tsx (its actions in ./login/identity.ts), loaded only when the merchant has
 * the identity provider on.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { captchaRequired } from '../captcha/index.ts';
import { useCountry } from '../country-picker/index.ts';
import { siteStatus } from '../../core/config/siteStatus.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { useT } from '../../ui/useT.ts';
import { forgotPasswordLink, loginBusy, type ForgotPasswordLink } from './model.ts';
import { identityConfig } from './identity/config.ts';
import { useDemoAccountChooser } from './identity/useDemoAccountChooser.tsx';
import { useCaptcha } from './hooks.tsx';
import { useInputs } from './login/inputs.tsx';
import { LoginFormModel, type LoginDetail, type Tab } from './login/model.ts';
import { Credentials, PasswordMethod } from './login/PasswordMethod.tsx';
import { SmsMethod } from './login/SmsMethod.tsx';

/** The identity-provider method: its own chunk, for the merchants that turn it on. */
type IdentityPart = typeof import('./login/IdentityMethod.tsx');
const loadIdentityPart = () => import('./login/IdentityMethod.tsx');

export type { LoginDetail };

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
  const [model] = useState(() => new LoginFormModel());
  model.handlers = { onLogin, continueToOperator };
  const info = siteStatus.value?.info;
  const identity = identityConfig(info);
  const forgot = forgotPasswordLink(info);
  const tab = model.tab.value;
  const bind = model.bind.value;
  const input = useInputs(model);
  const dialing = useCountry(model.country.value)?.countryDialingCode ?? '';

  // The server also asks for the captcha after a few failed guesses on an account, whatever the
  // settings (docs/product.md §5): its `captcha.required` brings the row up for the next try.
  const loginCaptcha = useCaptcha(
    model.captchaAsked.value || captchaRequired({ type: 'username', settings: info }),
    'login',
    defineCaptcha,
  );
  const smsCaptcha = useCaptcha(info?.sms?.captcha?.enabled === true, 'sms', defineCaptcha);
  // A firebase login without a username needs the login captcha too (docs/product.md §5): the password tab's
  // row when it is shown, else a row of its own beside the provider buttons.
  const idpCaptchaNeeded = !!identity && captchaRequired({ type: 'firebase', settings: info });
  const idpCaptcha = useCaptcha(idpCaptchaNeeded && (tab !== 'password' || !!bind), 'login', defineCaptcha);
  const identityCaptcha = () => ({
    needed: idpCaptchaNeeded,
    row: model.tab.peek() === 'password' && !model.bind.peek() ? loginCaptcha : idpCaptcha,
  });
  // With the demo's Auth emulator, a local chooser of made-up Google accounts instead of the popup.
  const demoChooser = useDemoAccountChooser();

  const [idp, setIdp] = useState<IdentityPart>();
  useEffect(() => {
    // A chunk that cannot load leaves the password and SMS methods as they are.
    if (identity && !idp) void loadIdentityPart().then(setIdp, () => undefined);
  }, [identity, idp]);

  useEffect(() => model.start(), [model]);
  useEffect(() => model.keepTab(!!identity), [model, identity, tab]);
  // Auto login: on mount only, once the site status (MOBILEAUTOLOGIN3) is known (docs/product.md §4).
  useEffect(() => {
    if (!noAutoLogin && info) model.autoLogin(location.search);
  }, [model, info, noAutoLogin]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (loginBusy.value || model.idpBusy.value) return;
    if (model.bind.peek()?.step === 'existing') return idp?.bindExisting(model);
    if (tab === 'phone') return idp?.loginWithPhone(model, identityCaptcha());
    if (tab === 'password') return model.loginWithPassword(loginCaptcha);
    return model.loginWithSms(dialing);
  };

  const credentials = { model, input, forgot, onForgotPassword };

  if (bind?.step === 'existing') {
    return (
      <form className="form" part="form" onSubmit={submit} noValidate dir={dir} aria-label={t('identity.bind.title')}>
        <p className="hint" part="bind-hint">
          {t('identity.bind.existing_hint')}
        </p>
        <Credentials {...credentials} />
        <button type="submit" className="wps-button submit" part="submit" disabled={loginBusy.value}>
          {t('login')}
        </button>
        <button type="button" className="link" part="bind-cancel" onClick={() => (model.bind.value = undefined)}>
          {t('two_factor.cancel')}
        </button>
      </form>
    );
  }

  const tabs = [
    { id: 'password' as const, label: t('login.tab_password') },
    { id: 'sms' as const, label: t('login.tab_sms') },
    ...(identity ? [{ id: 'phone' as const, label: t('identity.tab_phone') }] : []),
  ];

  return (
    <form className="form" part="form" onSubmit={submit} noValidate dir={dir} aria-label={t('login.title')}>
      <Tabs
        idPrefix="login-"
        items={tabs}
        active={tab}
        onSelect={(id: Tab) => model.selectTab(id)}
        label={t('login.methods')}
        dir={dir}
      >
        {tab === 'phone' ? (
          idp && <idp.PhoneMethod model={model} input={input} onSend={() => void idp.sendPhone(model, dialing)} />
        ) : tab === 'password' ? (
          <PasswordMethod {...credentials} captcha={loginCaptcha.element} />
        ) : (
          <SmsMethod
            model={model}
            input={input}
            captcha={smsCaptcha.element}
            onSend={() => void model.sendSmsCode(dialing, smsCaptcha)}
          />
        )}
        {tab !== 'phone' ? (
          <label className="check" part="remember">
            <input type="checkbox" checked={model.remember.value} onChange={(e) => (model.remember.value = e.target.checked)} />
            {t('login.remember')}
          </label>
        ) : null}
      </Tabs>
      <button type="submit" className="wps-button submit" part="submit" disabled={model.busy.value}>
        {t('login')}
      </button>
      {identity && idp ? (
        <idp.IdentityRow
          model={model}
          captcha={idpCaptcha.element}
          onGoogle={() => void idp.google(model, demoChooser.choose, identityCaptcha())}
        />
      ) : null}
      {bind?.step === 'choose' && idp ? (
        <idp.BindConfirm
          canCreate={bind.canCreate}
          dir={dir}
          onExisting={() => idp.chooseExisting(model)}
          onRegister={() => void idp.chooseRegister(model)}
          onCancel={() => (model.bind.value = undefined)}
        />
      ) : null}
      {demoChooser.element}
    </form>
  );
}
