/**
 * The script's only texts: `minigame.open`, `minigame.close` and `minigame.frame_title` of the core
 * catalogues, in that order, for every language. The build (and the browser tests' bundler) puts
 * them in from the JSON files (scripts/catalogue-strings.mjs), so the script carries three keys, not
 * i18next and the catalogues.
 */
declare const __MINIGAME_STRINGS__: Record<string, readonly [open: string, close: string, frameTitle: string]>;

export const STRINGS = __MINIGAME_STRINGS__;
