/**
 * What every sign-in call shares (./signin.ts, ./register.ts): the refusal texts, the per-address
 * limits and the account's guess budget (docs/server.md "Limits"), the forced password change, and
 * the field readers.
 */
import { endpoints } from '../../src/contract/endpoints.ts';
import { DEFAULT_PASSWORD } from '../../src/contract/constants.ts';
import type { Call, Deps } from '../api/call.ts';
import { ApiError, fieldError } from '../infra/errors.ts';
import { isRecordedAddress } from './members.ts';
import { normalizeDialingCode, normalizeMobileNum } from './sms.ts';

export const MESSAGES = {
  credErr: 'Incorrect username or password',
  smsCredErr: 'Incorrect or expired verification code',
  verifyRequired: 'Your IP address is not recorded. Please complete one verification to continue.',
  tooManyLogin: 'Too many failed logins. Please try again later.',
  tooManyVerify: 'Too many failed verifications. Please try again later.',
  tooManyPassword: 'Too many wrong passwords. Please try again later.',
  tooManySms: 'Please wait before requesting another code.',
  tooManySmsIp: 'Too many codes were requested from this network. Please try again later.',
  tooManyLoginIp: 'Too many failed logins from this network. Please try again later.',
  tooManyAccount: 'Too many failed attempts on this account. Please wait a moment and try again.',
  methodNotOffered: 'This verification method is not offered.',
  tooManyRegisterIp: 'Too many accounts were created from this network. Please try again later.',
  notLinked: 'This account is not linked yet.',
  alreadyBound: 'This account is already linked to a member.',
  createDisabled: 'Creating an account with this sign-in is not offered.',
  providerUnsupported: 'Sign-in with the identity provider is not offered here.',
} as const;

export const LANGUAGE = /^[A-Z]{2}(-[A-Z]{2})?$/;

/** Counter key of a login or verification: merchant, user (lower case) and IP. */
export const attemptKey = (merchantCode: string, who: string, ip: string) => `${merchantCode}\n${who.toLowerCase()}\n${ip}`;

/** Counter key of the per-address limits: merchant and IP. */
const ipKey = (merchantCode: string, ip: string) => `${merchantCode}\n${ip}`;

/** The calls under a per-address limit, and which. */
const IP_LIMITED: ReadonlyMap<string, 'login' | 'register'> = new Map([
  [endpoints.login.path, 'login'],
  [endpoints.loginVerification.path, 'login'],
  [endpoints.register.path, 'register'],
  [endpoints.registerMobile.path, 'register'],
]);

/**
 * The per-address limits, checked by the request pipeline (server/api/pipeline.ts) before the body is
 * opened: an address over its limit is refused before any decryption, database or hashing work, so
 * a flood from it costs next to nothing (docs/server.md, "Under a flood").
 */
export async function refuseLimitedAddress(deps: Deps, merchantCode: string, path: string, ip: string): Promise<void> {
  const which = IP_LIMITED.get(path);
  if (which === 'login')
    await deps.limits.loginIp.check(ipKey(merchantCode, ip), 'TOO_MANY_REQUEST_LOGIN_IP', MESSAGES.tooManyLoginIp);
  if (which === 'register')
    await deps.limits.registerIp.check(ipKey(merchantCode, ip), 'TOO_MANY_REQUEST_REGISTER_IP', MESSAGES.tooManyRegisterIp);
}

/**
 * Runs one login or verification attempt under the address's limit: counted from its start (so a
 * burst cannot all pass the check), taken back when it succeeds, and when the credentials were right
 * but the second check is asked for (`login_verify_required` is no failed guess).
 */
export async function underAddressLimit<T>(call: Call<unknown>, attempt: () => Promise<T>): Promise<T> {
  const release = await call.deps.limits.loginIp.take(
    ipKey(call.merchant.code, call.clientIp),
    'TOO_MANY_REQUEST_LOGIN_IP',
    MESSAGES.tooManyLoginIp,
  );
  try {
    const value = await attempt();
    await release();
    return value;
  } catch (err) {
    if (err instanceof ApiError && err.errorCode === 'login_verify_required') await release();
    throw err;
  }
}

/** Counter key of an account's guess budget: merchant and user (lower case), whatever the address. */
const accountKey = (merchantCode: string, who: string) => `${merchantCode}\n${who.toLowerCase()}`;

/** The answers of a judged wrong guess: these stay on the account's books; any other refusal is taken back. */
const WRONG_GUESS = new Set(['login.cred.err', 'verification.failed', 'verification.method.unsupported']);

/**
 * Runs one attempt under the account's guess budget (docs/server.md "Limits"), whatever the address:
 * refused while the account's delay runs (except from an address recorded for the account, so an
 * attacker cannot hold the player out at home), told whether a captcha is due. A wrong guess stays
 * counted; a sign-in clears the account's failures.
 */
export async function underAccountBudget<T>(
  call: Call<unknown>,
  who: string,
  attempt: (captchaDue: boolean) => Promise<T>,
): Promise<T> {
  const { deps, merchant, clientIp } = call;
  const key = accountKey(merchant.code, who);
  const { captcha, release } = await deps.limits.account.take(key, 'TOO_MANY_REQUEST_ACCOUNT', MESSAGES.tooManyAccount, (query) =>
    isRecordedAddress({ query }, merchant.code, who, clientIp),
  );
  let value: T;
  try {
    value = await attempt(captcha);
  } catch (err) {
    if (!(err instanceof ApiError && WRONG_GUESS.has(err.errorCode))) await release();
    throw err;
  }
  await deps.limits.account.clear(key);
  return value;
}

/** Counts one registration of the address (refused over the limit) before its password is hashed. */
export async function countRegistration(call: Call<unknown>): Promise<void> {
  await call.deps.limits.registerIp.take(
    ipKey(call.merchant.code, call.clientIp),
    'TOO_MANY_REQUEST_REGISTER_IP',
    MESSAGES.tooManyRegisterIp,
  );
}

export function required<T>(value: T | undefined, field: string): T {
  if (value === undefined || value === '') throw fieldError(field, true);
  return value;
}

export function mobileOf(input: { countryDialingCode?: string; mobileNum?: string }): { dial: string; num: string } {
  const dial = normalizeDialingCode(required(input.countryDialingCode, 'countryDialingCode'));
  if (!dial) throw fieldError('countryDialingCode', false);
  const num = normalizeMobileNum(required(input.mobileNum, 'mobileNum'));
  if (!num) throw fieldError('mobileNum', false);
  return { dial, num };
}

// ---- login ----------------------------------------------------------------------------------------

/**
 * Whether a password login must change the password before anything else (docs/product.md §4): the
 * default password, or an expired one where the merchant has PWDEXPFORCECHANGE3 on.
 */
export async function forcedChange(call: Call<unknown>, password: string, expired: boolean): Promise<boolean> {
  if (password === DEFAULT_PASSWORD) return true;
  return expired && (await call.deps.state.get(call.merchant)).whitelabel.PWDEXPFORCECHANGE3 === true;
}
