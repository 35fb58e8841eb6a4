/**
 * Sign-in and sign-up (docs/product.md §3, §4, §5, §8): the login call for every type, the processing lock,
 * what a success stores and where it goes, the remembered login and auto login, registration, the
 * forced password change, and logout.
 */
import { track } from '../../core/tracking/track.ts';
import { pixelTrack, storedAttribution } from '../../core/tracking/attribution.ts';
import { signal } from '@preact/signals-core';
import { call, isApiError } from '../../core/api/client.ts';
import { DEFAULT_PASSWORD } from '../../contract/constants.ts';
import type { WireCode } from '../../contract/errors.ts';
import { endpoints, type LoginErrorValue, type LoginValue, type SiteInfo } from '../../contract/endpoints.ts';
import type { CaptchaFields, LoginPayload, RegisterPayload } from '../../contract/schemas.ts';
import { perform, reactionFor } from '../../core/api/errors.ts';
import { captchaRequired } from '../captcha/index.ts';
import { merchantCode, safeUrl } from '../../core/config/config.ts';
import { entriesFor, entryUrl } from '../customer-service/index.ts';
import { isFlagOn, siteStatus } from '../../core/config/siteStatus.ts';
import { currentInAppParam, currentStandalone, currentUA, nativeAppVersion, registerMethod } from '../../core/env/env.ts';
import { showNotice } from '../../core/notice/notices.ts';
import { autoLoginDisabled } from '../../core/session/autoLogin.ts';
import { deviceId } from '../../core/session/deviceId.ts';
import { storedRegistrationInfo } from '../../core/session/landing.ts';
import { loadMemberInfo } from '../../core/session/member.ts';
import {
  autoLoginAllowed,
  forgetRememberedLogin,
  readRememberedLogin,
  saveRememberedLogin,
  turnAutoLoginOff,
} from '../../core/session/rememberedLogin.ts';
import { continueToOperator, navigate, onOperatorPage } from '../../core/session/navigation.ts';
import { returnPathFrom, tokenFromQuery } from '../../core/session/routeRules.ts';
import { saveSession, session } from '../../core/session/sessionInfo.ts';
import { sessionStore, KEY_PREFIX } from '../../core/storage/storage.ts';
import { PASSWORD_CHANGE_KEY } from '../../core/session/passwordChange.ts';

/** Login processing lock (docs/product.md §4, §9): duplicate attempts are blocked until 500 ms after the last one ends. */
export const LOGIN_LOCK_MS = 500;
export const FIRST_TIME_KEY = `${KEY_PREFIX}firstTimeLogin`;
export { PASSWORD_CHANGE_KEY };

/** The username format (docs/product.md §5), the one the server checks (src/contract/credentials.ts). */
export { USERNAME_PATTERN } from '../../contract/credentials.ts';

export const loginBusy = signal(false);
export const registerBusy = signal(false);

const isOfficialAppLogin = () => nativeAppVersion(currentUA()) !== undefined;

/** Captcha result fields, as the captcha feature gives them. */
export type { CaptchaFields };

export type LoginRequest =
  | { type: 'username'; username: string; password: string; remember?: boolean; captcha?: CaptchaFields }
  | { type: 'sms'; countryDialingCode: string; mobileNum: string; verificationCode: string; remember?: boolean }
  | {
      type: 'firebase';
      firebaseChannel: string;
      firebaseIdToken: string;
      username?: string;
      password?: string;
      captcha?: CaptchaFields;
    };

export type LoginOutcome =
  | { ok: true; next: '/m/home' | '/m/changePsw'; value: LoginValue }
  /** errorValue: the refusal's value (bind_customer_required: the identity feature decides with it). */
  | { ok: false; errorCode?: WireCode; errorValue?: unknown; busy?: boolean };

/**
 * Where a successful login goes (docs/product.md §4): /m/changePsw when the server says the session
 * must change its password first (`passwordChangeRequired`), when the password is the default one, or
 * has expired and PWDEXPFORCECHANGE3 is on; never otherwise for sms or firebase logins.
 */
export function nextAfterLogin(
  type: LoginRequest['type'],
  password: string | undefined,
  value: LoginValue,
  forceChangeFlag: boolean,
) {
  // The server refuses such a session everything else (password.change.required): no way round it.
  if (value.passwordChangeRequired === true) return '/m/changePsw' as const;
  if (type !== 'username') return '/m/home' as const;
  if (password === DEFAULT_PASSWORD) return '/m/changePsw' as const;
  return value.passwordExpired && forceChangeFlag ? ('/m/changePsw' as const) : ('/m/home' as const);
}

/** Stores a successful login's session (docs/product.md §4), the first-time flag, and loads member info. */
export async function completeLogin(value: LoginValue, event: 'login' | 'register' = 'login'): Promise<void> {
  saveSession({
    id: value.id,
    token: value.token,
    merchantCode: merchantCode.value,
    userName: value.userName,
    type: value.customerType,
    firstTimeLogin: value.firstTimeLogin,
  });
  if (value.firstTimeLogin) sessionStore.set(FIRST_TIME_KEY, true);
  track(event, { customerName: value.userName, customerId: value.id });
  await loadMemberInfo().catch(() => undefined);
}

async function payloadFor(req: LoginRequest): Promise<LoginPayload> {
  const base = { merchant: merchantCode.value, loginDeviceId: await deviceId(), isOfficialAppLogin: isOfficialAppLogin() };
  switch (req.type) {
    case 'username':
      return { ...base, type: 'username', username: req.username.trim(), password: req.password, ...req.captcha };
    case 'sms':
      return {
        ...base,
        type: 'sms',
        countryDialingCode: req.countryDialingCode,
        mobileNum: req.mobileNum.trim(),
        verificationCode: req.verificationCode.trim(),
      };
    case 'firebase':
      return {
        ...base,
        type: 'firebase',
        firebaseChannel: req.firebaseChannel,
        firebaseIdToken: req.firebaseIdToken,
        username: req.username,
        password: req.password,
        ...req.captcha,
      };
  }
}

/** Handles a refused login: the reactions of docs/product.md §8 that belong to logging in. */
async function loginFailed(req: LoginRequest, err: unknown): Promise<LoginValue | undefined> {
  if (!isApiError(err)) return undefined;
  const reaction = reactionFor({ status: err.status, errorCode: err.errorCode, message: err.serverMessage, value: err.value });
  if (reaction.kind === 'twoFactor') {
    const flags = (err.value ?? {}) as LoginErrorValue;
    // The modal's code loads only for the logins that need it.
    const { openTwoFactor } = await import('../two-factor/index.ts');
    return openTwoFactor({
      // firebase: the bound member's userName comes in the answer's value when no username was sent.
      username:
        req.type === 'username'
          ? req.username.trim()
          : req.type === 'firebase'
            ? req.username || (flags as { userName?: string }).userName || ''
            : req.mobileNum,
      password: req.type === 'username' || req.type === 'firebase' ? req.password : undefined,
      firebaseIdToken: req.type === 'firebase' ? req.firebaseIdToken : undefined,
      flags,
      // Not the title: the answer speaks of IP addresses, the modal to the player (docs/product.md §2).
      message: err.serverMessage,
      route: req.type === 'firebase' ? 'identityProvider' : 'password',
    });
  }
  // bind_customer_required: the caller (identity feature) runs the bind flow with the error's value.
  if (reaction.kind === 'bind') return undefined;
  if (reaction.kind === 'forgetRememberedLogin') await forgetRememberedLogin();
  if (reaction.kind === 'autoLoginOff') turnAutoLoginOff();
  perform(
    reaction.kind === 'forgetRememberedLogin' || reaction.kind === 'autoLoginOff'
      ? { kind: 'notice', message: reaction.message, fallbackKey: 'unknown_error' }
      : reaction,
  );
  return undefined;
}

/** Logs in. One attempt at a time; failures reach the error catalogue. */
export async function login(req: LoginRequest): Promise<LoginOutcome> {
  if (loginBusy.value) return { ok: false, busy: true };
  loginBusy.value = true;
  try {
    let value: LoginValue | undefined;
    let errorCode: WireCode | undefined;
    let errorValue: unknown;
    try {
      // alert:false: the reactions are decided here, since two-factor and remembered login are ours.
      value = (await call(endpoints.login, await payloadFor(req), { alert: false, headers: { Device: 'MOBILE' } })).value;
    } catch (err) {
      errorCode = isApiError(err) ? err.errorCode : undefined;
      errorValue = isApiError(err) ? err.value : undefined;
      value = await loginFailed(req, err);
    }
    if (!value) return { ok: false, errorCode, errorValue };
    await completeLogin(value);
    if (req.type !== 'firebase' && req.remember !== undefined) await remember(req);
    const next = nextAfterLogin(
      req.type,
      req.type === 'username' ? req.password : undefined,
      value,
      isFlagOn('PWDEXPFORCECHANGE3'),
    );
    if (next === '/m/changePsw') sessionStore.set(PASSWORD_CHANGE_KEY, { forced: true });
    return { ok: true, next, value };
  } finally {
    setTimeout(() => (loginBusy.value = false), LOGIN_LOCK_MS);
  }
}

async function remember(req: Extract<LoginRequest, { type: 'username' | 'sms' }>) {
  if (!req.remember) return forgetRememberedLogin();
  await saveRememberedLogin({
    type: req.type,
    username: req.type === 'username' ? req.username.trim() : req.mobileNum.trim(),
    password: req.type === 'username' ? req.password : undefined,
    merchant: merchantCode.value,
    autoLogin: 1,
  });
}

/**
 * Auto login with the remembered login, when docs/product.md §4 allows it: as the /m page opens, and
 * as a login form mounts. Needs the site status (MOBILEAUTOLOGIN3, the captcha settings) loaded.
 * Resolves with the outcome, or undefined when it did not run.
 */
export async function tryAutoLogin(search: string): Promise<LoginOutcome | undefined> {
  const q = new URLSearchParams(search);
  const remembered = await readRememberedLogin();
  const allowed = autoLoginAllowed({
    hasToken: !!tokenFromQuery(search, location.pathname),
    hasSession: !!session.value,
    redirectOrBack: autoLoginDisabled.value || q.has('redirectUrl') || q.has('backUrl'),
    flagOn: isFlagOn('MOBILEAUTOLOGIN3'),
    merchant: merchantCode.value,
    remembered,
  });
  if (!allowed || !remembered?.password) return undefined;
  // The login captcha needs a person to solve it: no auto login then (docs/product.md §4).
  if (captchaRequired({ type: 'username', settings: siteStatus.value?.info })) return undefined;
  return login({ type: 'username', username: remembered.username, password: remembered.password, remember: true });
}

/** Sends an SMS code for login (docs/product.md §5: needs a mobile number). Resolves with the expiry (epoch ms). */
export async function sendLoginCode(
  countryDialingCode: string,
  mobileNum: string,
  captcha?: CaptchaFields,
): Promise<number | undefined> {
  if (!mobileNum.trim()) return undefined;
  const res = await call(endpoints.smsNoLogin, { countryDialingCode, mobileNum: mobileNum.trim(), ...captcha }).catch(
    () => undefined,
  );
  return res?.value?.expirationTime;
}

export type RegisterRequest =
  | { by: 'username'; username: string; password: string; captcha?: CaptchaFields & { captcha?: string } }
  | {
      by: 'mobile';
      countryDialingCode: string;
      mobileNum: string;
      password?: string;
      username?: string;
      captcha?: CaptchaFields & { captcha?: string };
    };

/** The registration payload of docs/product.md §3. */
export async function registrationPayload(req: RegisterRequest, referralCode?: string): Promise<RegisterPayload> {
  const info = storedRegistrationInfo();
  // The 90-day attribution covers a player who comes back days after the affiliate's link.
  const attribution = storedAttribution();
  const mobilePassword = siteStatus.value?.info.register.mobilePassword === true;
  return {
    registerMethod: registerMethod(currentUA(), currentStandalone(), currentInAppParam()),
    registerUrl: location.href,
    loginDeviceId: await deviceId(),
    isOfficialAppLogin: isOfficialAppLogin(),
    domain: info.originalDomain ?? attribution.originalDomain ?? location.hostname,
    referralCode: referralCode || info.referralCode || attribution.referralCode,
    affiliateCode: info.affiliateCode ?? attribution.affiliateCode,
    pixelTrack: pixelTrack(attribution),
    login: true,
    ...req.captcha,
    ...(req.by === 'username'
      ? { username: req.username.trim(), password: req.password }
      : {
          countryDialingCode: req.countryDialingCode,
          mobileNum: req.mobileNum.trim(),
          username: req.username?.trim() || undefined,
          // Without the mobile-number password option the fixed default password is used (docs/product.md §5).
          password: mobilePassword && req.password ? req.password : DEFAULT_PASSWORD,
        }),
  };
}

/**
 * Registration (POST /wps/member/register, ModuleId REG3, or /register/mobile, MOBILENUMREG3).
 * One submit at a time. Failure: the server message in an alert (docs/product.md §8); the caller clears and
 * reloads the captcha.
 */
export async function register(
  req: RegisterRequest,
  referralCode?: string,
): Promise<{ ok: true; next: '/m/home' | '/m/changePsw' } | { ok: false; errorCode?: WireCode }> {
  if (registerBusy.value) return { ok: false };
  registerBusy.value = true;
  try {
    track('registerSubmit');
    const res = await call(
      req.by === 'username' ? endpoints.register : endpoints.registerMobile,
      await registrationPayload(req, referralCode),
    );
    if (!res.value) return { ok: false };
    await completeLogin(res.value, 'register');
    // The default password (a mobile registration without the password option): a forced change,
    // whose current password is the default one (the change page says so).
    if (res.value.passwordChangeRequired !== true) return { ok: true, next: '/m/home' };
    sessionStore.set(PASSWORD_CHANGE_KEY, { forced: true, defaultPassword: true });
    return { ok: true, next: '/m/changePsw' };
  } catch (err) {
    return { ok: false, errorCode: isApiError(err) ? err.errorCode : undefined };
  } finally {
    registerBusy.value = false;
  }
}

/** A free username suggested by the server (POST /wps/member/register/autoUsername). */
export async function suggestUsername(): Promise<string | undefined> {
  const res = await call(endpoints.registerAutoUsername).catch(() => undefined);
  return res?.value?.username;
}

/** Forced or voluntary password change (POST /wps/member/password, encrypted): the current password is always needed. */
export async function changePassword(oldPassword: string, newPassword: string): Promise<boolean> {
  try {
    await call(endpoints.memberPassword, { oldPassword, newPassword });
    sessionStore.remove(PASSWORD_CHANGE_KEY);
    showNotice({ messageKey: 'change_password.success' });
    return true;
  } catch {
    return false;
  }
}

export { logout } from '../../core/session/logout.ts';

/** What "Forgot password?" opens: a customer-service entry's URL and kind. */
export interface ForgotPasswordLink {
  url: string;
  csType: string;
}

/**
 * Where "Forgot password?" leads (docs/product.md §4, "Forgotten password"): the merchant's customer
 * service, as a visitor is offered it (no VIP-only entry, no user name in the link): the entry placed
 * at LOGIN when there is one, else the first whose path gives a web URL. The operator's contract has
 * no reset call, so none is made up. Undefined when no entry gives a usable URL: no link then, rather
 * than one that ends in 'url is null'.
 */
export function forgotPasswordLink(info: SiteInfo | undefined): ForgotPasswordLink | undefined {
  const usable = entriesFor(info?.customerService, undefined, {}).flatMap((entry) => {
    const url = safeUrl(entryUrl(entry, {}));
    return url ? [{ url, csType: entry.csType, position: entry.csPosition }] : [];
  });
  const pick = usable.find((e) => e.position === 'LOGIN') ?? usable[0];
  return pick && { url: pick.url, csType: pick.csType };
}

/**
 * Where a login on the operator's /m goes (docs/product.md §4, "Where a successful login goes"): back
 * to the page that sent the player to log in (the login URL's `returnTo`, checked again: a path of
 * this site under /m only), unless the password must change first. On a merchant's page the URL is
 * the merchant's: `next` as it is.
 */
export function signInTarget(next: string, search: string = location.search): string {
  if (next !== '/m/home' || !onOperatorPage()) return next;
  return returnPathFrom(search) ?? next;
}

/**
 * Where a sign-in goes once its event was not cancelled (docs/elements.md, "Sessions on a merchant
 * page"). On the operator's own /m: to `next`. On a merchant's page the session lives on the
 * merchant's origin, so the form stays there (the page got the event and decides), unless it was
 * asked to continue to the operator: then to the operator's /m `next`, carrying the token only to
 * the operator's own origin (src/core/session/navigation.ts).
 */
export function goAfterSignIn(next: string, toOperator: boolean | undefined) {
  if (onOperatorPage()) navigate(next);
  else if (toOperator) continueToOperator(next, session.value?.token);
}
