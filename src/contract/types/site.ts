/** Answer types of the site: its status and settings, countries, the operator's domains. */
import type { FieldDataSetting } from '../fieldData.ts';

export type ResourceType = 'IOS' | 'MOBILECONFIG' | 'Android' | 'AppDownloadIcon';

export interface DownloadLink {
  resourceType: ResourceType;
  url: string;
}

export interface SiteInfo {
  merchantCode: string;
  /** App name and short name (download bar, web app manifest). */
  appName: string;
  appShortName: string;
  customerService: { title: string; csType: string; csPosition?: string; path: string }[];
  mobileTemplate?: string;
  /** Registration: captcha, and whether mobile-number registration asks for a password (else DEFAULT_PASSWORD). */
  register: { captcha: { enabled: boolean }; mobilePassword?: boolean; autoRegister?: boolean };
  /** Login captcha setting (docs/product.md §5: the captcha applies when the login, sms or register setting is on). */
  login?: { captcha: { enabled: boolean } };
  resources: DownloadLink[];
  /** Install support: the install prompt, the iOS guides and the in-app browser screen (docs/install.md). */
  install?: { enabled: boolean };
  /** The merchant's current native app: the wrapper offers an upgrade when it is older (docs/install.md). */
  app?: { version: string; mandatory?: boolean };
  whitelabelVal: Record<string, boolean>;
  imageCDNs: string[];
  sms?: {
    provider?: string;
    firebase?: boolean;
    apiKey?: string;
    captcha?: { enabled: boolean };
    /** Identity provider (firebase) web config, when the merchant offers social and phone sign-in. */
    authDomain?: string;
    projectId?: string;
    appId?: string;
    /** Demo and test mode only: the Firebase Auth emulator to talk to instead of Google. */
    authEmulatorUrl?: string;
    /** Push (docs/push.md): the sender id and the VAPID public key (base64url) of the merchant's project. */
    messagingSenderId?: string;
    vapidKey?: string;
    /**
     * Demo and test mode only: the base of the push service's registrations API to use instead of
     * Google's (the reference server's stand-in, `…/push-service/v1`), like `authEmulatorUrl`.
     */
    pushServiceUrl?: string;
  };
  /**
   * Captcha vendor settings. GEETEST_JS / GEETEST4_JS: URLs of the vendor scripts (v3 defines
   * `initGeetest`, v4 `initGeetest4`); the reference server serves local stand-ins (docs/captcha.md).
   */
  gw: {
    GEETEST_ID?: string;
    GEETEST_VERSION: 'v3' | 'v4';
    PROFILE_ICON_COUNT: number;
    GEETEST_JS?: string;
    GEETEST4_JS?: string;
  };
  /** The merchant's own pixels (docs/tracking.md): each key set turns that pixel on. */
  analytics?: PixelIds;
  /** Field data from real visits (docs/field-data.md): the share of page loads that report. */
  fieldData?: FieldDataSetting;
}

/** Pixel and measurement ids (docs/tracking.md, "Pixels"). */
export interface PixelIds {
  fbPixelId?: string;
  tiktokPixelId?: string;
  gtagId?: string;
  kwaiPixelId?: string;
  bigoPixelId?: string;
  /** Used by the native app's SDKs only (events go to it through the bridge), never a web script. */
  appsflyerId?: string;
  adjustToken?: string;
}

export interface SiteStatus {
  info: SiteInfo;
  location: { ip: string };
  test: boolean;
  maintenance: boolean;
  maintenanceEnd?: number | null;
  /** Texts the operator wrote for this maintenance, by language code; the catalogue's otherwise. */
  maintenanceTexts?: Record<string, { title?: string; description?: string }> | null;
  regionRestriction: boolean;
}

export interface CountryEntry {
  countryCode: string;
  countryDialingCode: string;
}

export interface CountryInfo {
  countries: CountryEntry[];
  countryCode: string;
  countryDialingCode: string;
  currencySymbol: string;
  currency: string;
}

export interface DomainEntry {
  domainName: string;
}
