/**
 * Sign-in calls (docs/product.md §3–§5, docs/server.md "Sign-in"): login by username, SMS code or identity
 * provider token, the second check for an unrecorded IP, SMS codes, registration by username, mobile
 * number or identity provider, password change.
 *
 * What a refusal may tell: `login.cred.err` for a wrong username or password alike (after the same
 * scrypt work), `verification.failed` for any failed second check (it never says whether the
 * password or the factor was wrong), and the lockout codes `TOO_MANY_REQUEST_*` with `retryAfter`.
 */
import { randomBytes } from 'node:crypto';
import { endpoints, type LoginErrorValue, type LoginValue } from '../../src/core/api/endpoints.ts';
import { DEFAULT_PASSWORD, TWO_FACTOR_METHOD } from '../../src/core/api/constants.ts';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem, type PasswordProblem } from '../../src/core/api/credentials.ts';
import type { LoginPayload, RegisterPayload, TwoFactorPayload } from '../../src/core/api/schemas.ts';
import type { Call, Deps } from '../api/call.ts';
import { deleteOtherSessions, releaseSession } from '../db/sessions.ts';
import { ApiError, fieldError } from '../infra/errors.ts';
import { clock } from '../infra/limits.ts';
import { verifyCaptcha } from './captcha.ts';
import { identityConfigOf, verifyIdToken, type Identity } from './identity.ts';
import {
  factorsOf,
  gaSecret,
  identityUsernames,
  insertMember,
  isKnownIp,
  isRecordedAddress,
  linkIdentity,
  memberById,
  memberByIdentity,
  memberByMobile,
  memberByUsername,
  mobileUsernames,
  passwordExpired,
  recordIp,
  startSession,
  unusedUsername,
  USERNAME,
  type AuthMember,
} from './members.ts';
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts';
import { consumeCode, issueCode, normalizeDialingCode, normalizeMobileNum, SmsDeliveryError } from './sms.ts';
import { matchTotp } from './totp.ts';

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

const LANGUAGE = /^[A-Z]{2}(-[A-Z]{2})?$/;

/** Counter key of a login or verification: merchant, user (lower case) and IP. */
const attemptKey = (merchantCode: string, who: string, ip: string) => `${merchantCode}\n${who.toLowerCase()}\n${ip}`;

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
 * The per-address limits, checked by the request pipeline (server/app.ts) before the body is
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
async function underAddressLimit<T>(call: Call<unknown>, attempt: () => Promise<T>): Promise<T> {
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
async function underAccountBudget<T>(call: Call<unknown>, who: string, attempt: (captchaDue: boolean) => Promise<T>): Promise<T> {
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
async function countRegistration(call: Call<unknown>): Promise<void> {
  await call.deps.limits.registerIp.take(
    ipKey(call.merchant.code, call.clientIp),
    'TOO_MANY_REQUEST_REGISTER_IP',
    MESSAGES.tooManyRegisterIp,
  );
}

function required<T>(value: T | undefined, field: string): T {
  if (value === undefined || value === '') throw fieldError(field, true);
  return value;
}

function mobileOf(input: { countryDialingCode?: string; mobileNum?: string }): { dial: string; num: string } {
  const dial = normalizeDialingCode(required(input.countryDialingCode, 'countryDialingCode'));
  if (!dial) throw fieldError('countryDialingCode', false);
  const num = normalizeMobileNum(required(input.mobileNum, 'mobileNum'));
  if (!num) throw fieldError('mobileNum', false);
  return { dial, num };
}

// ---- login ----------------------------------------------------------------------------------------

/** A login call of one type: the schema variant (src/core/api/schemas.ts) already checked its fields. */
type LoginCall<T extends LoginPayload['type']> = Call<Extract<LoginPayload, { type: T }>>;

/** One function per login type. */
export function login(call: Call<LoginPayload>): Promise<LoginValue> {
  const { input } = call;
  switch (input.type) {
    case 'username':
      return passwordLogin({ ...call, input });
    case 'sms':
      return smsLogin({ ...call, input });
    case 'firebase':
      return firebaseLogin({ ...call, input });
  }
}

/**
 * docs/product.md §5: a login captcha is required unless the type is sms (or firebase with a username), and
 * only when the captcha setting for login, sms or register is on; or when the account has had a few
 * failed guesses (`captchaDue`, docs/server.md "Limits") and the merchant has a captcha id.
 */
async function captchaNeeded(call: Call<unknown>, captchaDue = false): Promise<boolean> {
  if (captchaDue && call.merchant.info.gw.GEETEST_ID) return true;
  const s = await call.deps.state.get(call.merchant);
  return s.loginCaptcha || s.smsCaptcha || s.registerCaptcha;
}

async function passwordLogin(call: LoginCall<'username'>): Promise<LoginValue> {
  const { input } = call;
  // Locked out: refused before the captcha is used up (the lockout check comes first).
  return withPassword(
    call,
    input.username,
    input.password,
    async (member) => {
      await requireRecordedIp(call, member);
      return member;
    },
    async (captchaDue) => {
      if (await captchaNeeded(call, captchaDue)) await verifyCaptcha(call.deps, call.merchant, input);
    },
  );
}

/**
 * A password check under the login lockout, then `then` with the member and a new session: the
 * attempts on one username + IP run one after another, refused while locked out, and only a wrong
 * password counts (unknown user or wrong password: same scrypt work, same `login.cred.err`).
 * `before` runs after the lockout checks and before the password (the captcha; `captchaDue`: the
 * account's guess budget asks for one).
 */
async function withPassword(
  call: Call<unknown>,
  username: string,
  password: string,
  then: (member: AuthMember) => Promise<AuthMember>,
  before?: (captchaDue: boolean) => Promise<void>,
): Promise<LoginValue> {
  const { deps, merchant, clientIp } = call;
  const key = attemptKey(merchant.code, username, clientIp);
  const counter = deps.limits.login;
  return counter.serial(key, async () => {
    await counter.check(key, 'TOO_MANY_REQUEST_LOGIN', MESSAGES.tooManyLogin);
    return underAddressLimit(call, () => underAccountBudget(call, username, passwordAttempt));
  });
  async function passwordAttempt(captchaDue: boolean) {
    await before?.(captchaDue);
    const found = await memberByUsername(deps.db, merchant.code, username);
    const ok = await verifyPassword(password, found?.password_hash ?? (await dummyHash()));
    if (!found || !ok) {
      await counter.add(key);
      throw new ApiError(400, 'login.cred.err', MESSAGES.credErr);
    }
    await counter.clear(key);
    const member = await then(found);
    const expired = passwordExpired(merchant, member);
    return startSession(deps.db, member, clientIp, expired, await forcedChange(call, password, expired));
  }
}

/**
 * Whether a password login must change the password before anything else (docs/product.md §4): the
 * default password, or an expired one where the merchant has PWDEXPFORCECHANGE3 on.
 */
async function forcedChange(call: Call<unknown>, password: string, expired: boolean): Promise<boolean> {
  if (password === DEFAULT_PASSWORD) return true;
  return expired && (await call.deps.state.get(call.merchant)).whitelabel.PWDEXPFORCECHANGE3 === true;
}

/**
 * The second check (docs/product.md §1, §4): a member who has a factor and logs in from an IP not recorded for
 * them gets `login_verify_required` with the factors they have; a member without any factor logs in.
 */
async function requireRecordedIp(call: Call<unknown>, member: AuthMember, extra: Record<string, unknown> = {}): Promise<void> {
  const factors = factorsOf(call.deps.secrets, member, call.merchant.twoFactorMethods);
  if (!Object.values(factors).some(Boolean)) return;
  if (await isKnownIp(call.deps.db, member.id, call.clientIp)) return;
  throw new ApiError(400, 'login_verify_required', MESSAGES.verifyRequired, { ...(factors satisfies LoginErrorValue), ...extra });
}

/** Login with a code from /wps/verification/sms/noLogin; the code itself is the second factor. */
async function smsLogin(call: LoginCall<'sms'>): Promise<LoginValue> {
  const { deps, merchant, input, clientIp } = call;
  const { dial, num } = mobileOf(input);
  const code = input.verificationCode;
  const key = attemptKey(merchant.code, `sms:${dial}${num}`, clientIp);
  const counter = deps.limits.login;
  return counter.serial(key, async () => {
    await counter.check(key, 'TOO_MANY_REQUEST_LOGIN', MESSAGES.tooManyLogin);
    await underAddressLimit(call, () =>
      underAccountBudget(call, `sms:${dial}${num}`, async () => {
        if (await consumeCode(deps.db, deps.secrets, merchant.code, dial, num, code)) return;
        await counter.add(key);
        throw new ApiError(400, 'login.cred.err', MESSAGES.smsCredErr);
      }),
    );
    await counter.clear(key);
    // Only somebody holding the phone gets this far, so telling that the number is unknown is fine.
    const member = await memberByMobile(deps.db, merchant.code, dial, num);
    if (!member) throw new ApiError(400, 'not.exists.user', 'No account uses this mobile number');
    return startSession(deps.db, member, clientIp, passwordExpired(merchant, member));
  });
}

// ---- identity provider (server/signin/identity.ts) -------------------------------------------------------

/** The identity an ID token names (`firebase.token.invalid` otherwise); `login.type.unsupported` when the merchant offers no provider. */
async function identityOf(call: Call<unknown>, token: string | undefined): Promise<Identity> {
  const { deps, merchant } = call;
  const config = identityConfigOf(merchant, await deps.state.get(merchant), deps.identity.production);
  if (!config) throw new ApiError(400, 'login.type.unsupported', MESSAGES.providerUnsupported);
  return verifyIdToken(required(token, 'firebaseIdToken'), config, { certs: deps.identity.certs });
}

/**
 * Login with an identity provider ID token. No captcha: the token is the proof (docs/product.md §5 asks the
 * client for none when a username comes along; without one the server does not ask either).
 * - linked to a member: that member logs in (the second check for an unrecorded IP applies; its
 *   `value` then also carries `userName`, which the verification call may send with the token);
 * - not linked, with `username` + `password`: "log in to an existing account" (see bindAndLogin);
 * - not linked, without: `bind_customer_required` with what the client needs to choose.
 */
async function firebaseLogin(call: LoginCall<'firebase'>): Promise<LoginValue> {
  const { deps, merchant, input, clientIp } = call;
  const identity = await identityOf(call, input.firebaseIdToken);
  const linked = await memberByIdentity(deps.db, merchant.code, identity.uid);
  if (linked) {
    await requireRecordedIp(call, linked, { userName: linked.username });
    // Never "expired" (docs/product.md §4: no password change after an identity provider login).
    return startSession(deps.db, linked, clientIp, false);
  }
  if (input.username || input.password) return bindAndLogin(call, identity);
  const state = await deps.state.get(merchant);
  throw new ApiError(400, 'bind_customer_required', MESSAGES.notLinked, {
    channel: identity.channel,
    ...(identity.email ? { email: identity.email } : {}),
    ...(identity.phoneNumber ? { phoneNumber: identity.phoneNumber } : {}),
    autoRegister: state.autoRegister,
    canCreate: state.autoRegister || state.whitelabel.FIREBASECREATEACC3 === true,
  });
}

/**
 * Links the provider account to the member whose username and password came along, then logs in.
 * The password is checked as in a username login (same counters, `login.cred.err`). The link is
 * made only once the second check is passed: a `login_verify_required` here links nothing, and the
 * verification call links it when it carries the `firebaseIdToken` too.
 */
async function bindAndLogin(call: LoginCall<'firebase'>, identity: Identity): Promise<LoginValue> {
  const username = required(call.input.username, 'username');
  const password = required(call.input.password, 'password');
  return withPassword(call, username, password, async (member) => {
    await requireRecordedIp(call, member);
    await linkIdentity(call.deps.db, call.merchant.code, member.id, identity);
    return member;
  });
}

// ---- two-factor verification ---------------------------------------------------------------------

const FAILED: Record<TwoFactorPayload['method'], string> = {
  E: 'Verification failed. Please check the email address and try again.',
  P: 'Verification failed. Please check the real name and try again.',
  G: 'Verification failed. Please check the authenticator code and try again.',
  S: 'Verification failed. Please check the mobile number and the verification code and try again.',
};

/** Case, surrounding and repeated white space do not matter (emails and real names). */
const loose = (s: string | null | undefined) => (s ?? '').normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The second check. Who it is: `username` + `password`, or an identity provider `firebaseIdToken`
 * in place of the password (the token must be linked to a member; `username` may then be empty,
 * else it must be that member's). With both a password and a token not linked yet (the "log in to
 * an existing account" case), the token is linked to the member once the check passed.
 */
export async function verifyLogin(call: Call<TwoFactorPayload>): Promise<LoginValue> {
  const { deps, merchant, input, clientIp } = call;
  const password = input.password || undefined;
  const token = input.firebaseIdToken || undefined;
  if (!password && !token) throw fieldError('password', true);
  const identity = token ? await identityOf(call, token) : undefined;
  const linked = identity ? await memberByIdentity(deps.db, merchant.code, identity.uid) : undefined;
  const who = password ? input.username : (linked?.username ?? `firebase:${identity!.uid}`);
  const key = attemptKey(merchant.code, who, clientIp);
  const counter = deps.limits.verify;
  return counter.serial(key, async () => {
    await counter.check(key, 'TOO_MANY_REQUEST_VERIFY', MESSAGES.tooManyVerify);
    return underAddressLimit(call, () => underAccountBudget(call, who, () => verificationAttempt()));
  });
  async function verificationAttempt() {
    // A method the merchant does not offer (by default the knowledge checks E and P) is refused
    // before anything is checked, and costs a guess like a wrong answer.
    if (!merchant.twoFactorMethods.includes(input.method)) {
      await counter.add(key);
      throw new ApiError(400, 'verification.method.unsupported', MESSAGES.methodNotOffered);
    }
    let member: AuthMember | undefined;
    if (password) {
      const found = await memberByUsername(deps.db, merchant.code, input.username);
      const passwordOk = await verifyPassword(password, found?.password_hash ?? (await dummyHash()));
      member = passwordOk ? found : undefined;
      if (member && linked && linked.id !== member.id) throw new ApiError(400, 'firebase.already.bound', MESSAGES.alreadyBound);
    } else if (linked && (input.username === '' || input.username.toLowerCase() === linked.username.toLowerCase())) {
      member = linked;
    }
    // The factor is checked (and a code used up) only after the password (or token) was right.
    if (!member || !(await factorMatches(call, member))) {
      await counter.add(key);
      throw new ApiError(400, 'verification.failed', FAILED[input.method]);
    }
    await counter.clear(key);
    await deps.limits.login.clear(key);
    if (identity && !linked) await linkIdentity(deps.db, merchant.code, member.id, identity);
    const expired = password ? passwordExpired(merchant, member) : false;
    return startSession(deps.db, member, clientIp, expired, password ? await forcedChange(call, password, expired) : false);
  }
}

async function factorMatches({ deps, merchant, input }: Call<TwoFactorPayload>, member: AuthMember): Promise<boolean> {
  switch (input.method) {
    case TWO_FACTOR_METHOD.email:
      return Boolean(member.email) && loose(input.email) === loose(member.email);
    case TWO_FACTOR_METHOD.payeeName:
      return Boolean(member.payee_name) && loose(input.payeeName) === loose(member.payee_name);
    case TWO_FACTOR_METHOD.ga: {
      const secret = gaSecret(deps.secrets, member);
      const step = secret && matchTotp(secret, (input.authCode ?? '').trim());
      if (step === undefined || !secret) return false;
      // A code works once: only a step after the last one used is taken (one statement, race-free).
      const { rows } = await deps.db.query(
        `UPDATE members SET ga_last_step = $2 WHERE id = $1 AND (ga_last_step IS NULL OR ga_last_step < $2) RETURNING 1`,
        [member.id, step],
      );
      return rows.length > 0;
    }
    case TWO_FACTOR_METHOD.sms: {
      if (!member.mobile_num || !member.country_dialing_code) return false;
      if (normalizeMobileNum(input.mobileNum ?? '') !== member.mobile_num) return false;
      const code = (input.verificationCode ?? '').trim();
      return consumeCode(deps.db, deps.secrets, merchant.code, member.country_dialing_code, member.mobile_num, code);
    }
  }
}

// ---- SMS codes ------------------------------------------------------------------------------------

export async function sendSmsCode(
  call: Call<{
    countryDialingCode: string;
    mobileNum: string;
    geetestValidateV4?: string;
    geetestChallenge?: string;
    geetestSeccode?: string;
  }>,
): Promise<{ expirationTime: number }> {
  const { deps, merchant, input, clientIp } = call;
  const { dial, num } = mobileOf(input);
  if (!deps.smsSender) throw new ApiError(503, 'sms.unavailable', 'SMS codes are not available');
  const numberKey = `${merchant.code}\n${dial}\n${num}`;
  await deps.limits.smsNumber.check(numberKey, 'TOO_MANY_REQUEST_SMS', MESSAGES.tooManySms);
  await deps.limits.smsIp.check(clientIp, 'TOO_MANY_REQUEST_SMS_IP', MESSAGES.tooManySmsIp);
  if ((await deps.state.get(merchant)).smsCaptcha) await verifyCaptcha(deps, merchant, input, { v4Only: true });
  const releaseNumber = await deps.limits.smsNumber.take(numberKey, 'TOO_MANY_REQUEST_SMS', MESSAGES.tooManySms);
  let releaseIp: () => Promise<void>;
  try {
    releaseIp = await deps.limits.smsIp.take(clientIp, 'TOO_MANY_REQUEST_SMS_IP', MESSAGES.tooManySmsIp);
  } catch (err) {
    await releaseNumber();
    throw err;
  }
  try {
    return { expirationTime: await issueCode(deps.db, deps.secrets, deps.smsSender, merchant.code, dial, num) };
  } catch (err) {
    await releaseNumber();
    await releaseIp();
    if (err instanceof SmsDeliveryError)
      throw new ApiError(503, 'sms.unavailable', 'The code could not be sent. Please try again later.');
    throw err;
  }
}

// ---- registration ---------------------------------------------------------------------------------

function languageOf(call: Call<unknown>): string {
  const header = call.c.req.header('Language')?.toUpperCase();
  return header && LANGUAGE.test(header) ? header : 'EN';
}

/** What a refused password is told, by the part of the rule it breaks (src/core/api/credentials.ts). */
const PASSWORD_REFUSED: Record<PasswordProblem, string> = {
  format: `Password: ${PASSWORD_MIN} to ${PASSWORD_MAX} characters with a letter and a digit`,
  default: 'The password cannot be the default password',
  username: 'The password cannot be the username',
};

/** The password rule for a chosen password: `usernames` are the names the account may get. */
function checkPassword(
  password: string | undefined,
  usernames: readonly string[],
  errorCode = 'register.password.invalid',
): string {
  const problem =
    password === undefined
      ? 'format'
      : (passwordProblem(password) ?? usernames.map((u) => passwordProblem(password, u)).find((p) => p !== undefined));
  if (problem) throw new ApiError(400, errorCode, PASSWORD_REFUSED[problem]);
  return password!;
}

async function registrationCaptcha(call: Call<RegisterPayload>): Promise<void> {
  if ((await call.deps.state.get(call.merchant)).registerCaptcha) await verifyCaptcha(call.deps, call.merchant, call.input);
}

const attribution = (input: RegisterPayload) => ({
  referralCode: input.referralCode,
  affiliateCode: input.affiliateCode,
  registerMethod: input.registerMethod,
  domain: input.domain,
});

/**
 * The member registered from this IP (recorded, so a later login from it needs no second check).
 * `defaultPassword`: registered with the published default password, so the session is a forced
 * change (a login with it is one too, see forcedChange).
 */
async function registered(
  call: Call<RegisterPayload>,
  id: number,
  username: string,
  defaultPassword = false,
): Promise<LoginValue> {
  const member = { id, username, type: 0 };
  if (call.input.login === true) return startSession(call.deps.db, member, call.clientIp, false, defaultPassword);
  await recordIp(call.deps.db, id, call.clientIp);
  // Without `login: true` no session is opened, so there is no token to give (see docs/server.md).
  return {
    id,
    userName: username,
    customerType: 0,
    firstTimeLogin: false,
    passwordExpired: false,
    passwordChangeRequired: false,
  } as LoginValue;
}

export async function registerByUsername(call: Call<RegisterPayload>): Promise<LoginValue> {
  const username = call.input.username ?? '';
  if (!USERNAME.test(username)) throw new ApiError(400, 'register.username.invalid', 'Username: 4 to 16 letters, digits or _');
  const password = checkPassword(call.input.password, [username]);
  await registrationCaptcha(call);
  await countRegistration(call);
  const id = await insertMember(call.deps.db, {
    merchantCode: call.merchant.code,
    username,
    passwordHash: await hashPassword(password),
    language: languageOf(call),
    ...attribution(call.input),
  });
  return registered(call, id, username);
}

/**
 * Registration by mobile number (ModuleId MOBILENUMREG3): no SMS code (docs/product.md §3, registration payload: none is asked for);
 * the password is the one given (the client sends DEFAULT_PASSWORD when the mobile-password option
 * is off: the session is then a forced change; with the option on the player chose it, and the
 * default password is refused like any other breach of the rule); the username is the one given or
 * `m` + the number's last digits.
 */
export async function registerByMobile(call: Call<RegisterPayload>): Promise<LoginValue> {
  const { input } = call;
  let dial: string, num: string;
  try {
    ({ dial, num } = mobileOf(input));
  } catch {
    throw new ApiError(400, 'register.mobile.invalid', 'Mobile number: a dialing code and 4 to 20 digits');
  }
  if (input.username !== undefined && input.username !== '' && !USERNAME.test(input.username)) {
    throw new ApiError(400, 'register.username.invalid', 'Username: 4 to 16 letters, digits or _');
  }
  const names = input.username ? [input.username] : mobileUsernames(num);
  const defaultPassword = input.password === DEFAULT_PASSWORD && !(await call.deps.state.get(call.merchant)).mobilePassword;
  const password = defaultPassword ? DEFAULT_PASSWORD : checkPassword(input.password, names);
  await registrationCaptcha(call);
  await countRegistration(call);
  const passwordHash = await hashPassword(password);
  for (const [i, username] of names.entries()) {
    try {
      const id = await insertMember(call.deps.db, {
        merchantCode: call.merchant.code,
        username,
        passwordHash,
        language: languageOf(call),
        countryDialingCode: dial,
        mobileNum: num,
        ...attribution(input),
      });
      return registered(call, id, username, defaultPassword);
    } catch (err) {
      // A generated name that is taken: the next one. The mobile number taken: refused at once.
      const last = i === names.length - 1 || Boolean(input.username);
      if (!(err instanceof ApiError && err.errorCode === 'register.username.exists') || last) throw err;
    }
  }
  throw new Error('unreachable');
}

/**
 * Registration with the identity provider (`firebaseIdToken` on POST /wps/member/register): only
 * when the merchant offers the provider and auto-register or FIREBASECREATEACC3 is on
 * (`firebase.create.disabled`); no captcha (the token is the proof). The username is the given one
 * or made from the email or phone number; the password the given one, or a random one nobody knows
 * (the member signs in with the provider). The account is linked; `firebase.already.bound` when it
 * was already.
 */
export async function registerByIdentity(call: Call<RegisterPayload>): Promise<LoginValue> {
  const { deps, merchant, input } = call;
  const state = await deps.state.get(merchant);
  const config = identityConfigOf(merchant, state, deps.identity.production);
  if (!config || !(state.autoRegister || state.whitelabel.FIREBASECREATEACC3 === true)) {
    throw new ApiError(400, 'firebase.create.disabled', MESSAGES.createDisabled);
  }
  const identity = await verifyIdToken(required(input.firebaseIdToken, 'firebaseIdToken'), config, {
    certs: deps.identity.certs,
  });
  if (await memberByIdentity(deps.db, merchant.code, identity.uid))
    throw new ApiError(400, 'firebase.already.bound', MESSAGES.alreadyBound);
  const given = input.username || undefined;
  if (given !== undefined && !USERNAME.test(given))
    throw new ApiError(400, 'register.username.invalid', 'Username: 4 to 16 letters, digits or _');
  const passwordHash = await hashPassword(
    input.password ? checkPassword(input.password, given ? [given] : []) : randomBytes(24).toString('base64url'),
  );
  const names = given ? [given] : [...identityUsernames(identity), await unusedUsername(deps.db, merchant.code)];
  for (const [i, username] of names.entries()) {
    let id: number;
    try {
      id = await insertMember(deps.db, {
        merchantCode: merchant.code,
        username,
        passwordHash,
        language: languageOf(call),
        ...attribution(input),
      });
    } catch (err) {
      // A generated name that is taken: the next one.
      const last = i === names.length - 1 || given !== undefined;
      if (!(err instanceof ApiError && err.errorCode === 'register.username.exists') || last) throw err;
      continue;
    }
    try {
      await linkIdentity(deps.db, merchant.code, id, identity);
    } catch (err) {
      // Linked meanwhile by another request: this member is not wanted.
      await deps.db.query('DELETE FROM members WHERE id = $1', [id]);
      throw err;
    }
    return registered(call, id, username);
  }
  throw new Error('unreachable');
}

// ---- password change ------------------------------------------------------------------------------

/**
 * `{ oldPassword, newPassword }` (POST /wps/member/password). The current password is always
 * needed, also when it is DEFAULT_PASSWORD (the player was told it) or has expired (the player knows
 * it): a session alone, borrowed or stolen, cannot take the account over. The new one follows the
 * password rule with the member's username. Success sets the new hash and password_changed_at (so
 * passwordExpired is false again) and ends the member's other sessions.
 */
export async function changePassword(
  call: Call<{ oldPassword?: string; newPassword: string }>,
  memberId: number,
  token: string,
): Promise<null> {
  const { deps, input } = call;
  const oldPassword = required(input.oldPassword, 'oldPassword');
  const member = await memberById(deps.db, memberId);
  if (!member) throw new ApiError(401, 'CUSTOMER_NOT_LOGIN', 'Please log in');
  checkPassword(input.newPassword, [member.username], 'password.invalid');
  const key = String(member.id);
  await deps.limits.password.check(key, 'TOO_MANY_REQUEST_PASSWORD', MESSAGES.tooManyPassword);
  await deps.limits.password.take(key, 'TOO_MANY_REQUEST_PASSWORD', MESSAGES.tooManyPassword);
  if (!(await verifyPassword(oldPassword, member.password_hash))) {
    throw new ApiError(400, 'password.old.invalid', 'The current password is not correct');
  }
  await deps.limits.password.clear(key);
  if (input.newPassword === oldPassword)
    throw new ApiError(400, 'password.same', 'The new password must differ from the current one');
  await deps.db.query('UPDATE members SET password_hash = $1, password_changed_at = $2 WHERE id = $3', [
    await hashPassword(input.newPassword),
    new Date(clock.now()).toISOString(),
    member.id,
  ]);
  await deleteOtherSessions(deps.db, member.id, token);
  await releaseSession(deps.db, token);
  return null;
}
