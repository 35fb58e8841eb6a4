/**
 * The merchant configuration (server/merchants.json, or the file named by MERCHANTS_FILE), checked
 * with valibot when it is read so that a typo fails at start-up with the field's path, not later.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import type { AvailablePromotions, CountryInfo, SiteInfo } from '../src/core/api/endpoints.ts';
import { DOMAIN_ENTRY } from './domains.ts';
import { statusBlockSchema } from './state.ts';

const link = v.object({
  resourceType: v.picklist(['IOS', 'MOBILECONFIG', 'Android', 'AppDownloadIcon']),
  url: v.string(),
});

const siteInfo = v.object({
  appName: v.string(),
  appShortName: v.string(),
  mobileTemplate: v.optional(v.string()),
  customerService: v.array(
    v.object({ title: v.string(), csType: v.string(), csPosition: v.optional(v.string()), path: v.string() }),
  ),
  register: v.object({ captcha: v.object({ enabled: v.boolean() }) }),
  resources: v.array(link),
  whitelabelVal: v.record(v.string(), v.boolean()),
  imageCDNs: v.array(v.string()),
  sms: v.optional(v.object({ provider: v.optional(v.string()), firebase: v.optional(v.boolean()), apiKey: v.optional(v.string()) })),
  gw: v.object({
    GEETEST_ID: v.optional(v.string()),
    GEETEST_VERSION: v.optional(v.picklist(['v3', 'v4']), 'v3'),
    PROFILE_ICON_COUNT: v.optional(v.number(), 9),
  }),
  analytics: v.optional(v.record(v.string(), v.string())),
});

const merchantSchema = v.object({
  /** Web origins (scheme://host[:port]) of merchant pages allowed to call /wps across origins. */
  allowedOrigins: v.optional(v.array(v.pipe(v.string(), v.url())), []),
  /**
   * Answer of /wps/system/domainRoute (`host[:port]`, no scheme); "$host" stands for the request's
   * own Host and "$port" for its port (server/domains.ts).
   */
  domains: v.optional(v.array(v.pipe(v.string(), v.regex(DOMAIN_ENTRY, 'host[:port] without scheme'))), ['$host']),
  /** Initial runtime state (server/state.ts); the dev controls change it afterwards. */
  status: statusBlockSchema,
  info: siteInfo,
  country: v.object({
    countryCode: v.string(),
    countryDialingCode: v.string(),
    currency: v.string(),
    currencySymbol: v.string(),
    countries: v.array(v.object({ countryCode: v.string(), countryDialingCode: v.string() })),
  }),
  promotions: v.optional(v.record(v.string(), v.object({ enabled: v.boolean(), count: v.number() })), {}),
  /** Demo members seeded at start-up when absent (the password is hashed before it is stored). */
  members: v.optional(
    v.array(
      v.object({
        username: v.string(),
        password: v.string(),
        type: v.optional(v.number(), 0),
        language: v.optional(v.string(), 'EN'),
      }),
    ),
    [],
  ),
});

const fileSchema = v.pipe(
  v.object({
    defaultMerchant: v.string(),
    merchants: v.record(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)), merchantSchema),
  }),
  v.check((f) => Object.hasOwn(f.merchants, f.defaultMerchant), 'defaultMerchant names no merchant'),
);

type MerchantEntry = v.InferOutput<typeof merchantSchema>;

export interface Merchant extends MerchantEntry {
  code: string;
}

export interface Merchants {
  defaultCode: string;
  /** A Map, so a header such as `__proto__` or `constructor` cannot reach Object.prototype. */
  byCode: Map<string, Merchant>;
  /** Union of every merchant's allowedOrigins (CORS). */
  allowedOrigins: Set<string>;
}

export function parseMerchants(data: unknown, source = 'merchants'): Merchants {
  const result = v.safeParse(fileSchema, data);
  if (!result.success) {
    const issue = result.issues[0];
    throw new Error(`${source}: ${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
  }
  const byCode = new Map<string, Merchant>();
  const allowedOrigins = new Set<string>();
  for (const [code, entry] of Object.entries(result.output.merchants)) {
    byCode.set(code, { ...entry, code });
    for (const origin of entry.allowedOrigins) allowedOrigins.add(new URL(origin).origin);
  }
  return { defaultCode: result.output.defaultMerchant, byCode, allowedOrigins };
}

export function loadMerchants(file: string): Merchants {
  return parseMerchants(JSON.parse(readFileSync(file, 'utf8')), file);
}

/** `info` of /wps/system/status: what the front end may see (never origins, members or passwords). */
export function siteInfoOf(m: Merchant): SiteInfo {
  const { gw, ...info } = m.info;
  return {
    merchantCode: m.code,
    ...info,
    gw: { ...gw, GEETEST_VERSION: gw.GEETEST_VERSION, PROFILE_ICON_COUNT: gw.PROFILE_ICON_COUNT },
  };
}

export function countryInfoOf(m: Merchant): CountryInfo {
  return { ...m.country };
}

export function promotionsOf(m: Merchant): AvailablePromotions {
  return { ...m.promotions };
}
