/** /m/voucherCenter (docs/member-centre.md, "Rewards and vouchers"): the member's vouchers and claiming them. */
import { Vouchers } from '../../../src/features/member-centre/ClaimLists.tsx';
import { useT } from '../../../src/ui/useT.ts';
import { McFrame } from './McFrame.tsx';

export function VoucherCenterPage() {
  const { t } = useT();
  return (
    <McFrame title={t('page.vouchers')}>
      <Vouchers />
    </McFrame>
  );
}
