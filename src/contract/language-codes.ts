/**
 * The 21 interface languages of docs/product.md §1 as data: their codes, the browser tags that name
 * them, text direction and BCP 47 tags. Imports nothing and touches no browser API, so the server
 * imports it as part of the contract (the web app manifest's languages) and scripts/generate.mjs
 * writes every catalogue loader table from LANGUAGES. ./languages.ts adds the browser's side.
 */
export const LANGUAGES = [
  'CN',
  'TW',
  'HK',
  'EN',
  'ES',
  'HI',
  'ID',
  'JA',
  'KM',
  'KO',
  'MY',
  'TA',
  'TH',
  'VI',
  'TY',
  'UR',
  'PT',
  'PT-BR',
  'MS',
  'BN',
  'TR',
] as const;

export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'CN';

/** Languages written right to left. */
export const RTL_LANGUAGES: ReadonlySet<Language> = new Set(['UR']);

/** Browser tag (lower-cased, primary or full) → product code (the build hands it to the server's choice of shell). */
export const FROM_BROWSER: Record<string, Language> = {
  'zh-tw': 'TW',
  'zh-hant': 'TW',
  'zh-hk': 'HK',
  'zh-mo': 'HK',
  zh: 'CN',
  'zh-cn': 'CN',
  'zh-hans': 'CN',
  'pt-br': 'PT-BR',
  pt: 'PT',
  fil: 'TY',
  tl: 'TY',
  en: 'EN',
  es: 'ES',
  hi: 'HI',
  id: 'ID',
  in: 'ID',
  ja: 'JA',
  km: 'KM',
  ko: 'KO',
  my: 'MY',
  ta: 'TA',
  th: 'TH',
  vi: 'VI',
  ur: 'UR',
  ms: 'MS',
  bn: 'BN',
  tr: 'TR',
};

export function isLanguage(code: unknown): code is Language {
  return typeof code === 'string' && (LANGUAGES as readonly string[]).includes(code);
}

/** The product code a browser tag names (`zh-Hant-TW`, `pt_BR`, `en`): the full tag, then two parts, then one. */
export function languageOfBrowserTag(tag: string): Language | undefined {
  const lower = tag.trim().toLowerCase().replace('_', '-');
  const parts = lower.split('-');
  return FROM_BROWSER[lower] ?? FROM_BROWSER[parts.slice(0, 2).join('-')] ?? FROM_BROWSER[parts[0]!];
}

/** Product code for a stored code or a browser tag such as `zh-TW` or `pt-BR`; undefined when unknown. */
export function normaliseLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const upper = tag.trim().toUpperCase().replace('_', '-');
  if (isLanguage(upper)) return upper;
  return languageOfBrowserTag(tag);
}

/** Stored choice first, then the browser's languages in order, then CN (docs/product.md §1). */
export function detectLanguage(stored: string | null | undefined, browser: readonly string[]): Language {
  const fromStore = normaliseLanguage(stored);
  if (fromStore) return fromStore;
  for (const tag of browser) {
    const code = normaliseLanguage(tag);
    if (code) return code;
  }
  return DEFAULT_LANGUAGE;
}

/** BCP 47 tag for the `lang` attribute (the product codes are not all valid tags: TY is Filipino). */
const BCP47: Partial<Record<Language, string>> = { CN: 'zh-CN', TW: 'zh-TW', HK: 'zh-HK', TY: 'fil', 'PT-BR': 'pt-BR' };

export function htmlLang(code: Language): string {
  return BCP47[code] ?? code.toLowerCase();
}
