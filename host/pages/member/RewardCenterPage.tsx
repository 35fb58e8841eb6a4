/** /m/rewardCenter (docs/member-centre.md, "Rewards and vouchers"): the member's rewards and claiming them. */
import { Rewards } from '../../../src/features/member-centre/ClaimLists.tsx';
import { useT } from '../../../src/ui/useT.ts';
import { AppLink } from '../../AppLink.tsx';
import { McFrame } from './McFrame.tsx';

export function RewardCenterPage() {
  const { t } = useT();
  return (
    <McFrame title={t('page.rewards')}>
      <Rewards
        promotionsLink={
          <AppLink to="/m/activity" className="btn btn-secondary">
            {t('promo.title')}
          </AppLink>
        }
      />
    </McFrame>
  );
}
