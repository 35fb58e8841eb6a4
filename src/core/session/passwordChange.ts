/**
 * A forced password change (docs/product.md §4): set by a login that must change the password first
 * (the default password, or an expired one with PWDEXPFORCECHANGE3), cleared once it is changed.
 * Kept for the tab's session; the route guard sends every page to /m/changePsw meanwhile.
 */
import { KEY_PREFIX, sessionStore } from '../storage/storage.ts';

export const PASSWORD_CHANGE_KEY = `${KEY_PREFIX}passwordChange`;

export interface PasswordChangeState {
  /** The change must happen before anything else. */
  forced?: boolean;
  /** Just registered by mobile number with the default password, which the player never saw. */
  defaultPassword?: boolean;
}

export function passwordChangeState(): PasswordChangeState | undefined {
  return sessionStore.get<PasswordChangeState>(PASSWORD_CHANGE_KEY);
}

export function passwordChangeForced(): boolean {
  return passwordChangeState()?.forced === true;
}
