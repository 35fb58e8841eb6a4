/**
 * /m/game/trial (docs/games.md, "Trial"; docs/product.md §2 trial-game page): a vendor's free demo
 * game in `<wps-trial-game>`. Query: gameId, nodeId, name, vendor (the bar's "Play for real"). A member's page like the catalogue (the
 * trial call itself sends no session).
 */
import '../../elements/trial-game.tsx';
import { useSearch } from 'wouter';

export function TrialGamePage() {
  const q = new URLSearchParams(useSearch());
  return (
    <main className="game-page">
      <wps-trial-game
        game-id={q.get('gameId') ?? ''}
        node-id={q.get('nodeId') ?? undefined}
        name={q.get('name') ?? undefined}
        vendor={q.get('vendor') ?? undefined}
      />
    </main>
  );
}
