/**
 * Interface languages of docs/product.md §1: the list, browser-language mapping and text direction
 * are ./language-codes.ts (pure data the server and the generated loader tables read too); this adds
 * the browser's side (the stored choice, navigator.languages, the shell cookie).
 */
import { localStore } from '../storage/storage.ts';
import { detectLanguage, type Language } from '../../contract/language-codes.ts';

export * from '../../contract/language-codes.ts';

/** Where the player's language choice is remembered. */
export const LANGUAGE_KEY = 'wps:language';

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
