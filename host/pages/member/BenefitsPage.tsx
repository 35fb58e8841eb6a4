/** /m/member/benefits (docs/member-centre.md, "VIP benefits"): the levels, the member's own marked. */
import { useSignals } from '@preact/signals-react/runtime';
import { memberInfo } from '../../../src/core/session/member.ts';
import { Benefits } from '../../../src/features/member-centre/Benefits.tsx';
import { useT } from '../../../src/ui/useT.ts';
import { McFrame } from './McFrame.tsx';

export function BenefitsPage() {
  useSignals();
  const { t } = useT();
  return (
    <McFrame title={t('vip.benefits')}>
      <Benefits info={memberInfo.value} />
    </McFrame>
  );
}
