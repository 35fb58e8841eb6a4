/**
 * The home page's promotion entries (docs/engagement.md, "Home"): the first three live promotions
 * and a link to all of them. Nothing shows when there are none or they cannot load.
 */
import { useEffect, useState } from 'react';
import type { Promotion } from '../src/contract/endpoints.ts';
import { loadPromotionList } from '../src/features/promotions/model.ts';
import { useT } from '../src/ui/useT.ts';
import { AppLink } from './AppLink.tsx';
import { PromotionCard } from './PromotionCard.tsx';

const SHOWN = 3;

export function HomePromotions() {
  const { t, lang } = useT();
  const [list, setList] = useState<Promotion[] | undefined>(undefined);
  useEffect(() => {
    let gone = false;
    loadPromotionList().then(
      (all) => !gone && setList(all),
      () => !gone && setList([]),
    );
    return () => {
      gone = true;
    };
  }, []);
  if (!list || list.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-promos">
      <div className="section-head">
        <h2 id="home-promos">{t('promo.title')}</h2>
        <AppLink to="/m/activity" className="section-more">
          {t('promo.see_all')}
        </AppLink>
      </div>
      <ul className="promo-list">
        {list.slice(0, SHOWN).map((p) => (
          <li key={p.id}>
            <PromotionCard promotion={p} lang={lang} />
          </li>
        ))}
      </ul>
    </section>
  );
}
