/**
 * GeeTest adapters (docs/captcha.md): v3 over `window.initGeetest` with a config from
 * GET /wps/captcha/geetest, v4 over `window.initGeetest4` with the site's GEETEST_ID. Both load the
 * vendor script first (./loadScript.ts) and speak only the vendor's public API, so the local
 * stand-in and GeeTest itself are interchangeable.
 */
import { call, isApiError } from '../../core/api/client.ts';
import { endpoints } from '../../contract/endpoints.ts';
import type { Language } from '../../core/i18n/languages.ts';
import { t } from '../../core/i18n/i18n.ts';
import { loadScript, SCRIPT_TIMEOUT_MS } from './loadScript.ts';
import {
  CAPTCHA_CODES,
  CaptchaError,
  NETWORK_FAILURE,
  type CaptchaAdapter,
  type CaptchaHandlers,
  type CaptchaResult,
  type CaptchaScene,
  type GeetestCaptchaObject,
  type GeetestV3Validate,
  type GeetestV4Validate,
  type GeetestVendorError,
} from './types.ts';

/** The stand-in scripts of the reference server, used when the site status names no URL. */
export const DEFAULT_SCRIPTS = { v3: '/captcha/gt.js', v4: '/captcha/gt4.js' } as const;

export interface GeetestAdapterConfig {
  /** GEETEST_JS (v3) or GEETEST4_JS (v4); relative URLs resolve against the API base. */
  scriptUrl: string;
  scene: CaptchaScene;
  /** Interface language; mapped to the vendor's language codes. */
  language: Language;
  /** Script load timeout (docs/product.md §9). */
  timeoutMs?: number;
}

export interface GeetestV4AdapterConfig extends GeetestAdapterConfig {
  /** info.gw.GEETEST_ID */
  captchaId: string;
}

/** GeeTest v3 `lang` codes. */
const V3_LANG: Partial<Record<Language, string>> = {
  CN: 'zh-cn',
  TW: 'zh-tw',
  HK: 'zh-hk',
  EN: 'en',
  JA: 'ja',
  KO: 'ko',
  ID: 'id',
  ES: 'es',
  PT: 'pt-pt',
  'PT-BR': 'pt-pt',
};
/** GeeTest v4 `language` codes. */
const V4_LANG: Partial<Record<Language, string>> = {
  CN: 'zho',
  TW: 'zho-tw',
  HK: 'zho-hk',
  EN: 'eng',
  JA: 'jpn',
  KO: 'kor',
  ID: 'ind',
  ES: 'spa',
  PT: 'por',
  'PT-BR': 'por',
};
export const vendorLanguage = (version: 'v3' | 'v4', language: Language) =>
  version === 'v3' ? (V3_LANG[language] ?? 'en') : (V4_LANG[language] ?? 'eng');

/** The captcha cannot run (missing global, id or config): unknown_error + the service text (docs/product.md §5). */
export const unavailable = () =>
  new CaptchaError(CAPTCHA_CODES.unavailable, t('captcha.service_down', { error: t('unknown_error') }));

/** A vendor onError payload as a CaptchaError; its code passes through (60205 from the extra resource). */
export function vendorError(e: GeetestVendorError | undefined): CaptchaError {
  const code = e?.code === undefined || e.code === null ? undefined : String(e.code);
  return new CaptchaError(code, e?.msg || NETWORK_FAILURE);
}

/** A failed config call as a CaptchaError (the server's message, or the network text). */
function configError(err: unknown): CaptchaError {
  if (err instanceof CaptchaError) return err;
  if (isApiError(err)) {
    const network = err.errorCode === 'network.error' || err.errorCode === 'ECONNABORTED';
    const code = err.errorCode ?? (err.status ? String(err.status) : undefined);
    return new CaptchaError(code, err.serverMessage || (network ? NETWORK_FAILURE : t('unknown_error')));
  }
  return new CaptchaError(undefined, t('unknown_error'));
}

function wire<V>(captcha: GeetestCaptchaObject<V>, handlers: CaptchaHandlers, toResult: (v: V) => CaptchaResult) {
  captcha.onReady(() => handlers.ready());
  captcha.onSuccess(() => {
    const validate = captcha.getValidate();
    if (validate) handlers.success(toResult(validate));
    else handlers.error(new CaptchaError(undefined, t('unknown_error')));
  });
  captcha.onError((e) => handlers.error(vendorError(e)));
  captcha.onClose(() => handlers.close());
  return {
    verify: () => (captcha.showCaptcha ? captcha.showCaptcha() : captcha.verify?.()),
    reset: () => captcha.reset(),
    destroy: () => captcha.destroy?.(),
  };
}

export const v3Result = (v: GeetestV3Validate): CaptchaResult => ({
  geetestChallenge: v.geetest_challenge,
  geetestSeccode: v.geetest_seccode,
  geetestValidate: v.geetest_validate,
});

export const v4Result = (v: GeetestV4Validate): CaptchaResult => ({ geetestValidateV4: JSON.stringify(v) });

/** v3: script and a fresh config (GET /wps/captcha/geetest?t=…&scene=…), then `initGeetest`. */
export function geetestV3(config: GeetestAdapterConfig): CaptchaAdapter {
  return async (handlers) => {
    const [, res] = await Promise.all([
      loadScript(config.scriptUrl, config.timeoutMs ?? SCRIPT_TIMEOUT_MS),
      call(endpoints.captchaGeetest, { t: String(Date.now()), scene: config.scene }, { alert: false }).catch((err: unknown) => {
        throw configError(err);
      }),
    ]);
    const init = window.initGeetest;
    const value = res.value;
    if (typeof init !== 'function' || !value) throw unavailable();
    return new Promise((resolve) => {
      init(
        {
          gt: value.gt,
          challenge: value.challenge,
          offline: !value.success,
          new_captcha: value.newCaptcha,
          product: 'bind',
          lang: vendorLanguage('v3', config.language),
        },
        (captcha) => resolve(wire(captcha, handlers, v3Result)),
      );
    });
  };
}

/** v4: script, then `initGeetest4` with the site's captcha id. */
export function geetestV4(config: GeetestV4AdapterConfig): CaptchaAdapter {
  return async (handlers) => {
    if (!config.captchaId) throw unavailable();
    await loadScript(config.scriptUrl, config.timeoutMs ?? SCRIPT_TIMEOUT_MS);
    const init = window.initGeetest4;
    if (typeof init !== 'function') throw unavailable();
    return new Promise((resolve) => {
      init({ captchaId: config.captchaId, product: 'bind', language: vendorLanguage('v4', config.language) }, (captcha) =>
        resolve(wire(captcha, handlers, v4Result)),
      );
    });
  };
}
