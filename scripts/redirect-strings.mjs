// The redirect page's texts (redirect/strings.ts): a few keys of every core catalogue, read at build
// time, so the page carries them and not i18next with the catalogues. Used by scripts/build-redirect.mjs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** In the order of the page's `Text` indices (redirect/strings.ts). */
export const REDIRECT_KEYS = [
  'redirect.opening',
  'redirect.refused_title',
  'redirect.refused_text',
  'redirect.missing',
  'redirect.failed_title',
  'page_error.text',
  'retry',
  'not_found.home',
];
const LOCALES = 'src/core/i18n/locales';

/** `{ EN: [opening, refusedTitle, …], … }`; throws when a language lacks a key. */
export function redirectStrings(dir = LOCALES) {
  const table = {};
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const lang = file.replace(/\.json$/, '');
    const catalogue = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    table[lang] = REDIRECT_KEYS.map((key) => {
      const text = catalogue[key];
      if (typeof text !== 'string' || !text.trim()) throw new Error(`${join(dir, file)} has no ${key}`);
      return text;
    });
  }
  return table;
}
