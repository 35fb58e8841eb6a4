/**
 * `<wps-vip-badge>`: the member's VIP level and progress (docs/engagement.md, "VIP"; docs/product.md §3, §4).
 *
 * From member info (GET /wps/member/info, clubLabel) and MCSFE_getPlayerRankProgress: shows nothing
 * without a session or without a label name (no vip flag); else the label, its level, the progress
 * (1 without a label id, else completed / expected) and, for label type AUTO only, the benefits link.
 *
 * @element wps-vip-badge
 * @attr {string} merchant - merchant code sent as the Merchant header
 * @attr {string} api-base - origin of the operator's /wps API (default: this page's origin)
 * @attr {boolean} no-benefits - without the benefits link (a page that has no benefits page to open)
 * @fires wps-vip-benefits - cancelable: preventDefault() keeps the page where it is (else /m/member/benefits)
 * @part vip - the badge; also label, level, progress, benefits
 */
import { useEffect } from 'react';
import { defineElement } from './define.tsx';
import { emit } from './emit.ts';
import { VipBadge } from '../src/features/vip/VipBadge.tsx';
import { watchRankProgress } from '../src/features/vip/model.ts';
import css from '../src/features/vip/vip.css';
import { loadMemberInfo, memberInfo } from '../src/core/session/member.ts';
import { token } from '../src/core/session/sessionInfo.ts';
import { navigate } from '../src/core/session/navigation.ts';

interface VipBadgeProps {
  noBenefits?: boolean;
}

function VipBadgeElement({ host, noBenefits }: { host: HTMLElement } & VipBadgeProps) {
  useEffect(() => {
    watchRankProgress();
    // On a merchant's page nothing else loads member info.
    if (token.value && !memberInfo.value) loadMemberInfo().catch(() => undefined);
  }, []);
  return (
    <VipBadge
      onBenefits={
        noBenefits ? undefined : () => emit(host, 'wps-vip-benefits', undefined, true) && navigate('/m/member/benefits')
      }
    />
  );
}

export const WpsVipBadge = defineElement<VipBadgeProps>('wps-vip-badge', {
  props: { noBenefits: 'boolean' },
  css: [css],
  render: (props, host) => <VipBadgeElement host={host} noBenefits={props.noBenefits} />,
});
