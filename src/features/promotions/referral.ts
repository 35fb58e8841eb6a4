/** Where the referral button leads (docs/product.md §6; docs/engagement.md, "Referral"). */
import type { AvailablePromotions } from '../../contract/endpoints.ts';
import { isAgent } from '../../core/session/memberType.ts';

export type ReferralTarget = 'agentRegister' | 'inviteFriends' | 'customerService';

/**
 * docs/product.md §6: agents (type 1 or 2) go to /m/agentRegister; anyone else to /m/inviteFriends
 * when the REFERRAL promotion is enabled; without it customer service opens.
 */
export function referralTarget(memberType: number, available: AvailablePromotions | undefined): ReferralTarget {
  if (isAgent(memberType)) return 'agentRegister';
  return available?.REFERRAL?.enabled ? 'inviteFriends' : 'customerService';
}

export const REFERRAL_PATHS: Record<Exclude<ReferralTarget, 'customerService'>, string> = {
  agentRegister: '/m/agentRegister',
  inviteFriends: '/m/inviteFriends',
};
