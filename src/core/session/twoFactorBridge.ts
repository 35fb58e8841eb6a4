/**
 * Where sign-in meets the two-factor modal without importing it (features meet through core):
 * the two-factor feature installs the handler; a login that answers login_verify_required asks it.
 */
import type { LoginValue } from '../api/endpoints.ts';

export interface TwoFactorRequest {
  username: string;
  password?: string;
  /** Factor flags of the login error value. */
  flags: { sms?: boolean; ga?: boolean; email?: boolean; payeeName?: boolean };
  /** The server's notice label, shown as the title. */
  title?: string;
  firebaseIdToken?: string;
  route: 'password' | 'identityProvider';
}

type Handler = (request: TwoFactorRequest) => Promise<LoginValue | undefined>;
let handler: Handler | undefined;

export function setTwoFactorHandler(fn: Handler | undefined) {
  handler = fn;
}

/** Resolves with the verified login, or undefined when closed or when no modal is on the page. */
export function requestTwoFactor(request: TwoFactorRequest): Promise<LoginValue | undefined> {
  return handler ? handler(request) : Promise.resolve(undefined);
}

export const hasTwoFactorHandler = () => !!handler;
