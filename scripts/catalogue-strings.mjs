// Texts of the standalone scripts that carry no i18next: a few keys of every core catalogue, read at
// build time into a table the script gets as an esbuild `define`. One function for both: the
// mini-game script (mini-game/strings.ts; scripts/build-minigame.mjs and web-test-runner.config.mjs)
// and the redirect page (redirect/strings.ts; scripts/build-redirect.mjs).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const MINIGAME_KEYS = ['minigame.open', 'minigame.close', 'minigame.frame_title'];
/** In the order of the redirect page's `Text` indices (redirect/strings.ts). */
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

/** `{ EN: [text of keys[0], …], … }` for every catalogue in `dir`; throws when a language lacks a key. */
export function catalogueStrings(keys, dir = LOCALES) {
  const table = {};
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const lang = file.replace(/\.json$/, '');
    const catalogue = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    table[lang] = keys.map((key) => {
      const text = catalogue[key];
      if (typeof text !== 'string' || !text.trim()) throw new Error(`${join(dir, file)} has no ${key}`);
      return text;
    });
  }
  return table;
}
