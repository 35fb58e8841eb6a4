/**
 * Sign-in and sign-up by username and password (SPEC §3, §4): the login and registration calls,
 * what a success stores, and logout. The sign-in issue extends this with SMS, identity provider,
 * two-factor, captcha and remembered login.
 */
import { signal } from '@preact/signals-core';
import { call } from '../../core/api/client.ts';
import type { LoginValue } from '../../core/api/endpoints.ts';
import { merchantCode } from '../../core/config/config.ts';
import { currentInAppParam, currentStandalone, currentUA, nativeAppVersion, registerMethod } from '../../core/env/env.ts';
import { deviceId } from '../../core/session/deviceId.ts';
import { clearSession, saveSession, session } from '../../core/session/sessionInfo.ts';
import { loadMemberInfo } from '../../core/session/member.ts';
import { sessionStore, KEY_PREFIX } from '../../core/storage/storage.ts';
import { storedRegistrationInfo } from '../../core/session/landing.ts';

/** Login processing lock (SPEC §4, §9): duplicate attempts are blocked until 500 ms after the last one ends. */
export const LOGIN_LOCK_MS = 500;
export const FIRST_TIME_KEY = `${KEY_PREFIX}firstTimeLogin`;

export const loginBusy = signal(false);
export const registerBusy = signal(false);

const isOfficialAppLogin = () => nativeAppVersion(currentUA()) !== undefined;

/** Stores a successful login's session (SPEC §4), the first-time flag, and loads member info. */
export async function completeLogin(value: LoginValue): Promise<void> {
  saveSession({
    id: value.id,
    token: value.token,
    merchantCode: merchantCode.value,
    userName: value.userName,
    type: value.customerType,
    firstTimeLogin: value.firstTimeLogin,
  });
  if (value.firstTimeLogin) sessionStore.set(FIRST_TIME_KEY, true);
  await loadMemberInfo().catch(() => undefined);
}

/** Username and password login. Resolves true on success; failures reach the error catalogue. */
export async function loginWithPassword(username: string, password: string): Promise<boolean> {
  if (loginBusy.value) return false;
  loginBusy.value = true;
  try {
    const res = await call(
      'login',
      {
        type: 'username',
        username: username.trim(),
        password,
        merchant: merchantCode.value,
        loginDeviceId: await deviceId(),
        isOfficialAppLogin: isOfficialAppLogin(),
      },
      { headers: { Device: 'MOBILE' } },
    );
    if (!res.value) return false;
    await completeLogin(res.value);
    return true;
  } catch {
    return false;
  } finally {
    setTimeout(() => (loginBusy.value = false), LOGIN_LOCK_MS);
  }
}

/** Registration by username (POST /wps/member/register, ModuleId REG3). One submit at a time. */
export async function registerByUsername(username: string, password: string): Promise<boolean> {
  if (registerBusy.value) return false;
  registerBusy.value = true;
  try {
    const info = storedRegistrationInfo();
    const res = await call('register', {
      registerMethod: registerMethod(currentUA(), currentStandalone(), currentInAppParam()),
      registerUrl: location.href,
      loginDeviceId: await deviceId(),
      isOfficialAppLogin: isOfficialAppLogin(),
      domain: info.originalDomain ?? location.hostname,
      referralCode: info.referralCode,
      affiliateCode: info.affiliateCode,
      login: true,
      username: username.trim(),
      password,
    });
    if (!res.value) return false;
    await completeLogin(res.value);
    return true;
  } catch {
    return false;
  } finally {
    registerBusy.value = false;
  }
}

/** Ends the session on the server (best effort) and forgets it here. */
export async function logout(): Promise<void> {
  if (session.value) await call('logout', undefined, { alert: false }).catch(() => undefined);
  clearSession();
}
