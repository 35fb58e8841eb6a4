/**
 * /m/leaderBoard (docs/member-centre.md, "Leaderboard"): today's, this week's or this month's ranking
 * by turnover, other players' names masked by the server, the member's own place always shown.
 */
import { useState } from 'react';
import type { LeaderboardPeriod } from '../../contract/endpoints.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { useT } from '../../ui/useT.ts';
import { dateTime, load, money, number } from './model.ts';
import { mcEndpoints } from '../../contract/rows/member-centre.ts';
import { Empty, Loads, useLoad } from './parts.tsx';

export function Leaderboard() {
  const { t, lang, dir } = useT();
  const [period, setPeriod] = useState<LeaderboardPeriod>('day');
  const board = useLoad(() => load(mcEndpoints.leaderboard, { period }), period);
  return (
    <section className="card mc-board" aria-label={t('page.leaderboard')}>
      <Tabs<LeaderboardPeriod>
        idPrefix="mc-board-"
        items={[
          { id: 'day', label: t('mc.board.day') },
          { id: 'week', label: t('mc.board.week') },
          { id: 'month', label: t('mc.board.month') },
        ]}
        active={period}
        onSelect={setPeriod}
        label={t('mc.board.periods')}
        dir={dir}
      >
        <Loads load={board}>
          {(b) => {
            const m = (n: number) => money(n, b.currency, lang);
            return (
              <>
                <p className="mc-note">{t('mc.board.ends', { time: dateTime(b.endsAt, lang) })}</p>
                {b.entries.length === 0 ? (
                  <Empty text={t('mc.board.empty')} />
                ) : (
                  <table className="mc-table">
                    <thead>
                      <tr>
                        <th scope="col">{t('mc.board.rank')}</th>
                        <th scope="col">{t('mc.board.player')}</th>
                        <th scope="col">{t('mc.board.score')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {b.entries.map((e) => (
                        <tr key={e.rank} className={`${e.me ? 'mc-me ' : ''}${e.rank <= 3 ? `mc-top mc-top-${e.rank}` : ''}`}>
                          <td className="mc-rank">{number(e.rank, lang)}</td>
                          <td>
                            {e.me ? <strong>{t('mc.board.you')}</strong> : <span dir="ltr">{e.name}</span>}
                            {e.prize ? <span className="mc-prize">{t('mc.board.prize', { amount: m(e.prize) })}</span> : null}
                          </td>
                          <td className="mc-score">{m(e.score)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
                <p className="mc-mine" role="note">
                  {b.me.rank
                    ? `${t('mc.board.your_rank', { rank: number(b.me.rank, lang) })} · ${m(b.me.score)}`
                    : t('mc.board.unranked')}
                </p>
              </>
            );
          }}
        </Loads>
      </Tabs>
    </section>
  );
}
