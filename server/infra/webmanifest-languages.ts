/**
 * The 21 interface languages (docs/product.md §1) as the web app manifest's description knows them,
 * with the browser tags that name them and the BCP 47 `lang` the manifest declares. The server keeps
 * its own list (it imports only the API contract from src/core); test/server/webmanifest.test.ts
 * checks all 21.
 */
export const MANIFEST_LANGUAGES = [
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
export type ManifestLanguage = (typeof MANIFEST_LANGUAGES)[number];

/** Product code → BCP 47 tag (the manifest's `lang`). */
export const BCP47: Record<ManifestLanguage, string> = {
  CN: 'zh-CN',
  TW: 'zh-TW',
  HK: 'zh-HK',
  EN: 'en',
  ES: 'es',
  HI: 'hi',
  ID: 'id',
  JA: 'ja',
  KM: 'km',
  KO: 'ko',
  MY: 'my',
  TA: 'ta',
  TH: 'th',
  VI: 'vi',
  TY: 'fil',
  UR: 'ur',
  PT: 'pt',
  'PT-BR': 'pt-BR',
  MS: 'ms',
  BN: 'bn',
  TR: 'tr',
};

/** Browser tag (lower case, full or primary) → product code; the full tag is tried first. */
const FROM_TAG: Record<string, ManifestLanguage> = {
  'zh-tw': 'TW',
  'zh-hant': 'TW',
  'zh-hk': 'HK',
  'zh-mo': 'HK',
  zh: 'CN',
  'pt-br': 'PT-BR',
  fil: 'TY',
  tl: 'TY',
  in: 'ID',
  ...Object.fromEntries(Object.entries(BCP47).map(([code, tag]) => [tag.toLowerCase(), code as ManifestLanguage])),
};

/** The product code a browser tag names, if any. */
export function languageOfTag(tag: string): ManifestLanguage | undefined {
  const lower = tag.trim().toLowerCase().replace('_', '-');
  const parts = lower.split('-');
  return FROM_TAG[lower] ?? FROM_TAG[parts.slice(0, 2).join('-')] ?? FROM_TAG[parts[0]!];
}
