/**
 * Which full-page status screen the site status asks for (docs/product.md §2, §8): region restriction wins over
 * maintenance, since a restricted visitor cannot use the site after maintenance either.
 */
import { computed } from '@preact/signals-core';
import { siteStatus } from '../../core/config/siteStatus.ts';
import type { Language } from '../../core/i18n/languages.ts';

export type StatusScreen = 'accessDenied' | 'maintenance';

export const statusScreen = computed<StatusScreen | undefined>(() => {
  const status = siteStatus.value;
  if (status?.regionRestriction) return 'accessDenied';
  if (status?.maintenance) return 'maintenance';
  return undefined;
});

/** The maintenance end in the player's own time zone and language, or undefined when none is set. */
export function formatMaintenanceEnd(end: number | null | undefined, locale: string, timeZone?: string): string | undefined {
  if (typeof end !== 'number' || !Number.isFinite(end) || end <= 0) return undefined;
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(end);
}

export interface MaintenanceText {
  title: string;
  description: string;
}

/** The operator's own text for a language when it wrote one, else the catalogue's. */
export function maintenanceText(lang: Language, fromCatalogue: MaintenanceText): MaintenanceText {
  const own = siteStatus.value?.maintenanceTexts?.[lang];
  return { title: own?.title || fromCatalogue.title, description: own?.description || fromCatalogue.description };
}
