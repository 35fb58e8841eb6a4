/**
 * What the public system calls tell about a merchant: its configuration (merchants.json) with the
 * runtime state's settings, shaped as the contract's SiteInfo and CountryInfo.
 */
import type { CountryInfo, SiteInfo } from '../../src/core/api/endpoints.ts';
import type { MerchantState } from '../db/state-fields.ts';
import type { Merchant } from '../merchants/merchants.ts';
import { EMULATOR_WEB_CONFIG } from '../signin/identity.ts';

/**
 * `info` of /wps/system/status: what the front end may see (never origins, members or passwords),
 * with the settings the dev controls switch (captchas, captcha version, mobile password, auto
 * register, whitelabel flags) taken from the runtime state.
 */
export function siteInfoOf(m: Merchant, state: MerchantState): SiteInfo {
  const {
    gw,
    register,
    login: _login,
    sms,
    whitelabelVal: _flags,
    manifest: _manifest,
    install: _install,
    app: _app,
    ...info
  } = m.info;
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
    ...(sms || state.smsCaptcha || state.firebase
      ? { sms: { ...sms, ...identityInfo(state), captcha: { enabled: state.smsCaptcha } } }
      : {}),
    whitelabelVal: { ...state.whitelabel },
    gw: { ...gw, GEETEST_VERSION: state.geetestVersion, PROFILE_ICON_COUNT: gw.PROFILE_ICON_COUNT },
  };
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
