/**
 * What a landing URL brings: carried tracking parameters (kept for the whole session and added to
 * every in-app navigation) and the registration info (affiliate and referral codes, the original
 * domain) sent with a later registration (docs/product.md §2, §3).
 */
import { sessionStore, KEY_PREFIX } from '../storage/storage.ts';
import { carriedParams } from './routeRules.ts';

export const TRACKING_KEY = `${KEY_PREFIX}tracking`;
export const REGISTRATION_INFO_KEY = `${KEY_PREFIX}registrationInfo`;

export interface RegistrationInfo {
  affiliateCode?: string;
  referralCode?: string;
  originalDomain?: string;
}

export function storedTrackingParams(): Record<string, string> {
  return sessionStore.get<Record<string, string>>(TRACKING_KEY) ?? {};
}

export function storedRegistrationInfo(): RegistrationInfo {
  return sessionStore.get<RegistrationInfo>(REGISTRATION_INFO_KEY) ?? {};
}

/** Remembers the landing page's parameters; a later landing with new values wins. */
export function captureLanding(search: string, hostname: string) {
  const carried = carriedParams(search);
  if (Object.keys(carried).length) sessionStore.set(TRACKING_KEY, { ...storedTrackingParams(), ...carried });
  const info = storedRegistrationInfo();
  const referralCode = carried.referralCode ?? carried.r;
  sessionStore.set(REGISTRATION_INFO_KEY, {
    originalDomain: info.originalDomain ?? hostname,
    affiliateCode: carried.affiliateCode ?? info.affiliateCode,
    referralCode: referralCode ?? info.referralCode,
  } satisfies RegistrationInfo);
}
