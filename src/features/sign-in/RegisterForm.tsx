/**
 * The registration form (docs/product.md §3, §4, §5, §8): by username or by mobile number, the country
 * picker for the dialling code, the fixed default password when the merchant's mobile-number
 * password option is off, the captcha when the register setting is on, a suggested free username,
 * one submit at a time. Success shows a notice and stores the session; a failure shows the server
 * message and the captcha starts over. `<wps-register-form>` (elements/register-form.tsx) wraps it.
 */
import { useEffect, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useCountry } from '../country-picker/index.ts';
import { loadSiteStatus, siteStatus } from '../../core/config/siteStatus.ts';
import { showNotice } from '../../core/notice/notices.ts';
import { session } from '../../core/session/sessionInfo.ts';
import { Field } from '../../ui/Field.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { useT } from '../../ui/useT.ts';
import { useRequiredFields, type RequiredField } from '../../ui/useRequiredFields.tsx';
import { useCaptcha } from './hooks.tsx';
import { MobileField, mobileInput } from './fields.tsx';
import { goAfterSignIn, USERNAME_PATTERN, register, registerBusy, suggestUsername } from './model.ts';
import { PasswordRule, isRuleError, passwordRuleError } from './PasswordRule.tsx';

export interface RegisterDetail {
  userName: string;
}

export interface RegisterFormProps {
  referralCode?: string;
  /** On a merchant's page: continue to the operator's /m/home after registering (with the token); else stay. */
  continueToOperator?: boolean;
  /** Registered (and logged in): false keeps the form from navigating to /m/home. */
  onRegister(detail: RegisterDetail): boolean;
  /** Defines `<wps-captcha>` (the element layer's loader). */
  defineCaptcha(): Promise<unknown>;
}

type By = 'username' | 'mobile';

export function RegisterForm({ referralCode, continueToOperator, onRegister, defineCaptcha }: RegisterFormProps) {
  useSignals();
  const { t, dir } = useT();
  const info = siteStatus.value?.info;
  const [by, setBy] = useState<By>('username');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [country, setCountry] = useState<string | undefined>();
  const [mobile, setMobile] = useState('');
  const { errors, setErrors, check, input: fieldInput, focus } = useRequiredFields('register');
  const dialing = useCountry(country)?.countryDialingCode ?? '';
  const captcha = useCaptcha(info?.register.captcha.enabled === true, 'register', defineCaptcha);
  const askPassword = by === 'username' || info?.register.mobilePassword === true;
  /** The username the password may not be (by mobile number the server makes one up: it checks that). */
  const ruleUsername = by === 'username' ? username : undefined;

  useEffect(() => void loadSiteStatus(), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (registerBusy.value) return;
    const fields: RequiredField[] =
      by === 'username'
        ? [
            ['username', username, t('required.username')],
            ['password', password, t('required.password')],
          ]
        : [
            ['mobile', mobile, t('required.mobile')],
            ...(askPassword ? [['password', password, t('required.password')] as RequiredField] : []),
          ];
    // All at once: an empty field, a malformed username and a password that breaks the rule are
    // marked together; the first of them keeps the focus.
    const filled = check(fields);
    const nameOk = by !== 'username' || usernameOk();
    const passwordOk = !askPassword || !password || passwordRuleOk(filled && nameOk);
    if (!filled || !nameOk || !passwordOk) return;
    const solved = await captcha.solve().catch(() => null);
    if (solved === null) return; // closed or failed: the captcha row says why
    const request =
      by === 'username'
        ? ({ by, username, password, captcha: solved } as const)
        : ({
            by,
            countryDialingCode: dialing,
            mobileNum: mobile,
            password: askPassword ? password : undefined,
            captcha: solved,
          } as const);
    const outcome = await register(request, referralCode);
    if (!outcome.ok) {
      // The server's message was shown by the error catalogue; the used captcha starts over (docs/product.md §8).
      captcha.renew();
      return;
    }
    // The fixed default password (docs/product.md §5): the session must change it first (the server
    // says so, and refuses its other calls until then), so the player goes to /m/changePsw, told
    // how to sign in next time and what the current password is.
    showNotice({ messageKey: outcome.next === '/m/changePsw' ? 'register.success_mobile' : 'register.success' });
    if (onRegister({ userName: session.value?.userName ?? '' })) goAfterSignIn(outcome.next, continueToOperator);
  };

  const input = (name: string, props: InputHTMLAttributes<HTMLInputElement>) => fieldInput(name, props, `register-${name}-hint`);

  /** The username format of docs/product.md §5, checked here before the server is asked. */
  const usernameOk = (value = username, focusIt = true) => {
    const trimmed = value.trim();
    if (!trimmed || USERNAME_PATTERN.test(trimmed)) {
      setErrors((e) => (e.username === t('register.username_invalid') ? { ...e, username: '' } : e));
      return true;
    }
    setErrors((e) => ({ ...e, username: t('register.username_invalid') }));
    if (focusIt) focus('username');
    return false;
  };
  /**
   * The password rule (docs/product.md §5), the server's own (src/contract/credentials.ts): checked
   * here so a password the server would refuse is never sent; the list under the field shows which
   * part is missing.
   */
  const passwordRuleOk = (focusIt: boolean) => {
    const error = passwordRuleError(password, ruleUsername);
    if (!error) return true;
    setErrors((e) => ({ ...e, password: error }));
    if (focusIt) focus('password');
    return false;
  };
  const selectTab = (id: By) => {
    setBy(id);
    setErrors({});
  };
  const tabs = [
    { id: 'username' as const, label: t('register.tab_username') },
    { id: 'mobile' as const, label: t('register.tab_mobile') },
  ];

  return (
    <form className="form" part="form" onSubmit={submit} noValidate dir={dir} aria-label={t('register.title')}>
      <Tabs idPrefix="register-" items={tabs} active={by} onSelect={selectTab} label={t('register.methods')} dir={dir}>
        {by === 'username' ? (
          <>
            <Field id="register-username" label={t('username')} error={errors.username} hint={t('register.username_hint')}>
              {input('username', {
                name: 'username',
                autoComplete: 'username',
                autoCapitalize: 'none',
                value: username,
                onChange: (e) => setUsername(e.target.value),
                onBlur: (e) => void usernameOk(e.target.value, false),
              })}
            </Field>
            <button
              type="button"
              className="link"
              part="suggest"
              onClick={() => void suggestUsername().then((name) => name && setUsername(name))}
            >
              {t('register.suggest')}
            </button>
          </>
        ) : (
          <MobileField id="register-mobile" error={errors.mobile} country={country} onCountry={setCountry}>
            {input('mobile', mobileInput(mobile, setMobile))}
          </MobileField>
        )}
        {askPassword ? (
          <Field id="register-password" label={t('password')} error={errors.password}>
            {input('password', {
              name: 'password',
              type: 'password',
              autoComplete: 'new-password',
              value: password,
              // The rule stays described beside an error, which says only that it is not met yet.
              'aria-describedby': errors.password ? 'register-password-error register-password-rule' : 'register-password-rule',
              onChange: (e) => {
                setPassword(e.target.value);
                // Once the rule is met the refusal goes; an empty field keeps its own message.
                if (!passwordRuleError(e.target.value, ruleUsername))
                  setErrors((er) => (isRuleError(er.password) ? { ...er, password: '' } : er));
              },
            })}
            <PasswordRule id="register-password-rule" password={password} username={ruleUsername} />
          </Field>
        ) : null}
        {captcha.element}
      </Tabs>
      <button type="submit" className="wps-button submit" part="submit" disabled={registerBusy.value}>
        {t('register')}
      </button>
    </form>
  );
}
