/**
 * Catalogue loaders, one dynamic import per language so a page loads only its own.
 * Every language in LANGUAGES has a full catalogue (test/i18n/catalogues.test.ts checks the key
 * sets); EN remains the fallback for any key a future change forgets (fallbackLng in i18n.ts).
 * Note: i18n.ts loads the EN bundle only for a language without a catalogue, so a forgotten key
 * shows as the key itself unless EN is already loaded.
 */
import type { Language } from '../languages.ts';

export type Catalogue = Record<string, string>;

export const catalogues: Partial<Record<Language, () => Promise<{ default: Catalogue }>>> = {
  // <generated: language loaders> scripts/generate.mjs writes one per LANGUAGES entry (src/contract/language-codes.ts)
  CN: () => import('./CN.json'),
  TW: () => import('./TW.json'),
  HK: () => import('./HK.json'),
  EN: () => import('./EN.json'),
  ES: () => import('./ES.json'),
  HI: () => import('./HI.json'),
  ID: () => import('./ID.json'),
  JA: () => import('./JA.json'),
  KM: () => import('./KM.json'),
  KO: () => import('./KO.json'),
  MY: () => import('./MY.json'),
  TA: () => import('./TA.json'),
  TH: () => import('./TH.json'),
  VI: () => import('./VI.json'),
  TY: () => import('./TY.json'),
  UR: () => import('./UR.json'),
  PT: () => import('./PT.json'),
  'PT-BR': () => import('./PT-BR.json'),
  MS: () => import('./MS.json'),
  BN: () => import('./BN.json'),
  TR: () => import('./TR.json'),
  // </generated>
};
