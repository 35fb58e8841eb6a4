/**
 * The rows of the /wps contract that are not needed by the first load of /m/home: the member
 * centre's (docs/member-centre.md, docs/api.md "Member centre"; client A, each its own path under
 * /wps/mc, which the specification leaves to us), the games' and push's. Apart from ./endpoints.ts
 * so they travel with their feature's code: the feature registers them with the client
 * (`addEndpoints`) when it loads; the server registers every row. Their payload and answer types are
 * in ./endpoints.ts (`EndpointTypes`).
 */
import { e, type Endpoint } from './endpoint-row.ts';

export const mcEndpoints = {
  mcOverview: e({ method: 'GET', path: '/wps/mc/overview', encrypted: false, auth: true, client: 'A' }),
  rewards: e({ method: 'GET', path: '/wps/mc/rewards', encrypted: false, auth: true, client: 'A' }),
  rewardClaim: e({
    method: 'POST',
    path: '/wps/mc/rewards/claim',
    encrypted: false,
    auth: true,
    client: 'A',
    payload: 'claimPayload',
  }),
  vouchers: e({ method: 'GET', path: '/wps/mc/vouchers', encrypted: false, auth: true, client: 'A' }),
  voucherClaim: e({
    method: 'POST',
    path: '/wps/mc/vouchers/claim',
    encrypted: false,
    auth: true,
    client: 'A',
    payload: 'claimPayload',
  }),
  signInBoard: e({
    method: 'GET',
    path: '/wps/mc/signIn',
    encrypted: false,
    auth: true,
    client: 'A',
    payload: 'signInQuery',
  }),
  signIn: e({ method: 'POST', path: '/wps/mc/signIn', encrypted: false, auth: true, client: 'A', payload: 'signInPayload' }),
  tasks: e({ method: 'GET', path: '/wps/mc/tasks', encrypted: false, auth: true, client: 'A' }),
  taskClaim: e({
    method: 'POST',
    path: '/wps/mc/tasks/claim',
    encrypted: false,
    auth: true,
    client: 'A',
    payload: 'claimPayload',
  }),
  rescue: e({ method: 'GET', path: '/wps/mc/rescue', encrypted: false, auth: true, client: 'A' }),
  rescueClaim: e({
    method: 'POST',
    path: '/wps/mc/rescue/claim',
    encrypted: false,
    auth: true,
    client: 'A',
    payload: 'rescueClaimPayload',
  }),
  leaderboard: e({
    method: 'GET',
    path: '/wps/mc/leaderboard',
    encrypted: false,
    auth: true,
    client: 'A',
    payload: 'leaderboardQuery',
  }),
  vipLevels: e({ method: 'GET', path: '/wps/mc/vip/levels', encrypted: false, auth: false, client: 'A' }),
  feedbackList: e({ method: 'GET', path: '/wps/mc/feedback', encrypted: false, auth: true, client: 'A' }),
  feedbackSubmit: e({
    method: 'POST',
    path: '/wps/mc/feedback',
    encrypted: false,
    auth: true,
    client: 'A',
    payload: 'feedbackPayload',
    bodyLimit: 512 * 1024,
  }),
  /** Public: /m/inviteFriends shows the rules to visitors too. */
  referralRules: e({ method: 'GET', path: '/wps/mc/referral/rules', encrypted: false, auth: false, client: 'A' }),
  referral: e({ method: 'GET', path: '/wps/mc/referral', encrypted: false, auth: true, client: 'A' }),
} satisfies Record<string, Endpoint>;

/** The game catalogue, launch and trial calls (docs/games.md). */
export const gameEndpoints = {
  launchGame: e({
    method: 'POST',
    path: '/wps/game/launchGame',
    encrypted: false,
    auth: true,
    client: 'B',
    payload: 'launchGamePayload',
    timeout: 10000,
  }),
  gameTrialLaunch: e({
    method: 'GET',
    path: '/wps/relay/GCS_gameTrialLaunch',
    encrypted: false,
    auth: false,
    client: 'B',
    payload: 'trialLaunchQuery',
  }),
  newGameVendor: e({
    method: 'GET',
    path: '/wps/relay/GCSGAME_newGameVendor',
    encrypted: false,
    auth: false,
    client: 'B',
    cache: true,
  }),
} satisfies Record<string, Endpoint>;

/** The push relay (docs/product.md §7); registered by push when it is built. */
export const pushEndpoints = {
  fcmBind: e({
    method: 'POST',
    path: '/wps/relay/CSP_fcmBind',
    encrypted: false,
    auth: true,
    client: 'A',
    payload: 'fcmBindPayload',
  }),
  fcmSubscribe: e({
    method: 'POST',
    path: '/wps/relay/CSP_fcmSubscribe',
    encrypted: false,
    auth: true,
    client: 'A',
    payload: 'fcmSubscribePayload',
  }),
  // Sent without a session: the page calls it once its session is gone (a logout, a 401), and the
  // relay lets anybody unbind a token whose binding session has ended, never one a live session of
  // another member bound (docs/push.md, "Following the session").
  fcmUnsubscribe: e({
    method: 'POST',
    path: '/wps/relay/CSP_fcmUnsubscribe',
    encrypted: false,
    auth: false,
    client: 'A',
    payload: 'fcmUnsubscribePayload',
  }),
} satisfies Record<string, Endpoint>;

/** Every row of this file, for the server. */
export const featureEndpoints = { ...mcEndpoints, ...gameEndpoints, ...pushEndpoints };
