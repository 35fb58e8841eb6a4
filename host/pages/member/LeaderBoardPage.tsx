/** /m/leaderBoard (docs/member-centre.md, "Leaderboard"). */
import { Leaderboard } from '../../../src/features/member-centre/Leaderboard.tsx';
import { useT } from '../../../src/ui/useT.ts';
import { McFrame } from './McFrame.tsx';

export function LeaderBoardPage() {
  const { t } = useT();
  return (
    <McFrame title={t('page.leaderboard')}>
      <Leaderboard />
    </McFrame>
  );
}
