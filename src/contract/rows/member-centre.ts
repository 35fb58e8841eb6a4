/**
 * The member centre's rows (docs/member-centre.md, docs/api.md "Member centre"; client A, each its
 * own path under /wps/mc, which the specification leaves to us). Not in the first load of /m/home:
 * the member centre's code imports them, so they travel in its chunk; the server registers every row
 * (../catalogue.ts).
 */
import { row, type Endpoint } from '../endpoint-row.ts';
import type * as S from '../schemas.ts';
import type {
  ClaimResult,
  FeedbackEntry,
  Leaderboard,
  McOverview,
  NoviceTask,
  Referral,
  ReferralRules,
  RescueState,
  Reward,
  SignInBoard,
  SignInResult,
  VipLevel,
  Voucher,
} from '../types/member-centre.ts';

export const mcEndpoints = {
  mcOverview: row<void, McOverview>({ method: 'GET', path: '/wps/mc/overview', encrypted: false, auth: true, client: 'A' }),
  rewards: row<void, Reward[]>({ method: 'GET', path: '/wps/mc/rewards', encrypted: false, auth: true, client: 'A' }),
  rewardClaim: row<S.ClaimPayload, ClaimResult>({
    method: 'POST',
    path: '/wps/mc/rewards/claim',
    encrypted: false,
    auth: true,
    client: 'A',
    payload: 'claimPayload',
  }),
  vouchers: row<void, Voucher[]>({ method: 'GET', path: '/wps/mc/vouchers', encrypted: false, auth: true, client: 'A' }),
  voucherClaim: row<S.ClaimPayload, ClaimResult>({
    method: 'POST',
    path: '/wps/mc/vouchers/claim',
    encrypted: false,
    auth: true,
    client: 'A',
    payload: 'claimPayload',
  }),
  signInBoard: row<S.SignInQuery, SignInBoard>({
    method: 'GET',
    path: '/wps/mc/signIn',
    encrypted: false,
    auth: true,
    client: 'A',
    payload: 'signInQuery',
  }),
  signIn: row<S.SignInPayload, SignInResult>({
    method: 'POST',
    path: '/wps/mc/signIn',
    encrypted: false,
    auth: true,
    client: 'A',
    payload: 'signInPayload',
  }),
  tasks: row<void, NoviceTask[]>({ method: 'GET', path: '/wps/mc/tasks', encrypted: false, auth: true, client: 'A' }),
  taskClaim: row<S.ClaimPayload, ClaimResult>({
    method: 'POST',
    path: '/wps/mc/tasks/claim',
    encrypted: false,
    auth: true,
    client: 'A',
    payload: 'claimPayload',
  }),
  rescue: row<void, RescueState>({ method: 'GET', path: '/wps/mc/rescue', encrypted: false, auth: true, client: 'A' }),
  rescueClaim: row<S.RescueClaimPayload, ClaimResult>({
    method: 'POST',
    path: '/wps/mc/rescue/claim',
    encrypted: false,
    auth: true,
    client: 'A',
    payload: 'rescueClaimPayload',
  }),
  leaderboard: row<S.LeaderboardQuery, Leaderboard>({
    method: 'GET',
    path: '/wps/mc/leaderboard',
    encrypted: false,
    auth: true,
    client: 'A',
    payload: 'leaderboardQuery',
  }),
  vipLevels: row<void, VipLevel[]>({ method: 'GET', path: '/wps/mc/vip/levels', encrypted: false, auth: false, client: 'A' }),
  feedbackList: row<void, FeedbackEntry[]>({
    method: 'GET',
    path: '/wps/mc/feedback',
    encrypted: false,
    auth: true,
    client: 'A',
  }),
  feedbackSubmit: row<S.FeedbackPayload, FeedbackEntry>({
    method: 'POST',
    path: '/wps/mc/feedback',
    encrypted: false,
    auth: true,
    client: 'A',
    payload: 'feedbackPayload',
    bodyLimit: 512 * 1024,
  }),
  /** Public: /m/inviteFriends shows the rules to visitors too. */
  referralRules: row<void, ReferralRules>({
    method: 'GET',
    path: '/wps/mc/referral/rules',
    encrypted: false,
    auth: false,
    client: 'A',
  }),
  referral: row<void, Referral>({ method: 'GET', path: '/wps/mc/referral', encrypted: false, auth: true, client: 'A' }),
} satisfies Record<string, Endpoint>;
