/**
 * `<wps-login-form>`: every way in of docs/product.md §3–§5 that runs in the page: username and password
 * (with the captcha when the merchant's setting asks for it, remember me and auto login), and SMS
 * code. When the site status turns the identity provider on (`sms.firebase`), also 'Continue with
 * Google' (popup; with the Auth emulator of demo and test mode, a local chooser of made-up accounts)
 * and a Phone tab (the provider's SMS code, 60 s resend countdown), with the bind
 * step of bind_customer_required: a confirm offering to log in to an existing account (username and
 * password) or, with FIREBASECREATEACC3, to register a new one; auto-register skips it.
 * A login answered with login_verify_required opens `<wps-two-factor>`; a successful login
 * stores the session and fires wps-login; then, unless the event was cancelled, it goes to /m/home
 * (or /m/changePsw when the password must change) on the operator's /m page, and on a merchant's
 * page stays there (or, with continue-to-operator, goes to the operator's /m carrying the token).
 * The password tab has a "Forgot password?" link to the merchant's customer service (the entry at
 * csPosition LOGIN, else the first a visitor is offered; hidden when none gives a web URL): the
 * operator's contract has no reset call, so support resets it.
 *
 * @element wps-login-form
 * @attr {string} merchant - merchant code (Merchant header)
 * @attr {string} api-base - origin of the operator's /wps API
 * @attr {boolean} no-auto-login - never try the remembered login on mount
 * @attr {boolean} continue-to-operator - on a merchant's page, go to the operator's /m after a login, with the session token (only to the api-base's origin)
 * @fires wps-login - `{ next, userName }`, cancelable: preventDefault() keeps the element from navigating
 * @cssstate pending - until its first render (a page may keep the form's place)
 * @fires wps-contact - `{ url, csType, reason: 'forgot-password' }`, cancelable: preventDefault() keeps customer service from opening
 * @part form, tabs, tab, field, input, remember, captcha, send-code, submit, idp, idp-google,
 *   bind-hint, bind-cancel, forgot-password; the bind confirm: backdrop, dialog, title, message, actions, button;
 *   the demo's account chooser: sheet, sheet-header, close, chooser, chooser-sub, accounts, account,
 *   email-step, back, next, chooser-note
 */
import { defineElement, Shown } from './define.tsx';
import { emit } from './emit.ts';
import { openCustomerService } from '../src/core/config/customerService.ts';
import { LoginForm, type LoginDetail } from '../src/features/sign-in/LoginForm.tsx';
import css from '../src/features/sign-in/forms.css';
import identityCss from '../src/features/sign-in/identity/identity.css';
import fieldsCss from '../src/ui/fields.css';

export type { LoginDetail } from '../src/features/sign-in/LoginForm.tsx';

export interface LoginFormProps {
  noAutoLogin?: boolean;
  continueToOperator?: boolean;
}

export const WpsLoginForm = defineElement<LoginFormProps>('wps-login-form', {
  props: { noAutoLogin: 'boolean', continueToOperator: 'boolean' },
  css: [fieldsCss, css, identityCss],
  pending: () => true,
  render: (props, host) => (
    <>
      <Shown host={host} />
      <LoginForm
        noAutoLogin={props.noAutoLogin}
        continueToOperator={props.continueToOperator}
        onLogin={(detail) => emit<LoginDetail>(host, 'wps-login', detail, true)}
        defineCaptcha={() => import('./captcha.tsx')}
        onForgotPassword={({ url, csType }) => {
          // Announced like every contact-us of the elements; a page that handles it itself cancels it.
          if (emit(host, 'wps-contact', { url, csType, reason: 'forgot-password' }, true)) openCustomerService(url);
        }}
      />
    </>
  ),
});
