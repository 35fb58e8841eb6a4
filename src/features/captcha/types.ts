/**
 * Captcha types (docs/product.md §2, §4, §5, §8; docs/captcha.md): scenes, versions, the vendor objects the
 * adapters talk to, and the result a solved challenge gives.
 */
import type { CaptchaFields } from '../../contract/schemas.ts';

/** Which setting asks for the captcha (the captchaQuery `scene` of GET /wps/captcha/geetest). */
export type CaptchaScene = 'login' | 'sms' | 'register';
export const CAPTCHA_SCENES: readonly CaptchaScene[] = ['login', 'sms', 'register'];

export type CaptchaVersion = 'v3' | 'v4';
export const CAPTCHA_VERSIONS: readonly CaptchaVersion[] = ['v3', 'v4'];

/** docs/product.md §4: ready → waiting; solved → success; failure → error; retry → loading; close or reset → waiting. */
export type CaptchaState = 'loading' | 'waiting' | 'success' | 'error';

/** A v3 result. `geetestValidate` is also inside the seccode (`validate|jordan`). */
export interface GeetestV3Result {
  geetestChallenge: string;
  geetestSeccode: string;
  geetestValidate: string;
}

/** A v4 result: the JSON text of the vendor's `getValidate()`. */
export interface GeetestV4Result {
  geetestValidateV4: string;
}

export type CaptchaResult = GeetestV3Result | GeetestV4Result;

/** The geetest fields of the login and registration payloads (src/contract/schemas.ts). */
export type CaptchaPayload = CaptchaFields;

/** Codes of the failures this feature produces itself (the vendor's own codes pass through). */
export const CAPTCHA_CODES = {
  /** The vendor script did not load in time, or failed to load (docs/product.md §8). */
  scriptTimeout: '60204',
  /** The vendor's extra resource timed out (raised by the vendor script itself, docs/product.md §8). */
  extraTimeout: '60205',
  /** The captcha cannot run here (sms scene without v4, no script global, no captcha id). */
  unavailable: 'captcha.unavailable',
  /** A second verify() while one is running. */
  tooFast: 'captcha.too_fast',
  /** The player closed the challenge (or it was reset) before solving it. */
  closed: 'captcha.closed',
} as const;

export const NETWORK_FAILURE = 'Network failure';
export const TOO_FAST_MESSAGE = 'verify geetest too fast';

/** What verify() rejects with and `wps-captcha-error` carries: the code and the user-facing message. */
export class CaptchaError extends Error {
  constructor(
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'CaptchaError';
  }
}

export const isCaptchaError = (err: unknown): err is CaptchaError => err instanceof CaptchaError;

/** What the adapters hand to the session. */
export interface CaptchaHandlers {
  ready(): void;
  success(result: CaptchaResult): void;
  error(error: CaptchaError): void;
  close(): void;
}

/** The widget an adapter gives once the vendor's init callback ran. */
export interface CaptchaWidget {
  verify(): void;
  reset(): void;
  destroy(): void;
}

/** Loads the vendor script (and config), inits the vendor widget and wires the handlers. */
export type CaptchaAdapter = (handlers: CaptchaHandlers) => Promise<CaptchaWidget>;

/* The vendor's public API (docs/captcha.md). */

export interface GeetestVendorError {
  code?: string | number;
  msg?: string;
}

export interface GeetestCaptchaObject<V> {
  onReady(fn: () => void): unknown;
  onSuccess(fn: () => void): unknown;
  onError(fn: (e?: GeetestVendorError) => void): unknown;
  onClose(fn: () => void): unknown;
  /** v3 (and the stand-in for both versions). */
  verify?(): void;
  /** v4: GeeTest 4 opens its 'bind' challenge with showCaptcha(). */
  showCaptcha?(): void;
  reset(): void;
  destroy?(): void;
  getValidate(): V | false | null | undefined;
}

export interface GeetestV3Config {
  gt: string;
  challenge: string;
  offline: boolean;
  new_captcha: boolean;
  product: 'bind';
  lang: string;
}

export interface GeetestV4Config {
  captchaId: string;
  product: 'bind';
  language: string;
}

export interface GeetestV3Validate {
  geetest_challenge: string;
  geetest_validate: string;
  geetest_seccode: string;
}

export interface GeetestV4Validate {
  lot_number: string;
  captcha_output: string;
  pass_token: string;
  gen_time: string;
}

export type InitGeetest = (config: GeetestV3Config, callback: (captcha: GeetestCaptchaObject<GeetestV3Validate>) => void) => void;
export type InitGeetest4 = (
  config: GeetestV4Config,
  callback: (captcha: GeetestCaptchaObject<GeetestV4Validate>) => void,
) => void;

declare global {
  interface Window {
    initGeetest?: InitGeetest;
    initGeetest4?: InitGeetest4;
  }
}
