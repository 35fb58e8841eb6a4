/**
 * Whether the merchant offers identity-provider sign-in, and its web config. Apart from ./firebase.ts
 * so the login form can decide its tabs without loading the provider part (issue 33).
 */
import type { SiteInfo } from '../../../contract/endpoints.ts';

/** The merchant's identity-provider web config (SiteInfo.sms). */
export interface IdentityConfig {
  apiKey: string;
  authDomain?: string;
  projectId: string;
  appId?: string;
  /** Demo and test mode only: the Auth emulator's origin, e.g. http://127.0.0.1:9099. */
  authEmulatorUrl?: string;
}

/** The config when the merchant offers identity-provider sign-in (`sms.firebase` on, with a key and project). */
export function identityConfig(info: Pick<SiteInfo, 'sms'> | undefined): IdentityConfig | undefined {
  const sms = info?.sms;
  if (sms?.firebase !== true || !sms.apiKey || !sms.projectId) return undefined;
  return {
    apiKey: sms.apiKey,
    authDomain: sms.authDomain,
    projectId: sms.projectId,
    appId: sms.appId,
    authEmulatorUrl: sms.authEmulatorUrl || undefined,
  };
}
