/** /m/leaderBoard (docs/member-centre.md, "Leaderboard"). */
import { Leaderboard } from '../../../src/features/member-centre/Leaderboard.tsx';
import { useT } from '../../../src/ui/useT.ts';
import { McPage } from './McPage.tsx';

export function LeaderBoardPage() {
  const { t } = useT();
  return (
    <McPage title={t('page.leaderboard')}>
      <Leaderboard />
    </McPage>
  );
}
