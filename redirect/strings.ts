/**
 * The page's only texts, from the core catalogues: scripts/catalogue-strings.mjs lists the keys in the
 * order of `Text` and the build puts them in for every language, so the page carries a few strings,
 * not i18next and the catalogues.
 */
declare const __REDIRECT_STRINGS__: Record<string, readonly string[]>;

export const STRINGS = __REDIRECT_STRINGS__;

/** Index of each text in a language's row (the order of REDIRECT_KEYS). */
export const Text = {
  Opening: 0,
  RefusedTitle: 1,
  RefusedText: 2,
  Missing: 3,
  FailedTitle: 4,
  FailedText: 5,
  Retry: 6,
  Home: 7,
} as const;
