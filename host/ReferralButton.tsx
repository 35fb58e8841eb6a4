/**
 * The referral button (docs/product.md §6; docs/engagement.md, "Referral"): agents go to
 * /m/agentRegister; anyone else to /m/inviteFriends when the REFERRAL promotion is enabled; without
 * it customer service opens. On /m the button is left out while its page is not built (builtRoutes.ts).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, type ReactNode } from 'react';
import { customerServiceUrl, openCustomerService } from '../src/core/config/customerService.ts';
import { loadPromotions, promotions, siteStatus } from '../src/core/config/siteStatus.ts';
import { navigate } from '../src/core/session/navigation.ts';
import { memberType } from '../src/core/session/sessionInfo.ts';
import { REFERRAL_PATHS, referralTarget } from '../src/features/promotions/referral.ts';
import { useT } from '../src/ui/useT.ts';
import { isBuilt } from './builtRoutes.ts';

export function ReferralButton({ className, children }: { className?: string; children?: ReactNode }) {
  useSignals();
  const { t } = useT();
  useEffect(() => void loadPromotions(), []);
  const target = referralTarget(memberType.value, promotions.value);
  if (target !== 'customerService' && !isBuilt(REFERRAL_PATHS[target])) return null;
  return (
    <button
      type="button"
      className={className}
      data-target={target}
      onClick={() =>
        target === 'customerService'
          ? openCustomerService(customerServiceUrl(siteStatus.value?.info, 'HOME'))
          : navigate(REFERRAL_PATHS[target])
      }
    >
      {children ?? t(target === 'agentRegister' ? 'home.agent_referral' : 'home.invite')}
    </button>
  );
}
