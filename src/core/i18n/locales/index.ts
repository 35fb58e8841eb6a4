/**
 * Catalogue loaders, one dynamic import per language so a page loads only its own.
 * Languages without a catalogue yet fall back to EN (see i18n.ts).
 */
import type { Language } from '../languages.ts';

export type Catalogue = Record<string, string>;

export const catalogues: Partial<Record<Language, () => Promise<{ default: Catalogue }>>> = {
  CN: () => import('./CN.json'),
  EN: () => import('./EN.json'),
};
