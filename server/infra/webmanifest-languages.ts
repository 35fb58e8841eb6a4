/**
 * The 21 interface languages (docs/product.md §1) as the web app manifest's description knows them,
 * with the browser tags that name them and the BCP 47 `lang` the manifest declares. One list with the
 * app's: src/contract/language-codes.ts is contract-like data the server may import (no browser
 * code); test/server/webmanifest.test.ts checks all 21.
 */
import { LANGUAGES, htmlLang, languageOfBrowserTag, type Language } from '../../src/contract/language-codes.ts';

export const MANIFEST_LANGUAGES = LANGUAGES;
export type ManifestLanguage = Language;

/** Product code → BCP 47 tag (the manifest's `lang`). */
export const BCP47 = Object.fromEntries(LANGUAGES.map((code) => [code, htmlLang(code)])) as Record<ManifestLanguage, string>;

/** The product code a browser tag names, if any (full tag, then two parts, then the primary one). */
export const languageOfTag = (tag: string): ManifestLanguage | undefined => languageOfBrowserTag(tag);
