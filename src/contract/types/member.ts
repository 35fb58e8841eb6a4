/**
 * Answer types of the session and the member (sign-in, the RSA key, member info, VIP progress):
 * the values of their rows (../endpoints.ts).
 */

export interface LoginValue {
  id: number;
  token: string;
  userName: string;
  customerType: number;
  firstTimeLogin: boolean;
  passwordExpired?: boolean;
  /**
   * The session is a forced-change one (the default password, or an expired one with
   * PWDEXPFORCECHANGE3): until the password is changed the server refuses its other calls with
   * `password.change.required`, and the client goes to /m/changePsw.
   */
  passwordChangeRequired?: boolean;
}

export interface LoginErrorValue {
  email?: boolean;
  ga?: boolean;
  sms?: boolean;
  payeeName?: boolean;
}

export interface RsaKeyValue {
  /** Base64 DER (SPKI) RSA public key. */
  rsaKey: string;
  /** Asymmetric scheme, e.g. RSA/ECB/PKCS1Padding. */
  RSA: string;
  /** Symmetric scheme, e.g. DESede/CBC/PKCS7Padding. */
  DES: string;
  /** The server's clock (epoch ms) when it answered: encrypted requests are dated on it (docs/api.md). */
  serverTime?: number;
}

/** docs/product.md §3, VIP progress: progress is completed / expected, 1 without a label id. */
export interface RankProgress {
  completedConditions: number;
  totalExpectedConditions: number;
  labelId?: number | null;
}

export interface MemberInfo {
  type: number;
  id: number;
  userName: string;
  language: string;
  clubLabel?: { labelName: string; type: string; rankLevel: number } | null;
}
