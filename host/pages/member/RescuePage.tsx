/** /m/activity/rescue (docs/member-centre.md, "Rescue"). */
import { Rescue } from '../../../src/features/member-centre/Rescue.tsx';
import { useT } from '../../../src/ui/useT.ts';
import { McPage } from './McPage.tsx';

export function RescuePage() {
  const { t } = useT();
  return (
    <McPage title={t('page.rescue')}>
      <Rescue />
    </McPage>
  );
}
