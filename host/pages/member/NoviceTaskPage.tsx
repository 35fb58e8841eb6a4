/** /m/activity/noviceTask (docs/member-centre.md, "Novice tasks"); Go leads to the task's page. */
import { NoviceTasks } from '../../../src/features/member-centre/NoviceTasks.tsx';
import { useT } from '../../../src/ui/useT.ts';
import { AppLink } from '../../AppLink.tsx';
import { isBuilt } from '../../builtRoutes.ts';
import { McFrame } from './McFrame.tsx';

export function NoviceTaskPage() {
  const { t } = useT();
  return (
    <McFrame title={t('page.novice_tasks')}>
      <NoviceTasks
        goLink={(to, label, describedBy) =>
          // A task whose page is not in this build has no Go: never a tap into the not-found page.
          isBuilt(to) ? (
            <AppLink to={to} className="btn btn-secondary mc-go" describedBy={describedBy}>
              {label}
            </AppLink>
          ) : null
        }
      />
    </McFrame>
  );
}
