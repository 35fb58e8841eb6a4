/** /m/feedback (docs/member-centre.md, "Feedback"); without a session the route guard sends the visitor home. */
import { Feedback } from '../../../src/features/member-centre/Feedback.tsx';
import { useT } from '../../../src/ui/useT.ts';
import { McFrame } from './McFrame.tsx';

export function FeedbackPage() {
  const { t } = useT();
  return (
    <McFrame title={t('page.feedback')}>
      <Feedback />
    </McFrame>
  );
}
