/**
 * What the public system calls tell about a merchant: its configuration (merchants.json) with the
 * runtime state's settings, shaped as the contract's SiteInfo and CountryInfo.
 */
import type { CountryInfo, PixelIds, SiteInfo } from '../../src/contract/endpoints.ts';
import { PIXEL_ID } from '../../src/contract/tracking/pixelHosts.ts';
import type { MerchantState } from '../db/state-fields.ts';
import type { Merchant } from '../merchants/merchants.ts';
import { EMULATOR_WEB_CONFIG } from '../signin/identity.ts';

/**
 * `info` of /wps/system/status: what the front end may see (never origins, members or passwords),
 * with the settings the dev controls switch (captchas, captcha version, mobile password, auto
 * register, whitelabel flags) taken from the runtime state.
 */
export function siteInfoOf(m: Merchant, state: MerchantState, pushServiceUrl?: string): SiteInfo {
  const {
    gw,
    register,
    login: _login,
    sms,
    whitelabelVal: _flags,
    manifest: _manifest,
    install: _install,
    app: _app,
    analytics: _analytics,
    ...info
  } = m.info;
  const push = pushInfo(m, pushServiceUrl);
  const analytics = pixelIdsOf(state.analytics);
  return {
    merchantCode: m.code,
    ...info,
    register: {
      ...register,
      captcha: { enabled: state.registerCaptcha },
      mobilePassword: state.mobilePassword,
      autoRegister: state.autoRegister,
    },
    login: { captcha: { enabled: state.loginCaptcha } },
    install: { enabled: state.installSupport },
    ...(state.appVersion ? { app: { version: state.appVersion, mandatory: state.appMandatory } } : {}),
    ...(sms || push || state.smsCaptcha || state.firebase
      ? { sms: { ...push, ...sms, ...identityInfo(state), captcha: { enabled: state.smsCaptcha } } }
      : {}),
    whitelabelVal: { ...state.whitelabel },
    gw: { ...gw, GEETEST_VERSION: state.geetestVersion, PROFILE_ICON_COUNT: gw.PROFILE_ICON_COUNT },
    ...(analytics ? { analytics } : {}),
  };
}

/**
 * `info.sms` fields of push, when the merchant has it on (merchants.json `push`): its Firebase web
 * config, the VAPID key and, in demo and test mode, the push service stand-in's URL. They go first:
 * the merchant's own `info.sms` fields and the identity provider's emulator config win, since the
 * page has one Firebase app for sign-in and push (give both the same project).
 */
function pushInfo(m: Merchant, pushServiceUrl: string | undefined): NonNullable<SiteInfo['sms']> | undefined {
  const push = m.push;
  if (!push) return undefined;
  return {
    apiKey: push.apiKey,
    appId: push.appId,
    projectId: push.projectId,
    messagingSenderId: push.messagingSenderId,
    authDomain: push.authDomain ?? `${push.projectId}.firebaseapp.com`,
    vapidKey: push.vapidKey,
    ...(pushServiceUrl ? { pushServiceUrl } : {}),
  };
}

/** The pixel ids that are set (and valid), or undefined when none is. */
function pixelIdsOf(ids: PixelIds): PixelIds | undefined {
  const set = Object.entries(ids).filter(([, id]) => typeof id === 'string' && PIXEL_ID.test(id));
  return set.length ? (Object.fromEntries(set) as PixelIds) : undefined;
}

/**
 * `info.sms` fields of the identity provider: the `firebase` flag from the state; with the emulator
 * (demo and test mode; the state names it only there) its demo web config and URL instead of the
 * merchant's own config.
 */
function identityInfo(state: MerchantState): NonNullable<SiteInfo['sms']> {
  if (!state.firebase) return { firebase: false };
  if (state.authEmulatorUrl) return { firebase: true, ...EMULATOR_WEB_CONFIG, authEmulatorUrl: state.authEmulatorUrl };
  return { firebase: true };
}

export function countryInfoOf(m: Merchant): CountryInfo {
  return { ...m.country };
}
