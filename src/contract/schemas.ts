/**
 * Request payload schemas of the /wps contract (valibot).
 *
 * The reference server validates every body and query against these; the client only imports
 * their *types* (`import type`), so valibot never reaches the browser's first load.
 */
import * as v from 'valibot';
import { FEEDBACK_CATEGORIES, FEEDBACK_IMAGE_MAX, FEEDBACK_MAX, FEEDBACK_MIN } from './constants.ts';

/** Text the database can store: PostgreSQL refuses U+0000, so a NUL is a bad field, refused up front. */
const noNul = v.check((s: string) => !s.includes('\u0000'), 'contains NUL');
const str = (max = 256) => v.pipe(v.string(), noNul, v.maxLength(max));
const optStr = (max = 256) => v.optional(str(max));

export const LoginType = v.picklist(['username', 'sms', 'firebase']);

/** A string that must be there and not blank (a missing or empty one is "missing"). */
const filled = (max = 256) => v.pipe(v.string(), v.trim(), v.nonEmpty(), noNul, v.maxLength(max));

const uuid = v.pipe(v.string(), v.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/));

/** What every login sends, whatever its type. */
const loginCommon = {
  merchant: str(64),
  loginDeviceId: uuid,
  isOfficialAppLogin: v.optional(v.boolean()),
};

/** The captcha result a login may carry (docs/product.md §5 says when it must). */
const captchaFields = {
  geetestSeccode: optStr(512),
  geetestChallenge: optStr(512),
  geetestValidateV4: optStr(4096),
};
export const captchaSchema = v.object(captchaFields);
/** The captcha result fields of a login, an SMS code request or a registration. */
export type CaptchaFields = v.InferOutput<typeof captchaSchema>;

/**
 * POST /wps/session/login: one variant per `type`, each with the fields that type needs, so the
 * client's types and the server's checks come from the same place (docs/api.md, Login).
 */
export const loginPayload = v.variant('type', [
  v.object({
    type: v.literal('username'),
    username: filled(64),
    // Passwords are not trimmed: a space may be part of one.
    password: v.pipe(v.string(), v.nonEmpty(), noNul, v.maxLength(128)),
    ...captchaFields,
    ...loginCommon,
  }),
  v.object({
    type: v.literal('sms'),
    countryDialingCode: filled(8),
    mobileNum: filled(32),
    verificationCode: filled(16),
    ...loginCommon,
  }),
  v.object({
    type: v.literal('firebase'),
    firebaseChannel: optStr(32),
    firebaseIdToken: filled(4096),
    // With both: "log in to an existing account" and link the provider to it.
    username: optStr(64),
    password: optStr(128),
    ...captchaFields,
    ...loginCommon,
  }),
]);

export const twoFactorPayload = v.object({
  username: str(64),
  password: optStr(128),
  method: v.picklist(['E', 'P', 'G', 'S']),
  email: optStr(128),
  payeeName: optStr(128),
  authCode: optStr(16),
  mobileNum: optStr(32),
  verificationCode: optStr(16),
  firebaseIdToken: optStr(4096),
});

export const pixelTrack = v.object({
  fbPixelId: optStr(),
  tiktokPixelId: optStr(),
  gtagId: optStr(),
  kwaiPixelBaseCode: optStr(),
  ad_fbclid: optStr(),
  ad_gclid: optStr(),
  kwai_pixel_id: optStr(),
  kwai_click_id: optStr(),
});

export const registerPayload = v.object({
  registerMethod: v.picklist(['APP', 'H5', 'PWA', 'WEBCLIP']),
  registerUrl: optStr(2048),
  loginDeviceId: uuid,
  isOfficialAppLogin: v.optional(v.boolean()),
  domain: optStr(253),
  referralCode: optStr(64),
  affiliateCode: optStr(64),
  pixelTrack: v.optional(pixelTrack),
  login: v.optional(v.boolean()),
  geetestSeccode: optStr(512),
  geetestValidateV4: optStr(4096),
  geetestChallenge: optStr(512),
  captcha: optStr(64),
  // Format (credentials.ts) checked by the handler, so it answers register.*.invalid, not request.invalid.
  password: optStr(128),
  username: optStr(64),
  mobileNum: optStr(32),
  countryDialingCode: optStr(8),
  firebaseChannel: optStr(32),
  firebaseIdToken: optStr(4096),
  smsTemplate: optStr(64),
});

export const languagePayload = v.object({
  language: v.pipe(v.string(), v.regex(/^[A-Z]{2}(-[A-Z]{2})?$/)),
  merchantCode: optStr(64),
});

export const smsNoLoginPayload = v.object({
  countryDialingCode: str(8),
  mobileNum: v.pipe(v.string(), v.regex(/^[0-9]{4,20}$/)),
  /** The captcha result when the merchant's sms captcha setting is on (v4 only, docs/product.md §5). */
  geetestValidateV4: optStr(4096),
  geetestChallenge: optStr(512),
  geetestSeccode: optStr(512),
});

export const statusQuery = v.object({
  device: v.optional(v.literal('MOBILE')),
  track: optStr(2048),
  originalDomain: optStr(253),
  url: optStr(2048),
});

export const launchChatQuery = v.object({
  b2c: optStr(16),
  title: optStr(128),
  backUrl: optStr(2048),
  language: optStr(8),
  headerColor: optStr(16),
});

/** Comma-separated group names (m_popup1,m_popup2). */
export const bannersQuery = v.object({
  groupName: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]{1,32}(,[A-Za-z0-9_]{1,32}){0,9}$/)),
});

/** One promotion by id, or all when absent. */
export const promotionListQuery = v.object({
  id: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/))),
});

export const announcementsQuery = v.object({
  types: optStr(32),
  platform: optStr(8),
  category: optStr(64),
});

/** Codes the game calls carry (vendors, prize modes, game codes, play types): letters, digits, _ and -. */
const code = (max = 64) => v.optional(v.pipe(v.string(), v.regex(new RegExp(`^[A-Za-z0-9_-]{1,${max}}$`))));

/**
 * POST /wps/game/launchGame (docs/api.md, "Games"). The SPEC's lottery fields, plus ours: `vendor`
 * (the card's accountTypeName; the SPEC's payload has no field naming a non-lottery vendor),
 * `playType` (passed through to the game) and `nodeId` (a banner's game node).
 */
export const launchGamePayload = v.object({
  vendor: code(),
  playType: code(),
  nodeId: code(),
  lottoArea: optStr(32),
  launchMode: optStr(16),
  lottoPrizeMode: optStr(32),
  lottoGameCode: optStr(64),
  lottoView: v.optional(v.picklist(['betting', 'lobby'])),
  lottoMode: optStr(64),
  device: v.optional(v.literal('MOBILE')),
  backUrl: optStr(2048),
  hasLobby: v.optional(v.boolean()),
  language: optStr(8),
  title: optStr(128),
  labelName: optStr(64),
});

export const trialLaunchQuery = v.object({
  gameId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  nodeId: code(),
  platform: v.optional(v.literal('html5')),
});

export const fcmBindPayload = v.object({ registrationToken: str(4096) });
export const fcmSubscribePayload = v.object({ registrationToken: str(4096), topic: str(256) });
export const fcmUnsubscribePayload = v.object({
  registrationToken: str(4096),
  unsubscribeAll: v.optional(v.boolean()),
});

export const passwordPayload = v.object({
  // Always, also for a default or expired password (issue 26); empty is refused by the handler.
  oldPassword: str(128),
  // The password rule (credentials.ts) is checked by the handler: password.invalid.
  newPassword: str(128),
});

export const captchaQuery = v.object({
  t: v.optional(v.pipe(v.string(), v.regex(/^\d{1,16}$/))),
  /** Which setting asks for the captcha: login, sms or register. */
  scene: v.optional(v.picklist(['login', 'sms', 'register'])),
});

/** A member-centre claim: the id of the reward, voucher or task (docs/api.md, "Member centre"). */
export const claimPayload = v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)) });

/** The member's IANA time zone (Intl): the server checks it names a real zone. */
const timeZone = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_+\-/]{1,64}$/));
export const signInQuery = v.object({ timeZone: v.optional(timeZone) });
export const signInPayload = v.object({ timeZone });

export const rescueClaimPayload = v.object({ period: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/)) });

export const leaderboardQuery = v.object({ period: v.optional(v.picklist(['day', 'week', 'month'])) });

/** The image as a data: URL of a JPEG, PNG or WebP, made small by the client (constants.ts). */
export const feedbackPayload = v.object({
  category: v.picklist(FEEDBACK_CATEGORIES),
  content: v.pipe(v.string(), v.trim(), noNul, v.minLength(FEEDBACK_MIN), v.maxLength(FEEDBACK_MAX)),
  image: v.optional(
    v.pipe(v.string(), v.regex(/^data:image\/(?:jpeg|png|webp);base64,[A-Za-z0-9+/]+=*$/), v.maxLength(FEEDBACK_IMAGE_MAX)),
  ),
});

export type LoginPayload = v.InferOutput<typeof loginPayload>;
export type TwoFactorPayload = v.InferOutput<typeof twoFactorPayload>;
export type RegisterPayload = v.InferOutput<typeof registerPayload>;
export type PixelTrack = v.InferOutput<typeof pixelTrack>;
export type LanguagePayload = v.InferOutput<typeof languagePayload>;
export type SmsNoLoginPayload = v.InferOutput<typeof smsNoLoginPayload>;
export type StatusQuery = v.InferOutput<typeof statusQuery>;
export type LaunchChatQuery = v.InferOutput<typeof launchChatQuery>;
export type AnnouncementsQuery = v.InferOutput<typeof announcementsQuery>;
export type PromotionListQuery = v.InferOutput<typeof promotionListQuery>;
export type BannersQuery = v.InferOutput<typeof bannersQuery>;
export type LaunchGamePayload = v.InferOutput<typeof launchGamePayload>;
export type TrialLaunchQuery = v.InferOutput<typeof trialLaunchQuery>;
export type FcmBindPayload = v.InferOutput<typeof fcmBindPayload>;
export type FcmSubscribePayload = v.InferOutput<typeof fcmSubscribePayload>;
export type FcmUnsubscribePayload = v.InferOutput<typeof fcmUnsubscribePayload>;
export type PasswordPayload = v.InferOutput<typeof passwordPayload>;
export type CaptchaQuery = v.InferOutput<typeof captchaQuery>;
export type ClaimPayload = v.InferOutput<typeof claimPayload>;
export type SignInQuery = v.InferOutput<typeof signInQuery>;
export type SignInPayload = v.InferOutput<typeof signInPayload>;
export type RescueClaimPayload = v.InferOutput<typeof rescueClaimPayload>;
export type LeaderboardQuery = v.InferOutput<typeof leaderboardQuery>;
export type FeedbackPayload = v.InferOutput<typeof feedbackPayload>;
