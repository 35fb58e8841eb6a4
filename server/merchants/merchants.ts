/**
 * The merchant configuration (server/merchants/merchants.json, or the file named by MERCHANTS_FILE),
 * checked with valibot when it is read so that a typo fails at start-up with the field's path, not
 * later.
 */
import { MANIFEST_LANGUAGES } from '../infra/webmanifest-languages.ts';
import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import * as v from 'valibot';
import { PROMOTION_TYPES } from '../../src/contract/promotionTypes.ts';
import { APP_VERSION, pixelIdsSchema, statusBlockSchema } from '../db/state-fields.ts';
import { gamesSchema } from '../games/schema.ts';
import { normalizeDialingCode, normalizeMobileNum } from '../signin/sms.ts';
import { BASE32_SECRET } from '../signin/totp.ts';
import { DOMAIN_ENTRY } from './domains.ts';

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
  /** Registration captcha; mobilePassword: mobile registration asks for a password; autoRegister (social login). */
  register: v.object({
    captcha: v.object({ enabled: v.boolean() }),
    mobilePassword: v.optional(v.boolean(), false),
    autoRegister: v.optional(v.boolean(), false),
  }),
  /** Login captcha (default off). */
  login: v.optional(v.object({ captcha: v.object({ enabled: v.boolean() }) })),
  resources: v.array(link),
  /** Install support: the install prompt, the iOS guides, the in-app browser screen (default off). */
  install: v.optional(v.object({ enabled: v.boolean() })),
  /** The current native app: a wrapper with an older version offers the upgrade (docs/install.md). */
  app: v.optional(v.object({ version: v.pipe(v.string(), v.regex(APP_VERSION)), mandatory: v.optional(v.boolean(), false) })),
  /**
   * The web app manifest's own icons by size ("192", "256", "384", "512", and "maskable": 512 px, the
   * artwork inside the central 80% circle) and colours, default: the built ones; the language of its
   * description when the request names none we have; the merchant's Android app (a Play package name),
   * listed as a related application (docs/install.md, "Web app manifest").
   */
  manifest: v.optional(
    v.object({
      icons: v.optional(v.record(v.picklist(['192', '256', '384', '512', 'maskable']), v.string())),
      language: v.optional(v.picklist(MANIFEST_LANGUAGES)),
      androidApp: v.optional(
        v.pipe(v.string(), v.regex(/^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+$/), v.maxLength(150)),
      ),
      themeColor: v.optional(v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/))),
      backgroundColor: v.optional(v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/))),
    }),
  ),
  whitelabelVal: v.record(v.string(), v.boolean()),
  imageCDNs: v.array(v.string()),
  sms: v.optional(
    v.object({
      provider: v.optional(v.string()),
      firebase: v.optional(v.boolean()),
      apiKey: v.optional(v.string()),
      /** SMS code captcha (needs GEETEST_VERSION v4 on the client). */
      captcha: v.optional(v.object({ enabled: v.boolean() })),
      authDomain: v.optional(v.string()),
      projectId: v.optional(v.string()),
      appId: v.optional(v.string()),
    }),
  ),
  gw: v.object({
    /** The captcha id (v3 `gt`, v4 `captchaId`); the stand-in only accepts results made for it. */
    GEETEST_ID: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/))),
    GEETEST_VERSION: v.optional(v.picklist(['v3', 'v4']), 'v3'),
    PROFILE_ICON_COUNT: v.optional(v.number(), 9),
    GEETEST_JS: v.optional(v.string()),
    GEETEST4_JS: v.optional(v.string()),
  }),
  /** The merchant's pixel ids (PixelIds); the initial runtime state, the dev controls change it. */
  analytics: v.optional(pixelIdsSchema),
  /** Field data (docs/field-data.md): the share of /m page loads that report, 0..1; 10 % unless set. */
  fieldData: v.optional(v.object({ sampleRate: v.pipe(v.number(), v.minValue(0), v.maxValue(1)) }), { sampleRate: 0.1 }),
});

/** A VAPID public key: base64url of an uncompressed P-256 point (65 bytes), what PushManager.subscribe takes. */
export function isVapidKey(key: string): boolean {
  if (!/^[A-Za-z0-9_-]{86,88}={0,2}$/.test(key)) return false;
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return false;
  try {
    // Refused unless the point is on the curve.
    createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Push (Firebase Cloud Messaging): the merchant's Firebase project for the web. Present: push is on,
 * and the site status's info.sms carries it (server/api/site-info.ts). In demo and test mode the push
 * service stand-in (server/push/push-service.ts) accepts this project with this api key.
 */
const pushSchema = v.object({
  projectId: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,64}$/)),
  apiKey: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,128}$/)),
  appId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9:_.-]{1,128}$/)),
  messagingSenderId: v.pipe(v.string(), v.regex(/^\d{1,20}$/)),
  /** Default: `<projectId>.firebaseapp.com`. */
  authDomain: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9.-]{1,253}$/))),
  vapidKey: v.pipe(v.string(), v.check(isVapidKey, 'not a base64url P-256 public key (65 bytes)')),
});

const merchantSchema = v.object({
  /** Web origins (scheme://host[:port]) of merchant pages allowed to call /wps across origins. */
  allowedOrigins: v.optional(v.array(v.pipe(v.string(), v.url())), []),
  /**
   * Answer of /wps/system/domainRoute (`host[:port]`, no scheme); "$host" stands for the request's
   * own Host and "$port" for its port (server/merchants/domains.ts).
   */
  domains: v.optional(v.array(v.pipe(v.string(), v.regex(DOMAIN_ENTRY, 'host[:port] without scheme'))), ['$host']),
  /** Initial runtime state (server/db/state.ts); the dev controls change it afterwards. */
  status: statusBlockSchema,
  info: siteInfo,
  push: v.optional(pushSchema),
  country: v.object({
    countryCode: v.string(),
    countryDialingCode: v.string(),
    currency: v.string(),
    currencySymbol: v.string(),
    countries: v.array(v.object({ countryCode: v.string(), countryDialingCode: v.string() })),
  }),
  /** Banners by group (docs/api.md, "Banners"): the home page's and the download-image popups' (m_popup1, m_popup2). */
  banners: v.optional(
    v.array(
      v.object({
        id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)),
        groupName: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]{1,32}$/)),
        imageUrl: v.string(),
        url: v.optional(v.string()),
        linkageType: v.optional(v.picklist(['P', 'URL', 'G'])),
        linkage: v.optional(v.string()),
        roomId: v.optional(v.string()),
        nodeId: v.optional(v.string()),
        gameType: v.optional(v.string()),
        vendor: v.optional(v.string()),
        waitingTime: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(600))),
      }),
    ),
    [],
  ),
  /**
   * GCSGAME_newGameVendor's catalogue (docs/api.md, "Games"); absent: the demo catalogue of
   * server/games/catalogue.ts. The launch calls accept only its vendors and trial games.
   */
  games: v.optional(gamesSchema),
  /**
   * Demo seed (server/engagement/seed.ts): one promotion per type, enabled or not, made at the first
   * start outside production. `count` is what files written before the promotions table said; it is
   * ignored (the table counts now).
   */
  promotions: v.optional(
    v.record(v.picklist(PROMOTION_TYPES), v.object({ enabled: v.boolean(), count: v.optional(v.number()) })),
    {},
  ),
  /**
   * The second-check methods offered (`login_verify_required`, POST /wps/session/login/verification):
   * `S` SMS code and `G` authenticator code, the possession factors, by default. `E` (email) and `P`
   * (payee name) are knowledge checks, not a second factor: a merchant that adds them is warned in
   * docs/server.md ("Security").
   */
  twoFactorMethods: v.optional(
    v.pipe(
      v.array(v.picklist(['S', 'G', 'E', 'P'])),
      v.minLength(1),
      v.check((a) => new Set(a).size === a.length, 'a method is listed twice'),
    ),
    ['S', 'G'],
  ),
  /** A password older than this many days is reported as `passwordExpired` at login. */
  passwordMaxAgeDays: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(3650)), 90),
  /** Identity provider sign-in: an ID token whose sign-in (`auth_time`) is older than this is refused (default 300). */
  identityMaxAgeSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(10), v.maxValue(86_400))),
  /**
   * Demo members seeded at start-up when absent (the password is hashed before it is stored), with
   * their second-check factors and recorded login IPs.
   */
  members: v.optional(
    v.array(
      v.pipe(
        v.object({
          username: v.string(),
          password: v.string(),
          type: v.optional(v.number(), 0),
          language: v.optional(v.string(), 'EN'),
          email: v.optional(v.pipe(v.string(), v.email())),
          payeeName: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(128))),
          countryDialingCode: v.optional(
            v.pipe(
              v.string(),
              v.check((s) => normalizeDialingCode(s) !== undefined, 'not a dialing code'),
            ),
          ),
          mobileNum: v.optional(
            v.pipe(
              v.string(),
              v.check((s) => normalizeMobileNum(s) !== undefined, 'not a mobile number'),
            ),
          ),
          /** Authenticator (TOTP) secret, base32; stored sealed (server/infra/secrets.ts). */
          gaSecret: v.optional(v.pipe(v.string(), v.regex(BASE32_SECRET))),
          ips: v.optional(
            v.array(
              v.pipe(
                v.string(),
                v.check((s) => isIP(s) !== 0, 'not an IP address'),
              ),
            ),
            [],
          ),
        }),
        v.check(
          (m) => (m.mobileNum === undefined) === (m.countryDialingCode === undefined),
          'mobileNum and countryDialingCode go together',
        ),
      ),
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
