/** A promotion as a tappable card (the /m/activity list and the home page's strip). */
import type { Promotion } from '../src/contract/endpoints.ts';
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
        <span className="promo-image promo-image-none" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="32" height="32" focusable="false">
            <path
              d="M4 9h16v4H4zM5 13v7h14v-7M12 9v11M12 9S10.5 4 8 4.5 7 8.5 12 9zm0 0s1.5-5 4-4.5S17 8.5 12 9z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
      )}
      <span className="promo-text">
        <span className="promo-type">{t(`promo.type.${p.type}`)}</span>
        {/* The operator's text comes in its own language: its direction from the text (Urdu pages). */}
        <span className="promo-title" dir="auto">
          {p.title}
        </span>
        {p.summary ? (
          <span className="promo-summary" dir="auto">
            {p.summary}
          </span>
        ) : null}
        <span className="promo-window">{formatWindow(p, lang, t)}</span>
      </span>
    </AppLink>
  );
}
