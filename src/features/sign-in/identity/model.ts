/**
 * Identity-provider sign-in (docs/product.md §1, §4, §5, §8): social sign-in by popup (with the Auth emulator of
 * the demo: a local chooser of made-up Google accounts, ./useDemoAccountChooser.tsx) and phone sign-in by SMS
 * code through the identity provider (./firebase.ts), then the /wps login with the provider's token,
 * and the bind flow when no member is bound to that account yet (bind_customer_required):
 *
 * | autoRegister | canCreate (FIREBASECREATEACC3) | what happens                                              |
 * |--------------|--------------------------------|-----------------------------------------------------------|
 * | on           | any                            | registers a new member with the provider token, logged in |
 * | off          | on                             | confirm: log in to an existing account, or register new   |
 * | off          | off                            | confirm: log in to an existing account only               |
 *
 * The answer's `value.autoRegister` / `value.canCreate` decide; when the server leaves them out, the
 * site status (`register.autoRegister`, whitelabel FIREBASECREATEACC3) does.
 *
 * Errors of the identity provider are shown translated by code (fallback auth/unknown) with a Code
 * and a Reason line; a cancelled popup is silent.
 */
import { call, isApiError } from '../../../core/api/client.ts';
import { endpoints, type SiteInfo } from '../../../contract/endpoints.ts';
import type { ErrorCode } from '../../../contract/errors.ts';
import { isFlagOn, siteStatus } from '../../../core/config/siteStatus.ts';
import { t } from '../../../core/i18n/i18n.ts';
import { showNotice } from '../../../core/notice/notices.ts';
import { completeLogin, login, registerBusy, registrationPayload, type CaptchaFields, type LoginOutcome } from '../model.ts';
import {
  CODE_EXPIRED,
  UNKNOWN_CODE,
  confirmPhoneCode,
  identityConfig,
  signInWithEmulatorGoogle,
  signInWithProvider,
  startPhoneSignIn,
  toIdentityError,
  type ChannelResult,
  type IdentityConfig,
  type SocialChannel,
} from './firebase.ts';
import { refusedAsPrivate } from './incognito.ts';
import type { ChooseDemoAccount } from './useDemoAccountChooser.tsx';

export { identityConfig, pendingConfirmation, type ChannelResult, type IdentityConfig } from './firebase.ts';

export const BIND_CUSTOMER_REQUIRED = 'bind_customer_required' satisfies ErrorCode;
export const NOT_SUPPORT_INCOGNITO = 'not_support_incognito';
export const IDENTITY_ERROR_NOTICE = 'identity-error';
/** The resend countdown of the phone sign-in (docs/product.md §4, §9: 60 s on the identity-provider route). */
export const PHONE_CODE_COUNTDOWN_MS = 60_000;

/** Codes the player never hears about: they closed or replaced the popup themselves. */
export const SILENT_CODES: ReadonlySet<string> = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request']);

/** Codes with their own text (`identity.error.<code>`); any other shows auth/unknown's. */
export const TRANSLATED_CODES: readonly string[] = [
  'auth/popup-blocked',
  'auth/network-request-failed',
  'auth/invalid-verification-code',
  CODE_EXPIRED,
  'auth/too-many-requests',
  'auth/invalid-phone-number',
  UNKNOWN_CODE,
];

export const identityErrorKey = (code: string) => `identity.error.${TRANSLATED_CODES.includes(code) ? code : UNKNOWN_CODE}`;

/** The notice text of docs/product.md §8: the translated message, then `Code: …` and `Reason: …` lines. */
export function identityErrorText(err: unknown): string {
  const e = toIdentityError(err);
  return [
    t(identityErrorKey(e.code)),
    t('identity.error_code', { code: e.code }),
    t('identity.error_reason', { reason: e.message }),
  ].join('\n');
}

/** Shows an identity-provider error (unless silent). Returns false when it stayed silent. */
export function reportIdentityError(err: unknown): boolean {
  const e = toIdentityError(err);
  if (SILENT_CODES.has(e.code)) return false;
  showNotice({ id: IDENTITY_ERROR_NOTICE, message: identityErrorText(e) });
  return true;
}

export type BindDecision = { kind: 'register' } | { kind: 'choose'; canCreate: boolean };

/** The bind decision table above, from the bind_customer_required value and the site status. */
export function bindDecision(value: unknown, info: Pick<SiteInfo, 'register'> | undefined, createFlag: boolean): BindDecision {
  const v = (value && typeof value === 'object' ? value : {}) as { autoRegister?: unknown; canCreate?: unknown };
  const autoRegister = typeof v.autoRegister === 'boolean' ? v.autoRegister : info?.register.autoRegister === true;
  if (autoRegister) return { kind: 'register' };
  return { kind: 'choose', canCreate: typeof v.canCreate === 'boolean' ? v.canCreate : createFlag };
}

export type IdentityOutcome =
  | { kind: 'done'; outcome: Extract<LoginOutcome, { ok: true }> }
  /** No member is bound yet: ask whether to log in to an existing account or register a new one. */
  | { kind: 'bind'; result: ChannelResult; canCreate: boolean }
  | { kind: 'failed' };

/** The /wps login with the provider token; bind_customer_required leads to the bind decision. */
export async function identityLogin(result: ChannelResult, captcha?: CaptchaFields): Promise<IdentityOutcome> {
  const outcome = await login({ type: 'firebase', firebaseChannel: result.channel, firebaseIdToken: result.idToken, captcha });
  if (outcome.ok) return { kind: 'done', outcome };
  if (outcome.errorCode !== BIND_CUSTOMER_REQUIRED) return { kind: 'failed' };
  const decision = bindDecision(outcome.errorValue, siteStatus.value?.info, isFlagOn('FIREBASECREATEACC3'));
  if (decision.kind === 'register') return registerWithProvider(result);
  return { kind: 'bind', result, canCreate: decision.canCreate };
}

/**
 * Registers a new member with the provider token (docs/product.md §3 social registration: firebaseChannel,
 * firebaseIdToken, login true) and logs in. A refusal shows the server message (error catalogue).
 */
export async function registerWithProvider(result: ChannelResult): Promise<IdentityOutcome> {
  if (registerBusy.value) return { kind: 'failed' };
  registerBusy.value = true;
  try {
    // The common fields (method, URL, device, domain, referral and affiliate codes); no username or password.
    const { username: _u, password: _p, ...base } = await registrationPayload({ by: 'username', username: '', password: '' });
    const res = await call(endpoints.register, {
      ...base,
      firebaseChannel: result.channel,
      firebaseIdToken: result.idToken,
      login: true,
    });
    if (!res.value) return { kind: 'failed' };
    await completeLogin(res.value);
    return { kind: 'done', outcome: { ok: true, next: '/m/home', value: res.value } };
  } catch (err) {
    if (!isApiError(err)) reportIdentityError(err);
    return { kind: 'failed' };
  } finally {
    registerBusy.value = false;
  }
}

/** Binds the provider account to an existing member: the firebase login with username and password. */
export async function bindExistingAccount(result: ChannelResult, username: string, password: string): Promise<IdentityOutcome> {
  const outcome = await login({
    type: 'firebase',
    firebaseChannel: result.channel,
    firebaseIdToken: result.idToken,
    username: username.trim(),
    password,
  });
  return outcome.ok ? { kind: 'done', outcome } : { kind: 'failed' };
}

/** The config of the current site status, or an error the player sees when sign-in is not offered. */
function currentConfig(): IdentityConfig {
  const config = identityConfig(siteStatus.value?.info);
  if (!config) throw toIdentityError({ code: 'auth/operation-not-allowed', message: 'Identity-provider sign-in is not offered' });
  return config;
}

export interface SocialSignInOptions {
  /**
   * The demo's account chooser (useDemoAccountChooser). Used for Google when the Auth emulator is on
   * (demo and test mode): the popup would load Google's scripts from the internet first, so a
   * made-up account signs in to the emulator directly. Production (no emulator) keeps the popup.
   */
  chooseDemoAccount?: ChooseDemoAccount;
}

/**
 * Social sign-in: refused in private browsing outside the app before any popup (docs/product.md §5), then the
 * popup (or, with the Auth emulator, the demo's account chooser); errors are reported here. Resolves
 * with the provider result, or undefined (also when the player cancelled: silent, like a closed popup).
 */
export async function socialSignIn(
  channel: SocialChannel,
  options: SocialSignInOptions = {},
): Promise<ChannelResult | undefined> {
  if (await refusedAsPrivate()) {
    showNotice({ id: IDENTITY_ERROR_NOTICE, messageKey: NOT_SUPPORT_INCOGNITO });
    return undefined;
  }
  try {
    const config = currentConfig();
    if (config.authEmulatorUrl && channel === 'google.com' && options.chooseDemoAccount) {
      const googleIdToken = await options.chooseDemoAccount();
      return googleIdToken ? await signInWithEmulatorGoogle(config, googleIdToken) : undefined;
    }
    return await signInWithProvider(config, channel);
  } catch (err) {
    reportIdentityError(err);
    return undefined;
  }
}

/** Phone number in E.164 from the dialing code and the national number ('63', '0917 123' → '+63917123'). */
export function e164(countryDialingCode: string, mobileNum: string): string {
  const dial = countryDialingCode.replace(/\D+/g, '');
  const national = mobileNum.replace(/\D+/g, '').replace(/^0+/, '');
  return `+${dial}${national}`;
}

/** Sends the phone sign-in code. Resolves true when sent (errors are reported here). */
export async function sendPhoneCode(countryDialingCode: string, mobileNum: string): Promise<boolean> {
  try {
    await startPhoneSignIn(currentConfig(), e164(countryDialingCode, mobileNum));
    return true;
  } catch (err) {
    reportIdentityError(err);
    return false;
  }
}

/** Confirms the phone sign-in code (auth/code-expired when none is pending); errors are reported here. */
export async function confirmPhone(code: string): Promise<ChannelResult | undefined> {
  try {
    return await confirmPhoneCode(code);
  } catch (err) {
    reportIdentityError(err);
    return undefined;
  }
}
