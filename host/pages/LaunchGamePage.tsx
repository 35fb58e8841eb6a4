/**
 * /m/launchGame (docs/games.md, "Launch"; docs/product.md §2, §7, §8): reads prize_mode (or vendor),
 * code, playType, backUrl and lottoView (and our title and nodeId) from the query, launches after
 * 150 ms, and shows the game in the game frame. backUrl is checked (an /m path or the merchant's own
 * domains); back goes there, else to the catalogue. A timeout, or a game page not loaded after 10 s,
 * gives timeout_retry_please with a retry. The route needs a session (a visitor goes to /m/login).
 */
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { memberInfo } from '../../src/core/session/member.ts';
import { navigate } from '../../src/core/session/navigation.ts';
import { GameFrame } from '../../src/features/games/GameFrame.tsx';
import { IncompleteGameLink } from '../../src/features/games/GameLobby.tsx';
import gamesCss from '../../src/features/games/games.css';
import { launchFromQuery, launchGame } from '../../src/features/games/launch.ts';
import { gamesStrings } from '../../src/features/games/locales/index.ts';
import { adoptStyles } from '../../src/ui/styles.ts';
import { useStrings, useT } from '../../src/ui/useT.ts';
import { AppLink } from '../AppLink.tsx';
import { PageShell } from '../PageShell.tsx';

adoptStyles(document, gamesCss);

/** Our `title` query: the game's name in the bar and the launch payload, plain text, short. */
const titleOf = (q: URLSearchParams) =>
  q
    .get('title')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    ?.replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 64) || undefined;

export function LaunchGamePage() {
  const search = useSearch();
  const { t } = useT();
  const ready = useStrings(gamesStrings);
  const request = useMemo(() => launchFromQuery(search), [search]);
  const title = titleOf(new URLSearchParams(search));
  if (!ready) return null;
  if (!request) {
    return (
      <PageShell title={t('nav.games')}>
        <IncompleteGameLink
          action={(label) => (
            <AppLink to="/m/game" className="btn btn-secondary">
              {label}
            </AppLink>
          )}
        />
      </PageShell>
    );
  }
  const back = () => {
    const to = request.backUrl ?? '/m/game';
    if (to.startsWith('/m')) navigate(to);
    else location.assign(to);
  };
  return (
    <main className="game-page">
      <GameFrame
        key={search}
        name={title ?? t('nav.games')}
        open={async (signal) => {
          const result = await launchGame(request, { title, labelName: memberInfo.value?.clubLabel?.labelName }, signal);
          return result.ok ? { ok: true, url: result.url } : result;
        }}
        onBack={back}
      />
    </main>
  );
}
