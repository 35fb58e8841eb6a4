/**
 * The language of what the server writes for players (docs/api.md, "Language of the content"): the
 * request's `Language` header (every /wps call carries it, src/core/api/client.ts). The demo content
 * (promotions, popups, the home banners' pictures, the demo game catalogue) is written in
 * CONTENT_LANGUAGES; any other language, an unknown value or no header gets its English.
 */
import type { Context } from 'hono';

/** `XX` or `XX-XX`, upper case: the product's language codes (EN, CN, PT-BR, ...). */
export const LANGUAGE_CODE = /^[A-Z]{2}(?:-[A-Z]{2})?$/;

/** The request's language code, upper case; undefined when absent or not a language code. */
export function requestLanguage(c: Context): string | undefined {
  const upper = c.req.header('Language')?.trim().toUpperCase();
  return upper && LANGUAGE_CODE.test(upper) ? upper : undefined;
}

/** The languages the demo content is written in; English is the fallback. */
export const CONTENT_LANGUAGES = ['EN', 'CN', 'VI', 'TH', 'UR'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** Written right to left: a picture with text is laid out mirrored. */
export const RTL_CONTENT: ReadonlySet<ContentLanguage> = new Set(['UR']);

const isContentLanguage = (s: string | undefined): s is ContentLanguage =>
  s !== undefined && (CONTENT_LANGUAGES as readonly string[]).includes(s);

/** The demo content's language for a request: its `Language` when the content has it, else EN. */
export function contentLanguage(c: Context): ContentLanguage {
  const language = requestLanguage(c);
  return isContentLanguage(language) ? language : 'EN';
}

/** One text (or a group of texts) in every content language. */
export type Localized<T> = Record<ContentLanguage, T>;
