/**
 * The game catalogue (docs/games.md, "Catalogue"): category chips with their game counts, then each
 * category's vendor cards in the operator's order. A card plays the vendor (its lobby); a card with
 * a free demo also offers "Try free".
 */
import { useState } from 'react';
import { safeImageUrl } from '../../core/config/config.ts';
import { useT } from '../../ui/useT.ts';
import type { Catalogue, VendorEntry } from './vendors.ts';

export interface GameCatalogueProps {
  catalogue: Catalogue;
  onPlay: (vendor: VendorEntry) => void;
  onTrial: (vendor: VendorEntry) => void;
}

export function GameCatalogue({ catalogue, onPlay, onTrial }: GameCatalogueProps) {
  const { t } = useT();
  const [only, setOnly] = useState<string | undefined>(undefined);
  // A category the catalogue has no name for (a new one of the operator's) is "More games".
  const categoryName = (c: string) => {
    const name = t(`games.category.${c}`);
    return name === `games.category.${c}` ? t('games.category.other') : name;
  };
  const shown = only ? [only] : catalogue.sortingList;
  return (
    <div className="games" part="catalogue">
      {catalogue.sortingList.length > 1 ? (
        <div className="games-chips" role="group" aria-label={t('games.categories')}>
          <button type="button" className="games-chip" aria-pressed={!only} onClick={() => setOnly(undefined)}>
            {t('games.all')}
          </button>
          {catalogue.sortingList.map((c) => (
            <button key={c} type="button" className="games-chip" aria-pressed={only === c} onClick={() => setOnly(c)}>
              {categoryName(c)}
            </button>
          ))}
        </div>
      ) : null}
      {shown.map((c) => {
        const category = catalogue.byCategory[c]!;
        const headingId = `games-${c}`;
        return (
          <section key={c} className="games-category" aria-labelledby={headingId}>
            <div className="games-category-head">
              <h2 id={headingId} className="games-category-title">
                {categoryName(c)}
              </h2>
              {category.gameCount > 0 ? (
                <span className="games-count">{t('games.count', { count: category.gameCount })}</span>
              ) : null}
            </div>
            <ul className="games-grid">
              {category.vendors.map((v) => (
                <li key={v.accountTypeName} className="games-card">
                  <button type="button" className="games-card-main" onClick={() => onPlay(v)}>
                    <VendorPicture vendor={v} />
                    <span className="games-card-name" dir="auto">
                      {v.displayName}
                    </span>
                  </button>
                  {v.trial ? (
                    <button
                      type="button"
                      className="games-card-trial"
                      aria-label={`${t('games.try')}: ${v.displayName}`}
                      onClick={() => onTrial(v)}
                    >
                      {t('games.try')}
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function VendorPicture({ vendor }: { vendor: VendorEntry }) {
  const src = safeImageUrl(vendor.imageUrl);
  if (src) return <img className="games-card-img" src={src} alt="" loading="lazy" decoding="async" />;
  // No picture: the vendor's initials on the brand colour, so the grid keeps its rhythm.
  const initials = vendor.displayName
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <span className="games-card-img games-card-initials" aria-hidden="true">
      {initials}
    </span>
  );
}
