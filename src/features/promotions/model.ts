/**
 * Promotions (docs/engagement.md, "Promotions"; docs/product.md §2, §3, §6): the merchant's list
 * (MCSFE_getPromotionList, ours) for /m/activity and the home page's entries, one promotion by its
 * id, and where the referral button leads.
 */
import { endpoints, type Promotion } from '../../contract/endpoints.ts';
import { PROMOTION_TYPES } from '../../contract/promotionTypes.ts';
import { call } from '../../core/api/client.ts';
import { htmlLang, type Language } from '../../core/i18n/languages.ts';

const isPromotion = (v: unknown): v is Promotion => {
  const p = v as Promotion;
  return (
    typeof v === 'object' &&
    v !== null &&
    (typeof p.id === 'string' || typeof p.id === 'number') &&
    typeof p.title === 'string' &&
    (PROMOTION_TYPES as readonly string[]).includes(p.type)
  );
};

/** The live promotions, or the one with `id`; malformed entries are left out. Errors go to the caller. */
export async function loadPromotionList(id?: string): Promise<Promotion[]> {
  const res = await call(endpoints.promotionList, id ? { id } : {}, { alert: false, sessionAlert: true });
  const list: unknown = res.value;
  return Array.isArray(list)
    ? list.filter(isPromotion).map((p) => ({
        ...p,
        id: String(p.id),
        summary: typeof p.summary === 'string' ? p.summary : '',
        content: typeof p.content === 'string' ? p.content : '',
      }))
    : [];
}

/** A promotion's time window for people: "until 31 Dec", "ongoing". */
export function formatWindow(p: Promotion, lang: Language, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (!p.endTime) return t('promo.ongoing');
  const date = new Date(p.endTime).toLocaleDateString(htmlLang(lang), { day: 'numeric', month: 'short', year: 'numeric' });
  return t('promo.until', { date });
}
