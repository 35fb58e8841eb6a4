/**
 * A forced password change (docs/product.md §4): set by a login that must change the password first
 * (the default password, or an expired one with PWDEXPFORCECHANGE3), cleared once it is changed.
 * Kept for the tab's session; the route guard sends every page to /m/changePsw meanwhile.
 */
import { KEY_PREFIX, sessionStore } from '../storage/storage.ts';

export const PASSWORD_CHANGE_KEY = `${KEY_PREFIX}passwordChange`;

export function passwordChangeForced(): boolean {
  return sessionStore.get<{ forced: boolean }>(PASSWORD_CHANGE_KEY)?.forced === true;
}
