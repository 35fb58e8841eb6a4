/** The captcha feature's public entry: what the sign-in forms use (docs/architecture.md, Layers). */
export { captchaPayload, captchaRequired } from './rules.ts';
export type { CaptchaResult } from './types.ts';
