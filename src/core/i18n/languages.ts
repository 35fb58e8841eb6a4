/** Interface languages of docs/product.md §1, browser-language mapping and text direction. */
import { localStore } from '../storage/storage.ts';

/** Where the player's language choice is remembered. */
export const LANGUAGE_KEY = 'wps:language';
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

/** Product code for a stored code or a browser tag such as `zh-TW` or `pt-BR`; undefined when unknown. */
export function normaliseLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const upper = tag.trim().toUpperCase().replace('_', '-');
  if (isLanguage(upper)) return upper;
  const lower = tag.trim().toLowerCase().replace('_', '-');
  return FROM_BROWSER[lower] ?? FROM_BROWSER[lower.split('-').slice(0, 2).join('-')] ?? FROM_BROWSER[lower.split('-')[0]!];
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

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/**
 * The language a page starts in. Small on purpose: the element loader and the host page's preload
 * snippet call it to fetch the right catalogue before i18next is even loaded.
 */
export function initialLanguage(): Language {
  return detectLanguage(localStore.get<string>(LANGUAGE_KEY), browserLanguages());
}

/** The cookie that tells the server which prerendered shell of /m to send (docs/performance.md). */
export const SHELL_LANGUAGE_COOKIE = 'wps_lang';

/** Remembers the language for the server's choice of shell; a year, /m only, never sent elsewhere. */
export function rememberShellLanguage(lang: Language): void {
  try {
    document.cookie = `${SHELL_LANGUAGE_COOKIE}=${lang}; path=/m; max-age=31536000; SameSite=Lax`;
  } catch {
    /* cookies off: the server sends the shell of the browser's languages */
  }
}
