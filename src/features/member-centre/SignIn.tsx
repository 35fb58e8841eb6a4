/**
 * /m/activity/signIn (docs/member-centre.md, "Daily sign-in"): the seven-day cycle with what each day
 * gives, the streak, and signing in once per local day. The server counts days in the time zone it
 * pinned at the first sign-in; the phone's zone is sent so that first one is the player's own.
 */
import { useState } from 'react';
import type { SignInBoard } from '../../contract/endpoints.ts';
import { isApiError } from '../../core/api/client.ts';
import { useT } from '../../ui/useT.ts';
import { failureText, load, money, timeZone } from './model.ts';
import { mcEndpoints } from '../../contract/rows/member-centre.ts';
import { ActionButton, Loads, StatusLine, useLoad } from './parts.tsx';

type Status = { ok: boolean; text: string } | undefined;

/** Which cycle days are done: the streak's days up to today, counted back from the next day. */
export function doneDays(board: Pick<SignInBoard, 'streak' | 'nextDay' | 'signedToday'>, cycle: number): Set<number> {
  const done = new Set<number>();
  if (board.streak <= 0) return done;
  // The days of this cycle the streak covers: those before nextDay (after a full cycle, nextDay is 1 again).
  const inCycle = ((board.streak - 1) % cycle) + 1;
  const last = board.signedToday ? board.nextDay - 1 || cycle : board.nextDay - 1;
  for (let d = last; d > last - inCycle && d >= 1; d--) done.add(d);
  return done;
}

export function SignIn() {
  const { t, lang } = useT();
  const board = useLoad(async () => {
    const [b, o] = await Promise.all([load(mcEndpoints.signInBoard, { timeZone: timeZone() }), load(mcEndpoints.mcOverview)]);
    return { board: b, currency: o.currency };
  });
  const [status, setStatus] = useState<Status>(undefined);

  return (
    <Loads load={board}>
      {({ board: b, currency }, done) => {
        const cycle = b.days.length || 7;
        const signed = doneDays(b, cycle);
        const todayDay = b.signedToday ? b.nextDay - 1 || cycle : b.nextDay;
        const amountOf = (d: number) => b.days.find((x) => x.day === d)?.amount ?? 0;
        const signIn = async () => {
          try {
            const res = await load(mcEndpoints.signIn, { timeZone: timeZone() });
            setStatus({ ok: true, text: t('mc.signin.result', { day: res.day, amount: money(res.amount, res.currency, lang) }) });
            done.set((c) => ({
              ...c,
              board: {
                ...c.board,
                signedToday: true,
                streak: res.streak,
                nextDay: (res.day % cycle) + 1,
                recent: [res.date, ...c.board.recent],
              },
            }));
          } catch (err) {
            setStatus({ ok: false, text: failureText(err) });
            // Signed in already (another tab, another phone): show the board as it is.
            if (isApiError(err) && err.errorCode === 'signin.already.today') done.reload();
          }
        };
        return (
          <section className="card mc-signin" aria-labelledby="mc-signin-week">
            <p className="mc-lead">{t('mc.signin.rule')}</p>
            <p className="mc-streak">
              <strong>{t('mc.signin.streak', { count: b.streak })}</strong>
            </p>
            <h2 id="mc-signin-week">{t('mc.signin.week')}</h2>
            <ol className="mc-days">
              {b.days.map(({ day, amount }) => {
                const isToday = day === todayDay;
                const isDone = signed.has(day);
                return (
                  <li
                    key={day}
                    className={`mc-day${isDone ? ' mc-day-done' : ''}${isToday ? ' mc-day-today' : ''}`}
                    aria-current={isToday ? 'date' : undefined}
                  >
                    <span className="mc-day-name">{isToday ? t('mc.signin.today') : t('mc.signin.day', { day })}</span>
                    <span className="mc-day-amount">{money(amount, currency, lang)}</span>
                    <span className="mc-day-state">{isDone ? t('mc.signin.done_day') : ''}</span>
                  </li>
                );
              })}
            </ol>
            <StatusLine status={status} />
            {b.signedToday ? (
              <>
                <button type="button" className="btn btn-primary btn-block" disabled>
                  {t('mc.signin.done')}
                </button>
                <p className="mc-note">{t('mc.signin.tomorrow', { day: b.nextDay })}</p>
              </>
            ) : (
              <ActionButton
                className="btn btn-primary btn-block"
                label={t('mc.signin.button', { amount: money(amountOf(b.nextDay), currency, lang) })}
                busyLabel={t('mc.signin.signing')}
                onAction={signIn}
              />
            )}
          </section>
        );
      }}
    </Loads>
  );
}
