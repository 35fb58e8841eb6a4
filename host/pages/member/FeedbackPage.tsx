/** /m/feedback (docs/member-centre.md, "Feedback"); without a session the route guard sends the visitor home. */
import { Feedback } from '../../../src/features/member-centre/Feedback.tsx';
import { useT } from '../../../src/ui/useT.ts';
import { McPage } from './McPage.tsx';

export function FeedbackPage() {
  const { t } = useT();
  return (
    <McPage title={t('page.feedback')}>
      <Feedback />
    </McPage>
  );
}
