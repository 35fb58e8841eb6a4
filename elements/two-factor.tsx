/**
 * `<wps-two-factor>`: the two-factor modal of a login from an unrecorded IP (docs/product.md §2, §4, §5, §8).
 *
 * Title: the server's notice label. One tab per required method (sms, ga, email, payeeName, in
 * that order; the first required one active), the explanation that the current IP is not recorded
 * so any one verification must be entered, the fields of the tab, on the sms tab a Send code button
 * counting down to the code's expiry (60 s on the identity-provider route), Cancel and Confirm.
 * A refused verification shows the server message and clears the email, authenticator code and
 * verification code; a success shows 'Verification passed' for 1.5 s, closes, and 500 ms later
 * fires `wps-verified` with the LoginValue (the page stores the session).
 *
 * Opening it:
 * - `el.open(detail)` → Promise<LoginValue | undefined>; `detail` is
 *   `{ username, password?, flags: { sms?, ga?, email?, payeeName? }, title?, firebaseIdToken?,
 *   route?: 'password' | 'identityProvider', countryDialingCode?, mobileNum? }`. `el.close()` closes it.
 *   The sms tab picks the dialling code with the country picker: a `countryDialingCode` the
 *   merchant lists is preselected, any other gives way to the merchant's default country.
 * - `auto`: the element shows the page's shared verification, which the sign-in feature opens when
 *   a login answers `login_verify_required` (src/features/two-factor/model.ts, `openTwoFactor`; it
 *   adds a `<wps-two-factor auto>` to the body when the page has none). `openTwoFactor` is also
 *   exported here and by the loader (`WpsElements.openTwoFactor`).
 *
 * @element wps-two-factor
 * @attr {string} merchant - merchant code (Merchant header)
 * @attr {string} api-base - origin of the operator's /wps API
 * @attr {boolean} auto - open on a login's login_verify_required answer
 * @fires wps-verified - `{ value: LoginValue }`, 500 ms after the pass message (1.5 s) ended
 * @fires wps-close - closed without verifying (Cancel, Escape, backdrop, `close()`)
 * @part backdrop, dialog, content, title, explain, tabs, tab, tab-sms, tab-ga, tab-email, tab-payeeName,
 *   tab-active, panel, field, field-<name>, label, input, input-<name>, field-error, send, error,
 *   actions, button, cancel, confirm, pass, picker, trigger, flag, code (the dialling-code picker)
 * @cssprop --wps-color-primary - active tab, Send code and Confirm colour
 */
import { defineElement } from './define.tsx';
import { emit } from './emit.ts';
import type { LoginValue } from '../src/contract/endpoints.ts';
import { openTwoFactor, type Outcome, type TwoFactorDetail } from '../src/features/two-factor/model.ts';
import { closeOwn, openOwn, TwoFactorRoot } from '../src/features/two-factor/TwoFactorRoot.tsx';
import css from '../src/features/two-factor/two-factor.css';
import fieldsCss from '../src/ui/fields.css';

export type { TwoFactorDetail } from '../src/features/two-factor/model.ts';
export { openTwoFactor };

export interface TwoFactorProps {
  auto?: boolean;
}

export interface TwoFactorVerifiedDetail {
  value: LoginValue;
}

export interface TwoFactorElement extends HTMLElement {
  auto?: boolean;
  /** Opens the modal; resolves with the LoginValue, or undefined when closed without verifying. */
  open(detail: TwoFactorDetail): Promise<LoginValue | undefined>;
  /** Closes the modal without verifying (no effect once verified). */
  close(): void;
}

export const WpsTwoFactor = defineElement<TwoFactorProps>('wps-two-factor', {
  props: { auto: 'boolean' },
  css: [fieldsCss, css],
  render: (props, host) => (
    <TwoFactorRoot
      owner={host}
      auto={props.auto === true}
      onVerified={(value) => emit<TwoFactorVerifiedDetail>(host, 'wps-verified', { value })}
      onClose={() => emit(host, 'wps-close')}
    />
  ),
  methods: {
    open: {
      value(this: HTMLElement, detail: TwoFactorDetail): Promise<Outcome> {
        return openOwn(this, detail);
      },
    },
    close: {
      value(this: HTMLElement) {
        closeOwn(this);
      },
    },
  },
});
