/**
 * /m/game (docs/games.md, "Catalogue"; docs/product.md §2): the game catalogue of GCSGAME_newGameVendor,
 * categories in the operator's order with their vendors. Like every page the SPEC does not name
 * public, it needs a session (a visitor goes to /m/login). A card opens the vendor's lobby through
 * /m/launchGame; "Try free" opens the vendor's demo game (/m/game/trial). The title is the UI's own
 * label in the player's language, never the catalogue's `title` (an operator's text in one language).
 */
import { navigate } from '../../src/core/session/navigation.ts';
import gamesCss from '../../src/features/games/games.css';
import { GameLobby } from '../../src/features/games/GameLobby.tsx';
import { vendorGamePath } from '../../src/features/games/launch.ts';
import { gamesStrings } from '../../src/features/games/locales/index.ts';
import type { VendorEntry } from '../../src/features/games/vendors.ts';
import { adoptStyles } from '../../src/ui/styles.ts';
import { useStrings, useT } from '../../src/ui/useT.ts';
import { AppLink } from '../AppLink.tsx';
import { PageShell } from '../PageShell.tsx';
import { useMiniGame } from '../miniGame.ts';

adoptStyles(document, gamesCss);

/** Where a vendor's demo game opens. */
export function trialPath(vendor: VendorEntry): string | undefined {
  if (!vendor.trial) return undefined;
  // The vendor too: the trial's bar offers its real game.
  const q = new URLSearchParams({ gameId: vendor.trial.gameId, name: vendor.displayName, vendor: vendor.accountTypeName });
  if (vendor.trial.nodeId) q.set('nodeId', vendor.trial.nodeId);
  return `/m/game/trial?${q.toString()}`;
}

export function GamePage() {
  const { t } = useT();
  const ready = useStrings(gamesStrings);
  useMiniGame();
  return (
    <PageShell nav title={t('nav.games')}>
      {ready ? (
        <GameLobby
          onPlay={(v) => navigate(vendorGamePath(v.accountTypeName, v.displayName))}
          onTrial={(v) => {
            const path = trialPath(v);
            if (path) navigate(path);
          }}
          emptyAction={
            <AppLink to="/m/home" className="btn btn-secondary">
              {t('nav.home')}
            </AppLink>
          }
        />
      ) : (
        <section className="card" aria-busy="true" aria-label={t('loading')}>
          <p className="loading-line">{t('loading')}</p>
        </section>
      )}
    </PageShell>
  );
}
