/**
 * The fields of a merchant's runtime state (db/state.ts): what each may hold, and the merchants.json
 * `status` block that gives the initial value of some. Apart from the store so that the merchant
 * configuration (merchants/merchants.ts) and the dev controls can check values without importing the
 * store, which itself needs the Merchant type.
 */
import * as v from 'valibot';
import type { PixelIds } from '../../src/contract/endpoints.ts';
import { PIXEL_ID } from '../../src/contract/tracking/pixelHosts.ts';

/** Language codes as the front end names its catalogues: EN, CN, PT-BR, ... */
export const LANGUAGE_CODE = /^[A-Z]{2}(-[A-Z]{2})?$/;
export const PING_MODES = ['ok', 'hang', 'fail'] as const;
export type PingMode = (typeof PING_MODES)[number];
/** POST /wps/game/launchGame and the game pages (server/games/): ok, the call held, the call failed, the page held. */
export const GAME_LAUNCH_MODES = ['ok', 'hang', 'fail', 'page-hang'] as const;
export type GameLaunchMode = (typeof GAME_LAUNCH_MODES)[number];

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const TEXT_LANGUAGES_MAX = 40;

/** Epoch ms (a whole non-negative number, at most what a Date can hold), or null for "no end given". */
export const maintenanceEndSchema = v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(8.64e15)));

/** `{ EN: { title?, description? }, CN: {...} }`, or null: plain text, never HTML. */
export const maintenanceTextsSchema = v.nullable(
  v.pipe(
    v.record(
      v.pipe(v.string(), v.regex(LANGUAGE_CODE)),
      v.strictObject({
        title: v.optional(v.pipe(v.string(), v.maxLength(TITLE_MAX))),
        description: v.optional(v.pipe(v.string(), v.maxLength(DESCRIPTION_MAX))),
      }),
    ),
    v.check((texts) => Object.keys(texts).length <= TEXT_LANGUAGES_MAX, `at most ${TEXT_LANGUAGES_MAX} languages`),
  ),
);

export const pingModeSchema = v.picklist(PING_MODES);
export const gameLaunchModeSchema = v.picklist(GAME_LAUNCH_MODES);

/** A native app version: 1 to 4 dotted numbers (2.4.39). */
export const APP_VERSION = /^\d{1,4}(\.\d{1,4}){0,3}$/;

/** Whitelabel flag names: MOBILEAUTOLOGIN3, PWDEXPFORCECHANGE3, ... */
export const WHITELABEL_FLAG = /^[A-Z0-9_]{1,40}$/;
export const GEETEST_VERSIONS = ['v3', 'v4'] as const;

/** An emulator origin: http(s)://host[:port], no path. */
export const AUTH_EMULATOR_URL = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$|^https?:\/\/\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;
export const authEmulatorUrlSchema = v.pipe(v.string(), v.maxLength(200), v.regex(AUTH_EMULATOR_URL));

/** The keys of PixelIds (site status `analytics`), each a pixel or measurement id. */
export const PIXEL_KEYS = [
  'fbPixelId',
  'tiktokPixelId',
  'gtagId',
  'kwaiPixelId',
  'bigoPixelId',
  'appsflyerId',
  'adjustToken',
] as const satisfies readonly (keyof PixelIds)[];
const pixelId = v.optional(v.pipe(v.string(), v.regex(PIXEL_ID)));
/** The merchant's pixel ids: only known keys, each a plain id (PIXEL_ID) or absent. */
export const pixelIdsSchema = v.strictObject(
  Object.fromEntries(PIXEL_KEYS.map((k) => [k, pixelId])) as Record<(typeof PIXEL_KEYS)[number], typeof pixelId>,
);

/** One schema per field: a stored row is merged field by field, a bad field is skipped. */
export const fieldSchemas = {
  maintenance: v.boolean(),
  maintenanceEnd: maintenanceEndSchema,
  maintenanceTexts: maintenanceTextsSchema,
  regionRestriction: v.boolean(),
  test: v.boolean(),
  domainUnavailable: v.boolean(),
  pingMode: pingModeSchema,
  gameLaunchMode: gameLaunchModeSchema,
  assetRevision: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Site settings (info.login / sms / register captcha, gw.GEETEST_VERSION, register options). */
  loginCaptcha: v.boolean(),
  smsCaptcha: v.boolean(),
  registerCaptcha: v.boolean(),
  geetestVersion: v.picklist(GEETEST_VERSIONS),
  mobilePassword: v.boolean(),
  autoRegister: v.boolean(),
  /** info.install.enabled: the install offers (docs/install.md). */
  installSupport: v.boolean(),
  /** info.app: the current native app version (null: none announced) and whether updating is mandatory. */
  appVersion: v.nullable(v.pipe(v.string(), v.regex(APP_VERSION))),
  appMandatory: v.boolean(),
  /** Identity provider sign-in offered (info.sms.firebase). */
  firebase: v.boolean(),
  /** Demo and test mode: the Firebase Auth emulator (origin) used instead of Google; null: none. */
  authEmulatorUrl: v.nullable(authEmulatorUrlSchema),
  /** info.whitelabelVal; a stored row holds only the flags a control switched (merged flag by flag). */
  whitelabel: v.record(v.pipe(v.string(), v.regex(WHITELABEL_FLAG)), v.boolean()),
  /** info.analytics: the merchant's pixel ids (only the keys that are set). */
  analytics: pixelIdsSchema,
};

type Fields = typeof fieldSchemas;
export type MerchantState = { [K in keyof Fields]: v.InferOutput<Fields[K]> };
export type MaintenanceTexts = NonNullable<MerchantState['maintenanceTexts']>;

/** The merchants.json `status` block (every field optional; assetRevision is not configurable). */
export const statusBlockSchema = v.optional(
  v.object({
    test: v.optional(v.boolean(), false),
    maintenance: v.optional(v.boolean(), false),
    maintenanceEnd: v.optional(maintenanceEndSchema, null),
    maintenanceTexts: v.optional(maintenanceTextsSchema, null),
    regionRestriction: v.optional(v.boolean(), false),
    domainUnavailable: v.optional(v.boolean(), false),
    pingMode: v.optional(pingModeSchema, 'ok'),
    gameLaunchMode: v.optional(gameLaunchModeSchema, 'ok'),
  }),
  {},
);
