/**
 * `<wps-register-form>`: registration by username or by mobile number (docs/product.md §3, §4, §5, §8): the
 * country picker for the dialling code, the fixed default password when the merchant's
 * mobile-number password option is off, the captcha when the register setting is on, a suggested
 * free username, one submit at a time. Success shows a notice, stores the session and fires
 * wps-register; then, unless the event was cancelled, it goes to /m/home on the operator's /m page,
 * and on a merchant's page stays there (or, with continue-to-operator, goes to the operator's
 * /m/home carrying the token). A failure shows the server message and the captcha starts over.
 * Under a password, the password rule (the server's own) turns met or unmet as the player types; a
 * password that breaks it is not sent.
 *
 * @element wps-register-form
 * @attr {string} merchant - merchant code (Merchant header)
 * @attr {string} api-base - origin of the operator's /wps API
 * @attr {string} referral-code - a referral code to register under (e.g. an agent's), else the stored one
 * @attr {boolean} continue-to-operator - on a merchant's page, go to the operator's /m/home after registering, with the session token (only to the api-base's origin)
 * @cssstate pending - until its first render (a page may keep the form's place)
 * @fires wps-register - `{ userName }`, cancelable: preventDefault() keeps the element from navigating
 * @part form, tabs, tab, field, input, captcha, suggest, submit, password-rule, rule, rule-met, rule-unmet
 */
import { defineElement, Shown } from './define.tsx';
import { emit } from './emit.ts';
import { RegisterForm, type RegisterDetail } from '../src/features/sign-in/RegisterForm.tsx';
import css from '../src/features/sign-in/forms.css';
import fieldsCss from '../src/ui/fields.css';
import passwordRuleCss from '../src/features/sign-in/password-rule.css';

export type { RegisterDetail } from '../src/features/sign-in/RegisterForm.tsx';

export interface RegisterFormProps {
  referralCode?: string;
  continueToOperator?: boolean;
}

export const WpsRegisterForm = defineElement<RegisterFormProps>('wps-register-form', {
  props: { referralCode: 'string', continueToOperator: 'boolean' },
  css: [fieldsCss, css, passwordRuleCss],
  pending: () => true,
  render: (props, host) => (
    <>
      <Shown host={host} />
      <RegisterForm
        referralCode={props.referralCode}
        continueToOperator={props.continueToOperator}
        onRegister={(detail) => emit<RegisterDetail>(host, 'wps-register', detail, true)}
        defineCaptcha={() => import('./captcha.tsx')}
      />
    </>
  ),
});
