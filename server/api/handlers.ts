/**
 * What each /wps call does, keyed by the catalogue's endpoint names. By the time a handler runs,
 * server/app.ts has resolved the merchant, checked the session (when the row says `auth`),
 * decrypted the body (when `encrypted`) and validated the input with the row's schema.
 * A handler returns the envelope's `value`, or throws an ApiError.
 */
import type { Catalogue, EndpointName } from '../../src/contract/catalogue.ts';
import type { PayloadOf, ValueOf } from '../../src/contract/endpoint-row.ts';
import type { SiteStatus } from '../../src/contract/types/site.ts';
import { deleteSession, type MemberRow } from '../db/sessions.ts';
import { ApiError, fieldError } from '../infra/errors.ts';
import { JsonText } from '../infra/answer.ts';
import type { MerchantState } from '../db/state-fields.ts';
import { hold } from '../infra/hold.ts';
import { clock } from '../infra/limits.ts';
import { expandDomains, requestHost } from '../merchants/domains.ts';
import { popupItems } from '../engagement/announcements.ts';
import { launchChat, unreadCount } from '../engagement/chat.ts';
import { availablePromotions, livePromotions } from '../engagement/promotions.ts';
import { clubLabelOf, rankProgressOf } from '../engagement/vip.ts';
import { bannerImageIn } from '../games/banners.ts';
import { catalogueOf } from '../games/catalogue.ts';
import { submitFeedback, feedbackOf } from '../member-centre/feedback.ts';
import { leaderboardOf } from '../member-centre/leaderboard.ts';
import { overviewOf } from '../member-centre/overview.ts';
import { referralOf, referralRulesOf } from '../member-centre/referral.ts';
import { claimRescue, rescueOf } from '../member-centre/rescue.ts';
import { claimReward, claimVoucher, rewardsOf, vouchersOf } from '../member-centre/rewards.ts';
import { signIn, signInBoard } from '../member-centre/signin.ts';
import { claimTask, tasksOf } from '../member-centre/tasks.ts';
import { vipLevelsOf } from '../member-centre/vip-levels.ts';
import { launchGame, trialLaunch } from '../games/launch.ts';
import { issueV3Config } from '../signin/captcha.ts';
import { unusedUsername } from '../signin/members.ts';
import { changePassword, registerByIdentity, registerByMobile, registerByUsername } from '../signin/register.ts';
import { login, sendSmsCode, verifyLogin } from '../signin/signin.ts';
import type { Call } from './call.ts';
import { contentLanguage, requestLanguage } from './language.ts';
import { countryInfoOf, siteInfoOf } from './site-info.ts';
import { pushServiceUrlOf } from '../push/push-service.ts';
import { bindToken, subscribeTopic, unsubscribeToken } from '../push/relay.ts';

type Answer<V> = V | JsonText<V>;
export type Handlers = {
  [N in EndpointName]?: (
    call: Call<PayloadOf<Catalogue[N]>>,
  ) => Promise<Answer<ValueOf<Catalogue[N]>>> | Answer<ValueOf<Catalogue[N]>>;
};

/**
 * The part of the site status that is the same for every visitor, as JSON, per merchant state (cached
 * for a second) and, in demo and test mode, per origin (the push service stand-in's URL is on it).
 */
const statusJson = new WeakMap<MerchantState, Map<string, string>>();

function loggedIn<P>(call: Call<P>): { member: MemberRow; token: string } {
  if (!call.member || !call.token) throw new ApiError('CUSTOMER_NOT_LOGIN', 'Please log in');
  return { member: call.member, token: call.token };
}

/** How long a ping in 'hang' mode holds the request before closing it (tests shorten it). */
export const pingLimits = { hangMs: 60_000 };

export const handlers: Handlers = {
  // serverTime: the client dates its encrypted requests on this clock (infra/replay.ts).
  rsaKey: ({ deps }) => ({ ...deps.keys.publicValue, serverTime: clock.now() }),

  async systemStatus({ deps, merchant, clientIp, c }) {
    const state = await deps.state.get(merchant);
    // The client then offers the other lines (domain-error modal, docs/product.md §8).
    if (state.domainUnavailable) {
      throw new ApiError('domain_not_available', 'This domain is not available, please use another line.');
    }
    // Demo and test mode: the push service stand-in on this server's public origin (like the Auth
    // emulator's URL, never in production).
    const pushServiceUrl = merchant.push && !deps.identity.production ? pushServiceUrlOf(deps.publicOrigin(c)) : undefined;
    let byOrigin = statusJson.get(state);
    if (byOrigin === undefined) statusJson.set(state, (byOrigin = new Map()));
    let shared = byOrigin.get(pushServiceUrl ?? '');
    if (shared === undefined) {
      if (byOrigin.size >= 16) byOrigin.clear();
      shared = JSON.stringify({
        info: siteInfoOf(merchant, state, pushServiceUrl),
        test: state.test,
        maintenance: state.maintenance,
        maintenanceEnd: state.maintenanceEnd,
        maintenanceTexts: state.maintenanceTexts,
        regionRestriction: state.regionRestriction,
      } satisfies Omit<SiteStatus, 'location'>);
      byOrigin.set(pushServiceUrl ?? '', shared);
    }
    // The visitor's own address, then the shared part (its opening brace dropped).
    return new JsonText<SiteStatus>(`{"location":${JSON.stringify({ ip: clientIp })},${shared.slice(1)}`);
  },

  systemCountry: ({ merchant }) => countryInfoOf(merchant),

  domainRoute: ({ merchant, c }) => expandDomains(merchant.domains, requestHost(c)).map((domainName) => ({ domainName })),

  /** Cache-Control no-store and ACAO * are set by server/app.ts for every answer of this path. */
  async ping({ deps, merchant, c }) {
    const speed = c.req.query('speed');
    if (speed !== undefined && !/^\d{1,16}$/.test(speed)) {
      throw fieldError('speed', false);
    }
    const { pingMode } = await deps.state.get(merchant);
    if (pingMode === 'fail') throw new ApiError('line.unavailable', 'This line is not available');
    if (pingMode === 'hang') {
      await hold(c, pingLimits.hangMs);
      // The client is gone (or waited 60 s and the connection was closed): nobody reads this.
      throw new ApiError('line.unavailable', 'This line is not available');
    }
    return 'pong';
  },

  /** Per type the merchant has: enabled with the number of live promotions, or disabled (engagement/promotions.ts). */
  availablePromotions: ({ deps, merchant }) => availablePromotions(deps.db, merchant.code),

  /** The live promotions in the request's language; with `id` that one, else 404 promotion.not.found. */
  promotionList: ({ deps, merchant, input, c }) => livePromotions(deps.db, merchant.code, requestLanguage(c), input.id),

  /** Popup items, newest first, by platform and category, in the request's language (engagement/announcements.ts). */
  listAnnouncements: ({ deps, merchant, input, c }) => popupItems(deps.db, merchant.code, input, requestLanguage(c)),

  /** The demo chat page's URL with a ticket of its own, never the session token (engagement/chat.ts). */
  launchChat(call) {
    const { member, token } = loggedIn(call);
    return launchChat(call.c, call.deps.db, call.merchant, member.id, token, call.input, call.deps.publicOrigin(call.c));
  },

  async unreadCount(call) {
    const { member } = loggedIn(call);
    return { unReadCount: await unreadCount(call.deps.db, member.id) };
  },

  rankProgress(call) {
    const { member } = loggedIn(call);
    return rankProgressOf(call.deps.db, member.id);
  },

  /**
   * The merchant's banners of the asked groups, in the asked groups' order; a picture of this
   * server's that has a version in the request's language is answered as that version (games/banners.ts).
   */
  banners: ({ merchant, input, c }) => {
    const groups = input.groupName.split(',');
    const language = contentLanguage(c);
    return groups.flatMap((group) =>
      merchant.banners.filter((b) => b.groupName === group).map((b) => ({ ...b, imageUrl: bannerImageIn(b.imageUrl, language) })),
    );
  },

  /**
   * The merchant's game vendor catalogue: its merchants.json `games` block as written, else the demo
   * one in the request's language (games/catalogue.ts).
   */
  newGameVendor: ({ merchant, c }) => catalogueOf(merchant, contentLanguage(c)),

  /** A demo game page of this server with a signed ticket, never the session token (games/launch.ts). */
  launchGame(call) {
    const { member, token } = loggedIn(call);
    return launchGame(call, member, token);
  },

  /** A trial game of the catalogue, no session needed: its demo page with a ticket of its own. */
  gameTrialLaunch: (call) => trialLaunch(call),

  /** type username (captcha when a setting asks for it; second check), sms (a code), firebase (an identity provider token). */
  login: (call) => login(call),

  /** The second check after login_verify_required: password (or identity provider token) again, then one factor (E, P, G or S). */
  loginVerification: (call) => verifyLogin(call),

  async logout(call) {
    const { token } = loggedIn(call);
    await deleteSession(call.deps.db, token);
    return null;
  },

  /** By username; with `firebaseIdToken`: with the identity provider (no captcha, see signin/signin.ts). */
  register: (call) => (call.input.firebaseIdToken !== undefined ? registerByIdentity(call) : registerByUsername(call)),

  registerMobile: (call) => registerByMobile(call),

  /** A username nobody has yet (not reserved: a registration may still find it taken). */
  registerAutoUsername: async ({ deps, merchant }) => ({ username: await unusedUsername(deps.db, merchant.code) }),

  smsNoLogin: (call) => sendSmsCode(call),

  captchaGeetest: ({ deps, merchant, clientIp }) => issueV3Config(deps, merchant, clientIp),

  memberPassword(call) {
    const { member, token } = loggedIn(call);
    return changePassword(call, member.id, token);
  },

  async memberInfo(call) {
    const { member } = loggedIn(call);
    const clubLabel = await clubLabelOf(call.deps.db, member.id);
    return { type: member.type, id: member.id, userName: member.username, language: member.language, clubLabel };
  },

  async memberLanguage(call) {
    const { member } = loggedIn(call);
    await call.deps.db.query('UPDATE members SET language = $1 WHERE id = $2', [call.input.language, member.id]);
    return null;
  },

  // The member centre (server/member-centre/; docs/api.md, "Member centre"). Claims are idempotent:
  // a repeat answers the same claim with `credited: false`.
  mcOverview: (call) => overviewOf(call.deps.db, call.merchant, loggedIn(call).member.id),
  rewards: (call) => rewardsOf(call.deps.db, loggedIn(call).member.id),
  rewardClaim: (call) => claimReward(call.deps.db, call.merchant, loggedIn(call).member.id, call.input.id),
  vouchers: (call) => vouchersOf(call.deps.db, loggedIn(call).member.id),
  voucherClaim: (call) => claimVoucher(call.deps.db, call.merchant, loggedIn(call).member.id, call.input.id),
  signInBoard: (call) => signInBoard(call.deps.db, call.merchant, loggedIn(call).member.id, call.input.timeZone),
  signIn: (call) => signIn(call.deps.db, call.merchant, loggedIn(call).member.id, call.input.timeZone),
  tasks: (call) => tasksOf(call.deps.db, call.merchant.code, loggedIn(call).member.id),
  taskClaim: (call) => claimTask(call.deps.db, call.merchant, loggedIn(call).member.id, call.input.id),
  rescue: (call) => rescueOf(call.deps.db.query, call.merchant, loggedIn(call).member.id),
  rescueClaim: (call) => claimRescue(call.deps.db, call.merchant, loggedIn(call).member.id, call.input.period),
  leaderboard: (call) => leaderboardOf(call.deps.db, call.merchant, loggedIn(call).member, call.input.period ?? 'day'),
  vipLevels: ({ deps, merchant }) => vipLevelsOf(deps.db, merchant.code),
  feedbackList: (call) => feedbackOf(call.deps.db, loggedIn(call).member.id),
  feedbackSubmit: (call) => submitFeedback(call.deps.db, call.deps.limits, loggedIn(call).member.id, call.input),
  referralRules: ({ deps, merchant }) => referralRulesOf(deps.db, merchant),
  referral: (call) => referralOf(call.deps.db, call.merchant, loggedIn(call).member.id),

  // The push relay (push/relay.ts): the registration token is bound to the member, then to topics;
  // unsubscribing needs no session (the token is the credential).
  fcmBind: (call) => {
    const { member, token } = loggedIn(call);
    return bindToken(call, member.id, token);
  },
  fcmSubscribe: (call) => subscribeTopic(call, loggedIn(call).member.id),
  fcmUnsubscribe: (call) => unsubscribeToken(call),
};
