/**
 * The catalogue with its states (docs/games.md, "Catalogue"): loading, error with Retry, empty (with
 * the page's way home), or the catalogue. Loads GCSGAME_newGameVendor itself; the page decides where
 * a card or "Try free" leads.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useT } from '../../ui/useT.ts';
import { GameCatalogue } from './GameCatalogue.tsx';
import { loadCatalogue } from './model.ts';
import type { Catalogue, VendorEntry } from './vendors.ts';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'done'; catalogue: Catalogue };

export interface GameLobbyProps {
  onPlay: (vendor: VendorEntry) => void;
  onTrial: (vendor: VendorEntry) => void;
  /** What the empty state offers instead (a link home). */
  emptyAction?: ReactNode;
}

export function GameLobby({ onPlay, onTrial, emptyAction }: GameLobbyProps) {
  const { t } = useT();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let gone = false;
    setLoad({ state: 'loading' });
    loadCatalogue().then(
      (catalogue) => {
        if (gone) return;
        setLoad({ state: 'done', catalogue });
      },
      () => !gone && setLoad({ state: 'error' }),
    );
    return () => {
      gone = true;
    };
  }, [round]);

  if (load.state === 'loading') {
    return (
      <section className="card" aria-busy="true" aria-label={t('loading')}>
        <p className="loading-line">{t('loading')}</p>
      </section>
    );
  }
  if (load.state === 'error') {
    return (
      <section className="card empty-state" role="alert">
        <p>{t('games.error')}</p>
        <button type="button" className="btn btn-secondary" onClick={() => setRound((r) => r + 1)}>
          {t('retry')}
        </button>
      </section>
    );
  }
  if (load.catalogue.sortingList.length === 0) {
    return (
      <section className="card empty-state">
        <p>{t('games.empty')}</p>
        {emptyAction}
      </section>
    );
  }
  return <GameCatalogue catalogue={load.catalogue} onPlay={onPlay} onTrial={onTrial} />;
}

/** A launch link without a game (docs/games.md, "Launch"): says so, with the page's way to the catalogue. */
export function IncompleteGameLink({ action }: { action: (label: string) => ReactNode }) {
  const { t } = useT();
  return (
    <section className="card empty-state">
      <p>{t('games.no_game')}</p>
      {action(t('games.to_catalogue'))}
    </section>
  );
}
