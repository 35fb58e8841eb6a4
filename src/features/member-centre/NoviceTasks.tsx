/**
 * /m/activity/noviceTask (docs/member-centre.md, "Novice tasks"): each task's goal, the member's
 * progress and reward; Go leads to where the task is done, Claim takes a finished task's reward.
 */
import { useState, type ReactNode } from 'react';
import type { NoviceTask } from '../../contract/endpoints.ts';
import { useT } from '../../ui/useT.ts';
import { failureText, load, money } from './model.ts';
import { mcEndpoints } from '../../contract/rows/member-centre.ts';
import { ActionButton, Empty, Loads, StatusLine, useLoad } from './parts.tsx';

type Status = { ok: boolean; text: string } | undefined;

/** The task's title; the server's kinds are a closed list (endpoints.ts TaskKind). */
function taskTitle(task: NoviceTask, t: (key: string, o?: Record<string, unknown>) => string): string {
  switch (task.kind) {
    case 'PROFILE':
      return t('mc.task.PROFILE');
    case 'SIGN_IN':
      return t('mc.task.SIGN_IN', { goal: task.goal });
    case 'DEPOSIT':
      return t('mc.task.DEPOSIT');
    case 'PLAY':
      return t('mc.task.PLAY', { goal: task.goal });
    case 'INVITE':
      return t('mc.task.INVITE');
  }
}

/** `goLink` renders the page's link to an /m path (the host's AppLink). */
export function NoviceTasks({ goLink }: { goLink: (to: string, label: string, describedBy: string) => ReactNode }) {
  const { t, lang } = useT();
  const list = useLoad(async () => {
    const [tasks, o] = await Promise.all([load(mcEndpoints.tasks), load(mcEndpoints.mcOverview)]);
    return { tasks, currency: o.currency };
  });
  const [status, setStatus] = useState<Status>(undefined);

  return (
    <Loads load={list}>
      {({ tasks, currency }, done) => {
        const claim = async (task: NoviceTask) => {
          try {
            const res = await load(mcEndpoints.taskClaim, { id: task.id });
            done.set((c) => ({ ...c, tasks: c.tasks.map((x) => (x.id === task.id ? { ...x, state: 'claimed' as const } : x)) }));
            setStatus({
              ok: true,
              text: res.credited ? t('mc.credited', { amount: money(res.amount, res.currency, lang) }) : t('mc.already_claimed'),
            });
          } catch (err) {
            setStatus({ ok: false, text: failureText(err) });
          }
        };
        const allDone = tasks.length > 0 && tasks.every((x) => x.state === 'claimed');
        return (
          <section className="card mc-list" aria-label={t('page.novice_tasks')}>
            <p className="mc-lead">{t(allDone ? 'mc.tasks.done' : 'mc.task.intro')}</p>
            <StatusLine status={status} />
            {tasks.length === 0 ? (
              <Empty text={t('mc.tasks.empty')} />
            ) : (
              <ul className="mc-items">
                {tasks.map((task) => {
                  const percent = Math.round((Math.min(task.progress, task.goal) / Math.max(1, task.goal)) * 100);
                  const id = `mc-task-${task.id}`;
                  return (
                    <li key={task.id} className={`mc-item mc-item-${task.state}`}>
                      <div className="mc-item-text">
                        <h3 id={id}>{taskTitle(task, t)}</h3>
                        <p className="mc-amount">{t('mc.task.reward', { amount: money(task.amount, currency, lang) })}</p>
                        <div
                          className="mc-bar"
                          role="progressbar"
                          aria-labelledby={id}
                          aria-valuemin={0}
                          aria-valuemax={task.goal}
                          aria-valuenow={Math.min(task.progress, task.goal)}
                          aria-valuetext={t('mc.task.progress', {
                            progress: Math.min(task.progress, task.goal),
                            goal: task.goal,
                          })}
                        >
                          <span style={{ width: `${percent}%` }} />
                        </div>
                        <p className="mc-note">
                          {t('mc.task.progress', { progress: Math.min(task.progress, task.goal), goal: task.goal })}
                        </p>
                      </div>
                      {task.state === 'claimable' ? (
                        <ActionButton
                          label={t('mc.claim')}
                          busyLabel={t('mc.claiming')}
                          describedBy={id}
                          onAction={() => claim(task)}
                        />
                      ) : task.state === 'claimed' ? (
                        <span className="mc-tag">{t('mc.claimed')}</span>
                      ) : task.link ? (
                        goLink(task.link, t('mc.task.go'), id)
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        );
      }}
    </Loads>
  );
}
