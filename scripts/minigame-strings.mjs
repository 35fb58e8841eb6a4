// The mini-game script's texts (mini-game/strings.ts): three keys of every core catalogue, read at
// build time. Shared by scripts/build-minigame.mjs and web-test-runner.config.mjs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const MINIGAME_KEYS = ['minigame.open', 'minigame.close', 'minigame.frame_title'];
const LOCALES = 'src/core/i18n/locales';

/** `{ EN: [open, close, frameTitle], … }`; throws when a language lacks a key. */
export function minigameStrings(dir = LOCALES) {
  const table = {};
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const lang = file.replace(/\.json$/, '');
    const catalogue = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    table[lang] = MINIGAME_KEYS.map((key) => {
      const text = catalogue[key];
      if (typeof text !== 'string' || !text.trim()) throw new Error(`${join(dir, file)} has no ${key}`);
      return text;
    });
  }
  return table;
}
