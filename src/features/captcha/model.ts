/**
 * The captcha feature's public model (docs/product.md §2, §4, §5, §8; docs/captcha.md): GeeTest v3 / v4
 * adapters, the script loader, a session with the widget states, and the rules forms use.
 */
export * from './types.ts';
export { loadScript, forgetScripts, SCRIPT_TIMEOUT_MS } from './loadScript.ts';
export {
  geetestV3,
  geetestV4,
  vendorLanguage,
  vendorError,
  v3Result,
  v4Result,
  DEFAULT_SCRIPTS,
  type GeetestAdapterConfig,
  type GeetestV4AdapterConfig,
} from './geetest.ts';
export {
  CaptchaSession,
  createCaptchaSession,
  geetestAdapter,
  verifyFirst,
  type CaptchaEvents,
  type CaptchaSessionOptions,
} from './session.ts';
export {
  captchaEnabled,
  captchaRequired,
  registerCaptchaRequired,
  hasCaptchaFields,
  captchaPayload,
  captchaErrorText,
  codeDigits,
  type CaptchaSettings,
  type LoginCaptchaInput,
} from './rules.ts';
