/**
 * Two-factor verification rules (docs/product.md §2, §3, §4, §5, §8, §9): the tabs, the fields and
 * their validation, the two calls and their payloads, the error texts. No state here: the open
 * verification's state is the model's (./model.ts).
 */
import { call, isApiError } from '../../core/api/client.ts';
import { TWO_FACTOR_METHOD } from '../../contract/constants.ts';
import { endpoints, type LoginErrorValue, type LoginValue } from '../../contract/endpoints.ts';
import type { TwoFactorPayload } from '../../contract/schemas.ts';
import { resendEnd } from '../../ui/countdown.ts';

/** The pass message shows this long (docs/product.md §9: 1.5 s) ... */
export const PASS_MESSAGE_MS = 1500;
/** ... then the login completes this much later (docs/product.md §9: 500 ms). */
export const COMPLETE_DELAY_MS = 500;
/** Send-code countdown on the identity-provider route (docs/product.md §4, §9). */
export const IDP_COUNTDOWN_MS = 60_000;
/** Countdown when the send-code answer has no usable `expirationTime` (same as the identity-provider route). */
export const DEFAULT_COUNTDOWN_MS = 60_000;
/** An authenticator (GA) code: 6 digits. */
export const AUTH_CODE_PATTERN = /^\d{6}$/;
/** A basic email shape: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type TwoFactorMethod = 'sms' | 'ga' | 'email' | 'payeeName';
/** Tab order (docs/product.md §2). */
export const TAB_ORDER: readonly TwoFactorMethod[] = ['sms', 'ga', 'email', 'payeeName'];
export type TwoFactorRoute = 'password' | 'identityProvider';
export type TwoFactorFlags = Record<TwoFactorMethod, boolean>;

/** What opens a verification. */
export interface TwoFactorDetail {
  username: string;
  password?: string;
  /** The `value` of the login_verify_required answer: which methods are required. */
  flags: LoginErrorValue;
  /**
   * A title of the caller's own (a merchant's page); else the catalogue's. The login answer's
   * message is not one: it speaks of IP addresses, the modal speaks to the player (docs/product.md §2).
   */
  title?: string;
  /** The login answer's message: shown as a notice when no method is required (nothing to verify). */
  message?: string;
  firebaseIdToken?: string;
  /** 'identityProvider' for a social / phone login through the identity provider. Default 'password'. */
  route?: TwoFactorRoute;
  /** Prefill of the sms tab; else the merchant's default dialling code (GET /wps/system/country). */
  countryDialingCode?: string;
  mobileNum?: string;
}

/** The state of an open verification. */
export interface TwoFactorState {
  username: string;
  password?: string;
  flags: TwoFactorFlags;
  title?: string;
  firebaseIdToken?: string;
  route: TwoFactorRoute;
}

export function toFlags(value: unknown): TwoFactorFlags {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return { sms: v.sms === true, ga: v.ga === true, email: v.email === true, payeeName: v.payeeName === true };
}

export function toState(detail: TwoFactorDetail): TwoFactorState {
  return {
    username: detail.username,
    password: detail.password,
    flags: toFlags(detail.flags),
    title: detail.title || undefined,
    firebaseIdToken: detail.firebaseIdToken || undefined,
    route: detail.route === 'identityProvider' ? 'identityProvider' : 'password',
  };
}

/** The tabs to show: the required methods, in TAB_ORDER. */
export function requiredTabs(flags: LoginErrorValue): TwoFactorMethod[] {
  const f = toFlags(flags);
  return TAB_ORDER.filter((m) => f[m]);
}

/** The tab active on open: the first required method. */
export function defaultTab(flags: LoginErrorValue): TwoFactorMethod | undefined {
  return requiredTabs(flags)[0];
}

export type FieldName = 'countryDialingCode' | 'mobileNum' | 'verificationCode' | 'authCode' | 'email' | 'payeeName';
export type Fields = Record<FieldName, string>;
export const EMPTY_FIELDS: Fields = {
  countryDialingCode: '',
  mobileNum: '',
  verificationCode: '',
  authCode: '',
  email: '',
  payeeName: '',
};

/** The fields each method sends (and validates, in this order). */
export const FIELDS_OF: Record<TwoFactorMethod, readonly FieldName[]> = {
  sms: ['mobileNum', 'verificationCode'],
  ga: ['authCode'],
  email: ['email'],
  payeeName: ['payeeName'],
};

/** Cleared after a refused verification (docs/product.md §8); the mobile number and the name stay. */
export const CLEARED_ON_ERROR: readonly FieldName[] = ['email', 'authCode', 'verificationCode'];

export interface Invalid {
  field: FieldName;
  reason: 'required' | 'format';
}
export type Validation = { ok: true; values: Partial<Fields> } | ({ ok: false } & Invalid);

const FORMATS: Partial<Record<FieldName, RegExp>> = { email: EMAIL_PATTERN, authCode: AUTH_CODE_PATTERN };

function check(names: readonly FieldName[], fields: Partial<Fields>): Validation {
  const values: Partial<Fields> = {};
  for (const field of names) {
    const value = (fields[field] ?? '').trim();
    if (!value) return { ok: false, field, reason: 'required' };
    if (FORMATS[field] && !FORMATS[field].test(value)) return { ok: false, field, reason: 'format' };
    values[field] = value;
  }
  return { ok: true, values };
}

/** docs/product.md §5: the method's fields, trimmed; the first empty or malformed one is reported. */
export function validate(method: TwoFactorMethod, fields: Partial<Fields>): Validation {
  return check(FIELDS_OF[method], fields);
}

/** docs/product.md §5: sending a code needs a mobile number (and a dialling code to send it to). */
export function validateSendCode(fields: Partial<Fields>): Validation {
  return check(['countryDialingCode', 'mobileNum'], fields);
}

/** The body of POST /wps/session/login/verification (docs/product.md §3). `values` are validated and trimmed. */
export function verificationPayload(state: TwoFactorState, method: TwoFactorMethod, values: Partial<Fields>): TwoFactorPayload {
  const payload: TwoFactorPayload = { username: state.username, method: TWO_FACTOR_METHOD[method] };
  if (state.password !== undefined) payload.password = state.password;
  for (const field of FIELDS_OF[method]) payload[field as Exclude<FieldName, 'countryDialingCode'>] = values[field];
  if (state.firebaseIdToken) payload.firebaseIdToken = state.firebaseIdToken;
  return payload;
}

/**
 * Sends an sms code (POST /wps/verification/sms/noLogin) and gives the end of the countdown (epoch
 * ms): the answer's `expirationTime`, or 60 s from now on the identity-provider route (or when the
 * answer has no expiry in the future). Rejects with the ApiError of a refusal (no alert).
 */
export async function sendCode(
  countryDialingCode: string,
  mobileNum: string,
  route: TwoFactorRoute = 'password',
): Promise<number> {
  const res = await call(endpoints.smsNoLogin, { countryDialingCode, mobileNum }, { alert: false });
  const now = Date.now();
  if (route === 'identityProvider') return now + IDP_COUNTDOWN_MS;
  // Never longer than the code's validity (docs/product.md §9).
  return resendEnd(res.value?.expirationTime, now, DEFAULT_COUNTDOWN_MS);
}

/** Verifies one method. Resolves with the LoginValue; rejects with the ApiError (no alert: the modal shows it). */
export async function verify(state: TwoFactorState, method: TwoFactorMethod, values: Partial<Fields>): Promise<LoginValue> {
  const res = await call(endpoints.loginVerification, verificationPayload(state, method, values), { alert: false });
  return res.value as LoginValue;
}

/** A message for the modal: the server's text, else an i18n key. */
export interface ErrorText {
  message?: string;
  key: string;
}

export function errorText(err: unknown): ErrorText {
  if (isApiError(err)) {
    if (err.serverMessage) return { message: err.serverMessage, key: 'unknown_error' };
    if (err.errorCode === 'ECONNABORTED') return { key: 'timeout_retry_please' };
    if (err.errorCode === 'network.error') return { key: 'network.unstable' };
  }
  return { key: 'unknown_error' };
}

export type Outcome = LoginValue | undefined;
