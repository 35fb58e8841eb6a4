/** Captcha rules (docs/product.md §5): when a captcha is required, the payload fields, the error text. */
import type { SiteInfo } from '../../contract/endpoints.ts';
import type { LoginPayload } from '../../contract/schemas.ts';
import { t } from '../../core/i18n/i18n.ts';
import { CAPTCHA_CODES, NETWORK_FAILURE, type CaptchaError, type CaptchaPayload, type CaptchaResult } from './types.ts';

export type CaptchaSettings = Pick<SiteInfo, 'login' | 'sms' | 'register'>;

/** The captcha applies when the login, sms or register captcha setting is on (docs/product.md §5). */
export function captchaEnabled(settings: Partial<CaptchaSettings> | undefined): boolean {
  return Boolean(settings?.login?.captcha?.enabled || settings?.sms?.captcha?.enabled || settings?.register?.captcha?.enabled);
}

export interface LoginCaptchaInput {
  type: LoginPayload['type'];
  username?: string;
  settings: Partial<CaptchaSettings> | undefined;
}

/**
 * A login captcha is required unless the type is sms, or firebase with a username; and only when
 * the login, sms or register captcha setting is on (docs/product.md §5).
 */
export function captchaRequired({ type, username, settings }: LoginCaptchaInput): boolean {
  if (!captchaEnabled(settings)) return false;
  if (type === 'sms') return false;
  if (type === 'firebase' && username) return false;
  return true;
}

/** Whether a payload already carries a captcha result (v3 challenge + seccode, or the v4 text). */
export function hasCaptchaFields(payload: Partial<CaptchaPayload> | undefined): boolean {
  return Boolean(payload?.geetestValidateV4 || (payload?.geetestChallenge && payload?.geetestSeccode));
}

/**
 * A registration captcha is required unless the geetest fields are already present (docs/product.md §5).
 * With `settings`, also only when the register captcha setting is on.
 */
export function registerCaptchaRequired(
  payload: Partial<CaptchaPayload> | undefined,
  settings?: Partial<CaptchaSettings>,
): boolean {
  if (settings && !settings.register?.captcha?.enabled) return false;
  return !hasCaptchaFields(payload);
}

/** Exactly the geetest fields of the login / registration payloads for a result. */
export function captchaPayload(result: CaptchaResult): CaptchaPayload {
  if ('geetestValidateV4' in result) return { geetestValidateV4: result.geetestValidateV4 };
  return { geetestChallenge: result.geetestChallenge, geetestSeccode: result.geetestSeccode };
}

/** The numeric part of an error code ('60204' → '60204', 'captcha.closed' → ''). */
export const codeDigits = (code: string | undefined) => (code ?? '').replace(/\D+/g, '');

/**
 * The text a player sees for an error (docs/product.md §5): the user-facing message plus the numeric part of
 * the code, e.g. 'Network failure (60205)'. The network failures of docs/product.md §8 are translated.
 */
export function captchaErrorText(error: Pick<CaptchaError, 'code' | 'message'>): string {
  const network =
    (error.code === CAPTCHA_CODES.scriptTimeout || error.code === CAPTCHA_CODES.extraTimeout) &&
    error.message === NETWORK_FAILURE;
  const message = network ? t('captcha.network_failure') : error.message;
  const digits = codeDigits(error.code);
  return digits ? `${message} (${digits})` : message;
}
