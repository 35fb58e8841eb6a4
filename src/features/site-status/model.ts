/**
 * The status screen the site status asks for (./screen.ts), and the maintenance screen's texts.
 */
import { siteStatus } from '../../core/config/siteSignals.ts';
import type { Language } from '../../core/i18n/languages.ts';

export * from './screen.ts';

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
