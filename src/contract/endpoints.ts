/**
 * The /wps contract: every call of docs/product.md §7, one row each.
 *
 * The request clients read a row to know how to send a call (method, path, ModuleId header,
 * encryption, Authorization, client); the reference server registers its routes from the same rows
 * and validates bodies with the schema named in `payload` (see ./schemas.ts and server/).
 * Payload and response types live beside the rows in `EndpointTypes`.
 */
import type * as S from './schemas.ts';
import { BANNERS_PATH, STATUS_PATH } from './paths.ts';
import type { PromotionType } from './promotionTypes.ts';
import type { FieldDataSetting } from './fieldData.ts';
import type { gameEndpoints, mcEndpoints, pushEndpoints } from './feature-endpoints.ts';
import { e, type Endpoint } from './endpoint-row.ts';

export { e, payloadSchemaNames, type Endpoint, type HttpMethod } from './endpoint-row.ts';

export const endpoints = {
  login: e({ method: 'POST', path: '/wps/session/login', encrypted: true, auth: false, client: 'B', payload: 'loginPayload' }),
  loginVerification: e({
    method: 'POST',
    path: '/wps/session/login/verification',
    encrypted: true,
    auth: false,
    client: 'B',
    payload: 'twoFactorPayload',
  }),
  logout: e({ method: 'POST', path: '/wps/session/logout', encrypted: false, auth: true, client: 'B' }),
  rsaKey: e({ method: 'GET', path: '/wps/session/key/rsa', encrypted: false, auth: false, client: 'B' }),
  register: e({
    method: 'POST',
    path: '/wps/member/register',
    moduleId: 'REG3',
    encrypted: true,
    auth: false,
    client: 'B',
    payload: 'registerPayload',
  }),
  registerMobile: e({
    method: 'POST',
    path: '/wps/member/register/mobile',
    moduleId: 'MOBILENUMREG3',
    encrypted: true,
    auth: false,
    client: 'B',
    payload: 'registerPayload',
  }),
  registerAutoUsername: e({
    method: 'POST',
    path: '/wps/member/register/autoUsername',
    encrypted: false,
    auth: false,
    client: 'B',
  }),
  memberPassword: e({
    method: 'POST',
    path: '/wps/member/password',
    encrypted: true,
    auth: true,
    client: 'A',
    payload: 'passwordPayload',
  }),
  memberInfo: e({ method: 'GET', path: '/wps/member/info', encrypted: false, auth: true, client: 'A' }),
  memberLanguage: e({
    method: 'POST',
    path: '/wps/member/language',
    encrypted: false,
    auth: true,
    client: 'A',
    payload: 'languagePayload',
  }),
  smsNoLogin: e({
    method: 'POST',
    path: '/wps/verification/sms/noLogin',
    encrypted: false,
    auth: false,
    client: 'B',
    payload: 'smsNoLoginPayload',
  }),
  systemStatus: e({
    method: 'GET',
    path: STATUS_PATH,
    encrypted: false,
    auth: false,
    client: 'B',
    payload: 'statusQuery',
  }),
  systemCountry: e({ method: 'GET', path: '/wps/system/country', encrypted: false, auth: false, client: 'B', cache: true }),
  domainRoute: e({ method: 'GET', path: '/wps/system/domainRoute', encrypted: false, auth: false, client: 'B' }),
  ping: e({
    method: 'GET',
    path: '/wps/system/test/ping',
    encrypted: false,
    auth: false,
    client: 'B',
    timeout: 5000,
    cookies: false,
  }),
  captchaGeetest: e({
    method: 'GET',
    path: '/wps/captcha/geetest',
    encrypted: false,
    auth: false,
    client: 'B',
    payload: 'captchaQuery',
  }),
  launchChat: e({
    method: 'GET',
    path: '/wps/relay/CBS_launchChat',
    encrypted: false,
    auth: true,
    client: 'B',
    payload: 'launchChatQuery',
  }),
  unreadCount: e({ method: 'GET', path: '/wps/relay/CBS_unreadCount', encrypted: false, auth: true, client: 'B' }),
  availablePromotions: e({
    method: 'GET',
    path: '/wps/relay/MCSFE_getMerchantAvailablePromotions',
    encrypted: false,
    auth: false,
    client: 'B',
    cache: true,
  }),
  /** The merchant's banners of the given groups (docs/api.md, "Banners"; the SPEC names no path: ours). */
  banners: e({
    method: 'GET',
    path: BANNERS_PATH,
    encrypted: false,
    auth: false,
    client: 'B',
    payload: 'bannersQuery',
    cache: true,
  }),
  /** The merchant's promotions, or the one with `id` (docs/api.md, "Promotions"; the SPEC names no path: ours). */
  promotionList: e({
    method: 'GET',
    path: '/wps/relay/MCSFE_getPromotionList',
    encrypted: false,
    auth: false,
    client: 'B',
    payload: 'promotionListQuery',
  }),
  listAnnouncements: e({
    method: 'GET',
    path: '/wps/relay/MCSFE_getListAnnouncements',
    encrypted: false,
    auth: false,
    client: 'B',
    payload: 'announcementsQuery',
  }),
  rankProgress: e({ method: 'GET', path: '/wps/relay/MCSFE_getPlayerRankProgress', encrypted: false, auth: true, client: 'A' }),
  assetManifest: e({
    method: 'GET',
    path: '/m/asset-manifest.json',
    encrypted: false,
    auth: false,
    client: 'B',
    raw: true,
    cookies: false,
  }),
  assetManifestMc: e({
    method: 'GET',
    path: '/mobile/mc/asset-manifest.json',
    encrypted: false,
    auth: false,
    client: 'B',
    raw: true,
    cookies: false,
  }),
} satisfies Record<string, Endpoint>;

/**
 * Every call: the rows above, and those of the parts that are not in the first load of /m/home, kept
 * beside this file and registered with the client by their feature (./feature-endpoints.ts).
 */
export type EndpointName =
  keyof typeof endpoints | keyof typeof mcEndpoints | keyof typeof gameEndpoints | keyof typeof pushEndpoints;

/** `{ success, message?, errorCode?, value? }`: every /wps answer. */
export interface ApiResponse<T = unknown> {
  success: boolean;
  message?: string;
  errorCode?: string;
  value?: T;
}

export interface LoginValue {
  id: number;
  token: string;
  userName: string;
  customerType: number;
  firstTimeLogin: boolean;
  passwordExpired?: boolean;
  /**
   * The session is a forced-change one (the default password, or an expired one with
   * PWDEXPFORCECHANGE3): until the password is changed the server refuses its other calls with
   * `password.change.required`, and the client goes to /m/changePsw.
   */
  passwordChangeRequired?: boolean;
}

export interface LoginErrorValue {
  email?: boolean;
  ga?: boolean;
  sms?: boolean;
  payeeName?: boolean;
}

export interface RsaKeyValue {
  /** Base64 DER (SPKI) RSA public key. */
  rsaKey: string;
  /** Asymmetric scheme, e.g. RSA/ECB/PKCS1Padding. */
  RSA: string;
  /** Symmetric scheme, e.g. DESede/CBC/PKCS7Padding. */
  DES: string;
  /** The server's clock (epoch ms) when it answered: encrypted requests are dated on it (docs/api.md). */
  serverTime?: number;
}

/** docs/product.md §3, VIP progress: progress is completed / expected, 1 without a label id. */
export interface RankProgress {
  completedConditions: number;
  totalExpectedConditions: number;
  labelId?: number | null;
}

export interface MemberInfo {
  type: number;
  id: number;
  userName: string;
  language: string;
  clubLabel?: { labelName: string; type: string; rankLevel: number } | null;
}

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

/**
 * A banner (docs/product.md §3): its group (`m_popup1`, `m_popup2`: the download-image popups;
 * others: the home page's), the image (`imageUrl`, ours: the SPEC names none), where a tap leads
 * (`linkageType` P: a promotion, `linkage` its id; URL: `url`; G: a game, roomId, nodeId, gameType,
 * vendor), and how long a popup waits before it closes itself (`waitingTime`, seconds, ours).
 */
export interface Banner {
  id: string;
  groupName: string;
  imageUrl: string;
  url?: string;
  linkageType?: 'P' | 'URL' | 'G';
  linkage?: string;
  roomId?: string;
  nodeId?: string;
  gameType?: string;
  vendor?: string;
  waitingTime?: number;
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

export type { PromotionType };

/**
 * A popup item of MCSFE_getListAnnouncements (docs/product.md §3): `content` is the operator's HTML
 * (sanitised on the client before it reaches the DOM); `execution` A logged in, B logged out, F
 * first-time login. Ours (docs/api.md): `promotionId` (the promotion the go-to-activity button opens)
 * and `forceRead` (closing advances through the slides until the last).
 */
export interface PopupItem {
  id: string;
  title: string;
  content: string;
  promotionType?: PromotionType | null;
  promotionId?: string | null;
  execution: 'A' | 'B' | 'F';
  forceRead?: boolean;
}

/** A promotion of MCSFE_getPromotionList (ours, docs/api.md): `content` is HTML, sanitised on the client. */
export interface Promotion {
  id: string;
  type: PromotionType;
  title: string;
  summary: string;
  content: string;
  imageUrl?: string | null;
  /** Epoch ms; null: open-ended. */
  startTime?: number | null;
  endTime?: number | null;
}

export type AvailablePromotions = Partial<Record<string, { enabled: boolean; count: number }>>;

/**
 * A vendor card of GCSGAME_newGameVendor (docs/product.md §3; docs/api.md, "Games"): the vendor's
 * account type (LOTT, TCG_SEA, TCG_LOTTO_VN, PG, ...) and the name players see. Ours: `cardType`
 * (the category the card belongs to; RNG and PVP are TCG's own and sorted as TCG), `imageUrl` (a
 * server-given picture, checked before use) and `trial` (a free demo game GCS_gameTrialLaunch opens).
 */
export interface GameVendorCard {
  accountTypeName: string;
  displayName: string;
  cardType?: string;
  imageUrl?: string | null;
  trial?: { gameId: string; nodeId?: string } | null;
}

/** A lane: a row of cards as the operator laid out the lobby. */
export interface GameLane {
  title?: string;
  cards: GameVendorCard[];
}

/** A category of GCSGAME_newGameVendor's gameClassify: its code, its vendors (account types) and its number of games. */
export interface GameClassify {
  category: string;
  vendors: string[];
  gameCount: number;
}

/** GCSGAME_newGameVendor's value. */
export interface GameVendorData {
  title: string;
  lanes: GameLane[];
  gameClassify: GameClassify[];
}

/**
 * POST /wps/game/launchGame's value (docs/product.md §3, "Game launch"): where the game is (`gameUrl`,
 * checked before the frame opens it) and what was launched.
 */
export interface GameLaunch {
  gameUrl: string;
  vendor?: string;
  prizeMode?: string;
  gameCode?: string;
  hasLobby?: boolean;
  playType?: string;
  backUrl?: string;
  labelName?: string;
}

/** The state of a reward or voucher (docs/member-centre.md). */
export type ClaimState = 'available' | 'claimed' | 'expired';

/** The member's balance, in the merchant's currency (ISO code, e.g. PHP). Amounts are in currency units. */
export interface Wallet {
  balance: number;
  currency: string;
}

/** GET /wps/mc/overview: the member centre's header figures and the badges on its links. */
export interface McOverview extends Wallet {
  /** Rewards and vouchers available to claim. */
  rewards: number;
  vouchers: number;
  /** Novice tasks done and not yet claimed. */
  tasks: number;
  signedToday: boolean;
  /** A rescue amount is waiting. */
  rescue: boolean;
}

/** A reward: money a promotion (or the operator, MANUAL) gave the member, claimed into the balance. */
export interface Reward {
  id: string;
  title: string;
  source: PromotionType | 'MANUAL';
  amount: number;
  state: ClaimState;
  /** Epoch ms; an available reward past it turns expired. */
  expiresAt?: number;
  claimedAt?: number;
}

export type VoucherKind = 'BONUS' | 'FREE_SPINS' | 'CASHBACK';

/** A voucher: a bonus with a condition (minimum deposit), a number of free spins or a cashback percentage. */
export interface Voucher {
  id: string;
  code: string;
  title: string;
  kind: VoucherKind;
  /** BONUS: an amount; FREE_SPINS: spins; CASHBACK: percent. */
  value: number;
  minDeposit?: number;
  state: ClaimState;
  expiresAt?: number;
  claimedAt?: number;
}

/**
 * The answer to every claim. A repeated claim (a double tap, a resent request) answers the same
 * claim again with `credited: false`: the balance grew once.
 */
export interface ClaimResult extends Wallet {
  id: string;
  amount: number;
  credited: boolean;
  claimedAt: number;
}

/** GET /wps/mc/signIn: the seven-day cycle of the daily sign-in, in the member's own time zone. */
export interface SignInBoard {
  /** The member's local date, YYYY-MM-DD, in `timeZone` (pinned at the first sign-in). */
  today: string;
  timeZone: string;
  signedToday: boolean;
  /** Consecutive local days signed in, up to today or yesterday (0 once a day was missed). */
  streak: number;
  /** The cycle day (1..7) the next sign-in gives. */
  nextDay: number;
  days: { day: number; amount: number }[];
  /** Local dates signed in, the last 30 days, newest first. */
  recent: string[];
}

export interface SignInResult extends Wallet {
  date: string;
  day: number;
  amount: number;
  streak: number;
}

export type TaskKind = 'PROFILE' | 'SIGN_IN' | 'DEPOSIT' | 'PLAY' | 'INVITE';

/** A novice task: a goal, the member's progress towards it and its reward. */
export interface NoviceTask {
  id: string;
  kind: TaskKind;
  goal: number;
  progress: number;
  amount: number;
  /** open: not done yet; claimable: done, reward waiting; claimed. */
  state: 'open' | 'claimable' | 'claimed';
  /** An /m path where the task is done (e.g. /m/activity/signIn). */
  link?: string;
}

/** GET /wps/mc/rescue: yesterday's (local date `period`) net loss and the relief it gives. */
export interface RescueState {
  currency: string;
  period: string;
  loss: number;
  /** The loss from which relief is given, the percent given, the most given. */
  minLoss: number;
  rate: number;
  cap: number;
  /** The relief: min(cap, loss x rate / 100), 0 when not eligible. */
  amount: number;
  state: 'ineligible' | 'available' | 'claimed' | 'expired';
  /** Epoch ms: the end of the claim window (the end of today, local). */
  claimableUntil: number;
}

export type LeaderboardPeriod = 'day' | 'week' | 'month';

export interface LeaderboardEntry {
  rank: number;
  /** Masked by the server (e.g. "pl***01"), except the member's own. */
  name: string;
  score: number;
  prize?: number;
  me?: boolean;
}

/** GET /wps/mc/leaderboard: the top entries of a period by turnover and the member's own place. */
export interface Leaderboard {
  period: LeaderboardPeriod;
  currency: string;
  startsAt: number;
  endsAt: number;
  entries: LeaderboardEntry[];
  /** The member's place; rank absent when the member has no score this period. */
  me: { rank?: number; score: number; name: string };
}

export type VipBenefitKind =
  'UPGRADE_BONUS' | 'BIRTHDAY_BONUS' | 'WEEKLY_CASHBACK' | 'DAILY_WITHDRAWALS' | 'WITHDRAWAL_LIMIT' | 'PRIORITY_SUPPORT';

/** GET /wps/mc/vip/levels: the merchant's VIP levels, lowest first, with their benefits. */
export interface VipLevel {
  id: number;
  name: string;
  type: 'AUTO' | 'MANUAL';
  rankLevel: number;
  expectedConditions: number;
  /** value: an amount (bonuses, limit), a percent (cashback), a count (withdrawals); 1 for PRIORITY_SUPPORT. */
  benefits: { kind: VipBenefitKind; value: number }[];
}

export type FeedbackCategory = 'suggestion' | 'bug' | 'payment' | 'game' | 'account' | 'other';

export interface FeedbackEntry {
  id: number;
  category: FeedbackCategory;
  content: string;
  hasImage: boolean;
  createdAt: number;
  status: 'received' | 'answered';
  reply?: string;
}

/** GET /wps/mc/referral/rules (public): the referral promotion and its rules. */
export interface ReferralRules {
  /** The REFERRAL promotion is live for the merchant. */
  enabled: boolean;
  currency: string;
  /** Paid for each friend who registers and deposits at least minDeposit, up to maxFriends. */
  rewardPerFriend: number;
  minDeposit: number;
  maxFriends: number;
}

/** GET /wps/mc/referral: the member's code and how the invitations went. */
export interface Referral {
  code: string;
  invited: number;
  qualified: number;
  earned: number;
  currency: string;
}

/** Payload (body or query) and response value of each call. */
export interface EndpointTypes {
  login: [S.LoginPayload, LoginValue];
  loginVerification: [S.TwoFactorPayload, LoginValue];
  logout: [void, null];
  rsaKey: [{ _: number }, RsaKeyValue];
  register: [S.RegisterPayload, LoginValue];
  registerMobile: [S.RegisterPayload, LoginValue];
  registerAutoUsername: [void, { username: string }];
  memberInfo: [void, MemberInfo];
  memberLanguage: [S.LanguagePayload, null];
  smsNoLogin: [S.SmsNoLoginPayload, { expirationTime: number }];
  systemStatus: [S.StatusQuery, SiteStatus];
  systemCountry: [void, CountryInfo];
  domainRoute: [void, DomainEntry[]];
  ping: [{ speed: number }, string];
  captchaGeetest: [S.CaptchaQuery, { gt: string; challenge: string; newCaptcha: boolean; success: number }];
  memberPassword: [S.PasswordPayload, null];
  launchChat: [S.LaunchChatQuery, { chatUrl: string }];
  unreadCount: [void, { unReadCount: number }];
  availablePromotions: [void, AvailablePromotions];
  banners: [S.BannersQuery, Banner[]];
  promotionList: [S.PromotionListQuery, Promotion[]];
  listAnnouncements: [S.AnnouncementsQuery, PopupItem[]];
  rankProgress: [void, RankProgress];
  launchGame: [S.LaunchGamePayload, GameLaunch];
  gameTrialLaunch: [S.TrialLaunchQuery, { gameUrl: string }];
  newGameVendor: [void, GameVendorData];
  fcmBind: [S.FcmBindPayload, null];
  fcmSubscribe: [S.FcmSubscribePayload, null];
  fcmUnsubscribe: [S.FcmUnsubscribePayload, null];
  mcOverview: [void, McOverview];
  rewards: [void, Reward[]];
  rewardClaim: [S.ClaimPayload, ClaimResult];
  vouchers: [void, Voucher[]];
  voucherClaim: [S.ClaimPayload, ClaimResult];
  signInBoard: [S.SignInQuery, SignInBoard];
  signIn: [S.SignInPayload, SignInResult];
  tasks: [void, NoviceTask[]];
  taskClaim: [S.ClaimPayload, ClaimResult];
  rescue: [void, RescueState];
  rescueClaim: [S.RescueClaimPayload, ClaimResult];
  leaderboard: [S.LeaderboardQuery, Leaderboard];
  vipLevels: [void, VipLevel[]];
  feedbackList: [void, FeedbackEntry[]];
  feedbackSubmit: [S.FeedbackPayload, FeedbackEntry];
  referralRules: [void, ReferralRules];
  referral: [void, Referral];
  assetManifest: [{ t: number }, Record<string, unknown>];
  assetManifestMc: [{ t: number }, Record<string, unknown>];
}

export type PayloadOf<N extends EndpointName> = EndpointTypes[N][0];
export type ValueOf<N extends EndpointName> = EndpointTypes[N][1];
