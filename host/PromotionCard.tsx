/** A promotion as a tappable card (the /m/activity list and the home page's strip). */
import type { Promotion } from '../src/core/api/endpoints.ts';
import { safeImageUrl } from '../src/core/config/config.ts';
import type { Language } from '../src/core/i18n/languages.ts';
import { formatWindow } from '../src/features/promotions/model.ts';
import { useT } from '../src/ui/useT.ts';
import { AppLink } from './AppLink.tsx';

export function PromotionCard({ promotion: p, lang }: { promotion: Promotion; lang: Language }) {
  const { t } = useT();
  const image = safeImageUrl(p.imageUrl);
  return (
    <AppLink to={`/m/activity?id=${encodeURIComponent(p.id)}`} className="promo-card">
      {image ? (
        <img className="promo-image" src={image} alt="" loading="lazy" />
      ) : (
        <span className="promo-image promo-image-none" aria-hidden="true" />
      )}
      <span className="promo-text">
        <span className="promo-type">{t(`promo.type.${p.type}`)}</span>
        <span className="promo-title">{p.title}</span>
        {p.summary ? <span className="promo-summary">{p.summary}</span> : null}
        <span className="promo-window">{formatWindow(p, lang, t)}</span>
      </span>
    </AppLink>
  );
}
