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
 * - `auto`: the element shows the page's shared verification. The login form and the sign-in
 *   model reach it through the core two-factor bridge (src/core/session/twoFactorBridge.ts): a login
 *   answered `login_verify_required` opens it with that login's username and password. (It also
 *   answers the error catalogue's `twoFactor` reaction when a caller has set `pendingLogin`; no
 *   production code does, and the issue "The house" asks to keep one mechanism.)
 * - `openTwoFactor(detail)` (exported here and from the model) opens the page's shared verification,
 *   shown by the first `auto` element; this module's version adds a `<wps-two-factor auto>` to the
 *   body when the page has none.
 *
 * @element wps-two-factor
 * @attr {string} merchant - merchant code (Merchant header)
 * @attr {string} api-base - origin of the operator's /wps API
 * @attr {boolean} auto - open on a login's login_verify_required answer
 * @fires wps-verified - `{ value: LoginValue }`, 500 ms after the pass message (1.5 s) ended
 * @fires wps-close - closed without verifying (Cancel, Escape, backdrop, `close()`)
 * @part backdrop, dialog, content, title, explain, tabs, tab, tab-sms, tab-ga, tab-email, tab-payeeName,
 *   tab-active, panel, field, field-<name>, label, input, input-<name>, field-error, send, error,
 *   actions, button, cancel, confirm, pass
 * @cssprop --wps-color-primary - active tab, Send code and Confirm colour
 */
import { setTwoFactorHandler } from '../src/core/session/twoFactorBridge.ts';
import { useEffect } from 'react';
import { signal, type Signal } from '@preact/signals-core';
import { useSignals } from '@preact/signals-react/runtime';
import { defineElement } from './define.tsx';
import { emit } from './emit.ts';
import type { LoginValue } from '../src/core/api/endpoints.ts';
import { TwoFactorModal } from '../src/features/two-factor/TwoFactorModal.tsx';
import css from '../src/features/two-factor/two-factor.css';
import {
  attachAuto,
  openTwoFactor as openShared,
  requiredTabs,
  sharedOwner,
  sharedVerification,
  TwoFactorVerification,
  type Outcome,
  type TwoFactorDetail,
} from '../src/features/two-factor/model.ts';
import { showNotice } from '../src/core/notice/notices.ts';

export type { TwoFactorDetail } from '../src/features/two-factor/model.ts';

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

/** The verification each element opened with `open()`. */
const ownSlots = new WeakMap<HTMLElement, Signal<TwoFactorVerification | undefined>>();

function slotOf(host: HTMLElement) {
  let slot = ownSlots.get(host);
  if (!slot) ownSlots.set(host, (slot = signal<TwoFactorVerification | undefined>(undefined)));
  return slot;
}

function Bound({ verification, host }: { verification: TwoFactorVerification; host: HTMLElement }) {
  useEffect(
    () =>
      verification.onFinish((outcome: Outcome) => {
        if (outcome) emit<TwoFactorVerifiedDetail>(host, 'wps-verified', { value: outcome });
        else emit(host, 'wps-close');
      }),
    [verification, host],
  );
  return <TwoFactorModal verification={verification} />;
}

function TwoFactorRoot({ auto, host }: { auto: boolean; host: HTMLElement }) {
  useSignals();
  useEffect(() => (auto ? attachAuto(host) : undefined), [auto, host]);
  // Leaving the page closes what this element opened itself.
  useEffect(() => () => slotOf(host).peek()?.cancel(), [host]);
  const own = slotOf(host).value;
  const shared = sharedOwner.value === host ? sharedVerification.value : undefined;
  const shown = own ?? shared;
  return shown ? <Bound key={shown === own ? 'own' : 'shared'} verification={shown} host={host} /> : null;
}

export const WpsTwoFactor = defineElement<TwoFactorProps>('wps-two-factor', {
  props: { auto: 'boolean' },
  css: [css],
  render: (props, host) => <TwoFactorRoot auto={props.auto === true} host={host} />,
});

const proto = WpsTwoFactor.prototype as TwoFactorElement;
if (!Object.prototype.hasOwnProperty.call(proto, 'open')) {
  Object.defineProperties(proto, {
    open: {
      configurable: true,
      value(this: HTMLElement, detail: TwoFactorDetail): Promise<Outcome> {
        const slot = slotOf(this);
        slot.peek()?.cancel();
        if (requiredTabs(detail.flags).length === 0) {
          showNotice({ message: detail.title, messageKey: 'unknown_error' });
          return Promise.resolve(undefined);
        }
        const v = new TwoFactorVerification(detail);
        v.onFinish(() => {
          if (slot.peek() === v) slot.value = undefined;
        });
        slot.value = v;
        return v.done;
      },
    },
    close: {
      configurable: true,
      value(this: HTMLElement) {
        slotOf(this).peek()?.cancel();
        if (sharedOwner.peek() === this) sharedVerification.peek()?.cancel();
      },
    },
  });
}

/**
 * Opens the page's shared two-factor modal (the login form calls this with the login's flags and
 * message); adds a `<wps-two-factor auto>` to the body when the page has none. Resolves with the
 * LoginValue once the login completes, or undefined when closed.
 */
export function openTwoFactor(detail: TwoFactorDetail): Promise<LoginValue | undefined> {
  if (!sharedOwner.peek() && !document.querySelector('wps-two-factor[auto]')) {
    const el = document.createElement('wps-two-factor');
    el.setAttribute('auto', '');
    document.body.append(el);
  }
  return openShared(detail);
}

// A login anywhere on the page that answers login_verify_required opens this modal (core bridge).
setTwoFactorHandler((request) => openTwoFactor(request));
