/**
 * Registration (docs/product.md §3, docs/server.md "Sign-in"): by username, by mobile number with an
 * SMS code, or with an identity provider's account; and the password change.
 */
import { randomBytes } from 'node:crypto';
import type { LoginValue } from '../../src/contract/endpoints.ts';
import { DEFAULT_PASSWORD } from '../../src/contract/constants.ts';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem, type PasswordProblem } from '../../src/contract/credentials.ts';
import type { RegisterPayload } from '../../src/contract/schemas.ts';
import type { Call } from '../api/call.ts';
import { deleteOtherSessions, releaseSession } from '../db/sessions.ts';
import { ApiError } from '../infra/errors.ts';
import { clock } from '../infra/limits.ts';
import { verifyCaptcha } from './captcha.ts';
import { identityConfigOf, verifyIdToken } from './identity.ts';
import {
  insertMember,
  linkIdentity,
  memberById,
  memberByIdentity,
  mobileUsernames,
  identityUsernames,
  recordIp,
  startSession,
  unusedUsername,
  USERNAME,
} from './members.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { countRegistration, LANGUAGE, MESSAGES, mobileOf, required } from './guards.ts';

function languageOf(call: Call<unknown>): string {
  const header = call.c.req.header('Language')?.toUpperCase();
  return header && LANGUAGE.test(header) ? header : 'EN';
}

/** What a refused password is told, by the part of the rule it breaks (src/contract/credentials.ts). */
const PASSWORD_REFUSED: Record<PasswordProblem, string> = {
  format: `Password: ${PASSWORD_MIN} to ${PASSWORD_MAX} characters with a letter and a digit`,
  default: 'The password cannot be the default password',
  username: 'The password cannot be the username',
};

/** The password rule for a chosen password: `usernames` are the names the account may get. */
function checkPassword(
  password: string | undefined,
  usernames: readonly string[],
  errorCode: 'register.password.invalid' | 'password.invalid' = 'register.password.invalid',
): string {
  const problem =
    password === undefined
      ? 'format'
      : (passwordProblem(password) ?? usernames.map((u) => passwordProblem(password, u)).find((p) => p !== undefined));
  if (problem) throw new ApiError(errorCode, PASSWORD_REFUSED[problem]);
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
  if (!USERNAME.test(username)) throw new ApiError('register.username.invalid', 'Username: 4 to 16 letters, digits or _');
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
    throw new ApiError('register.mobile.invalid', 'Mobile number: a dialing code and 4 to 20 digits');
  }
  if (input.username !== undefined && input.username !== '' && !USERNAME.test(input.username)) {
    throw new ApiError('register.username.invalid', 'Username: 4 to 16 letters, digits or _');
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
    throw new ApiError('firebase.create.disabled', MESSAGES.createDisabled);
  }
  const identity = await verifyIdToken(required(input.firebaseIdToken, 'firebaseIdToken'), config, {
    certs: deps.identity.certs,
  });
  if (await memberByIdentity(deps.db, merchant.code, identity.uid))
    throw new ApiError('firebase.already.bound', MESSAGES.alreadyBound);
  const given = input.username || undefined;
  if (given !== undefined && !USERNAME.test(given))
    throw new ApiError('register.username.invalid', 'Username: 4 to 16 letters, digits or _');
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
  if (!member) throw new ApiError('CUSTOMER_NOT_LOGIN', 'Please log in');
  checkPassword(input.newPassword, [member.username], 'password.invalid');
  const key = String(member.id);
  await deps.limits.password.check(key, 'TOO_MANY_REQUEST_PASSWORD', MESSAGES.tooManyPassword);
  await deps.limits.password.take(key, 'TOO_MANY_REQUEST_PASSWORD', MESSAGES.tooManyPassword);
  if (!(await verifyPassword(oldPassword, member.password_hash))) {
    throw new ApiError('password.old.invalid', 'The current password is not correct');
  }
  await deps.limits.password.clear(key);
  if (input.newPassword === oldPassword) throw new ApiError('password.same', 'The new password must differ from the current one');
  await deps.db.query('UPDATE members SET password_hash = $1, password_changed_at = $2 WHERE id = $3', [
    await hashPassword(input.newPassword),
    new Date(clock.now()).toISOString(),
    member.id,
  ]);
  await deleteOtherSessions(deps.db, member.id, token);
  await releaseSession(deps.db, token);
  return null;
}
