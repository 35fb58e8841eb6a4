/**
 * Sign-in calls (docs/product.md §3–§5, docs/server.md "Sign-in"): login by username, SMS code or identity
 * provider token, the second check for an unrecorded IP, SMS codes. Registration and the password
 * change are in ./register.ts, the limits they share in ./guards.ts.
 *
 * What a refusal may tell: `login.cred.err` for a wrong username or password alike (after the same
 * scrypt work), `verification.failed` for any failed second check (it never says whether the
 * password or the factor was wrong), and the lockout codes `TOO_MANY_REQUEST_*` with `retryAfter`.
 */
import type { LoginErrorValue, LoginValue } from '../../src/contract/endpoints.ts';
import { TWO_FACTOR_METHOD } from '../../src/contract/constants.ts';
import type { LoginPayload, TwoFactorPayload } from '../../src/contract/schemas.ts';
import type { Call } from '../api/call.ts';
import { ApiError, fieldError } from '../infra/errors.ts';
import { verifyCaptcha } from './captcha.ts';
import { identityConfigOf, verifyIdToken, type Identity } from './identity.ts';
import {
  factorsOf,
  gaSecret,
  isKnownIp,
  linkIdentity,
  memberByIdentity,
  memberByMobile,
  memberByUsername,
  passwordExpired,
  startSession,
  type AuthMember,
} from './members.ts';
import { dummyHash, verifyPassword } from './passwords.ts';
import { consumeCode, issueCode, normalizeMobileNum, SmsDeliveryError } from './sms.ts';
import { matchTotp } from './totp.ts';
import { attemptKey, forcedChange, MESSAGES, mobileOf, required, underAccountBudget, underAddressLimit } from './guards.ts';

/** A login call of one type: the schema variant (src/contract/schemas.ts) already checked its fields. */
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
      throw new ApiError('login.cred.err', MESSAGES.credErr);
    }
    await counter.clear(key);
    const member = await then(found);
    const expired = passwordExpired(merchant, member);
    return startSession(deps.db, member, clientIp, expired, await forcedChange(call, password, expired));
  }
}

/**
 * The second check (docs/product.md §1, §4): a member who has a factor and logs in from an IP not recorded for
 * them gets `login_verify_required` with the factors they have; a member without any factor logs in.
 */
async function requireRecordedIp(call: Call<unknown>, member: AuthMember, extra: Record<string, unknown> = {}): Promise<void> {
  const factors = factorsOf(call.deps.secrets, member, call.merchant.twoFactorMethods);
  if (!Object.values(factors).some(Boolean)) return;
  if (await isKnownIp(call.deps.db, member.id, call.clientIp)) return;
  throw new ApiError('login_verify_required', MESSAGES.verifyRequired, { ...(factors satisfies LoginErrorValue), ...extra });
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
        throw new ApiError('login.cred.err', MESSAGES.smsCredErr);
      }),
    );
    await counter.clear(key);
    // Only somebody holding the phone gets this far, so telling that the number is unknown is fine.
    const member = await memberByMobile(deps.db, merchant.code, dial, num);
    if (!member) throw new ApiError('not.exists.user', 'No account uses this mobile number');
    return startSession(deps.db, member, clientIp, passwordExpired(merchant, member));
  });
}

// ---- identity provider (server/signin/identity.ts) -------------------------------------------------------

/** The identity an ID token names (`firebase.token.invalid` otherwise); `login.type.unsupported` when the merchant offers no provider. */
async function identityOf(call: Call<unknown>, token: string | undefined): Promise<Identity> {
  const { deps, merchant } = call;
  const config = identityConfigOf(merchant, await deps.state.get(merchant), deps.identity.production);
  if (!config) throw new ApiError('login.type.unsupported', MESSAGES.providerUnsupported);
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
  throw new ApiError('bind_customer_required', MESSAGES.notLinked, {
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
      throw new ApiError('verification.method.unsupported', MESSAGES.methodNotOffered);
    }
    let member: AuthMember | undefined;
    if (password) {
      const found = await memberByUsername(deps.db, merchant.code, input.username);
      const passwordOk = await verifyPassword(password, found?.password_hash ?? (await dummyHash()));
      member = passwordOk ? found : undefined;
      if (member && linked && linked.id !== member.id) throw new ApiError('firebase.already.bound', MESSAGES.alreadyBound);
    } else if (linked && (input.username === '' || input.username.toLowerCase() === linked.username.toLowerCase())) {
      member = linked;
    }
    // The factor is checked (and a code used up) only after the password (or token) was right.
    if (!member || !(await factorMatches(call, member))) {
      await counter.add(key);
      throw new ApiError('verification.failed', FAILED[input.method]);
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
  if (!deps.smsSender) throw new ApiError('sms.unavailable', 'SMS codes are not available');
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
      throw new ApiError('sms.unavailable', 'The code could not be sent. Please try again later.');
    throw err;
  }
}

// ---- registration ---------------------------------------------------------------------------------
