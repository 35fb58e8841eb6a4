/**
 * Where the referral button leads (src/features/promotions/referral.ts; docs/product.md §6;
 * docs/engagement.md, "Referral"): an agent (member type 1 or 2) goes to /m/agentRegister whatever
 * the promotions say; anyone else (visitor -1, member 0, type 3, restricted 4) goes to
 * /m/inviteFriends only when the available promotions say REFERRAL is enabled, else customer service
 * opens (REFERRAL disabled or missing, no promotions at all, or not known yet).
 */
import { expect } from 'chai';
import type { AvailablePromotions } from '../../src/contract/endpoints.ts';
import { MemberType } from '../../src/core/session/memberType.ts';
import { REFERRAL_PATHS, referralTarget, type ReferralTarget } from '../../src/features/promotions/referral.ts';

const AGENTS = [MemberType.AGENT, MemberType.AGENT_2];
const OTHERS = [MemberType.VISITOR, MemberType.MEMBER, 3, MemberType.RESTRICTED];

/** What the available promotions say, and where anyone but an agent goes with them. */
const availabilities: [name: string, available: AvailablePromotions | undefined, nonAgent: ReferralTarget][] = [
  ['REFERRAL enabled', { REFERRAL: { enabled: true, count: 2 } }, 'inviteFriends'],
  ['REFERRAL enabled with a count of 0', { REFERRAL: { enabled: true, count: 0 } }, 'inviteFriends'],
  [
    'REFERRAL enabled among others',
    { DEPOSIT: { enabled: false, count: 0 }, REFERRAL: { enabled: true, count: 1 } },
    'inviteFriends',
  ],
  ['REFERRAL disabled', { REFERRAL: { enabled: false, count: 3 } }, 'customerService'],
  ['REFERRAL undefined', { REFERRAL: undefined }, 'customerService'],
  ['REFERRAL missing, another promotion enabled', { UPGRADE_BONUS: { enabled: true, count: 1 } }, 'customerService'],
  ['REFERRAL only in lower case', { referral: { enabled: true, count: 1 } }, 'customerService'],
  ['no promotions', {}, 'customerService'],
  ['promotions not known (undefined)', undefined, 'customerService'],
];

describe('referralTarget', () => {
  for (const [name, available, nonAgent] of availabilities) {
    for (const type of AGENTS) {
      it(`agent type ${type}, ${name}: agentRegister`, () => {
        expect(referralTarget(type, available)).to.equal('agentRegister');
      });
    }
    for (const type of OTHERS) {
      it(`type ${type}, ${name}: ${nonAgent}`, () => {
        expect(referralTarget(type, available)).to.equal(nonAgent);
      });
    }
  }
});

describe('REFERRAL_PATHS', () => {
  it('the agent registration and the invite page, both /m pages; customer service has no path', () => {
    expect(REFERRAL_PATHS).to.deep.equal({ agentRegister: '/m/agentRegister', inviteFriends: '/m/inviteFriends' });
  });
});
