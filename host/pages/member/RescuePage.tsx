/** /m/activity/rescue (docs/member-centre.md, "Rescue"). */
import { Rescue } from '../../../src/features/member-centre/Rescue.tsx';
import { useT } from '../../../src/ui/useT.ts';
import { McFrame } from './McFrame.tsx';

export function RescuePage() {
  const { t } = useT();
  return (
    <McFrame title={t('page.rescue')}>
      <Rescue />
    </McFrame>
  );
}
