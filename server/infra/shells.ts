/**
 * The prerendered shells of /m (docs/performance.md, "Prerendered shells"): which file answers
 * /m/home, /m/login and /m/register for a request. The build writes the table
 * (DIST_DIR/meta/shells.json: the pages, the languages, the default, the browser tags the app maps);
 * the player's language is the cookie the app sets (`wps_lang`), else the first language of
 * Accept-Language the app would pick from the browser's languages, else the default: the shell comes
 * in the language the app will start in.
 */
export interface ShellTable {
  /** Path -> file name of the page's shell (`home` for /m/home). */
  pages: Record<string, string>;
  languages: string[];
  default: string;
  /** Lower-case browser tag -> language code (src/core/i18n/languages.ts). */
  browserTags: Record<string, string>;
}

export const SHELL_LANGUAGE_COOKIE = 'wps_lang';

/** The table as the build wrote it, or undefined when it is not one. */
export function parseShellTable(value: unknown): ShellTable | undefined {
  const t = value as Partial<ShellTable> | null;
  if (!t || typeof t !== 'object' || !t.pages || !Array.isArray(t.languages) || typeof t.default !== 'string') return undefined;
  if (typeof t.browserTags !== 'object' || t.browserTags === null) return undefined;
  return t as ShellTable;
}

/** A language code for a stored code or a browser tag, by the app's rule (normaliseLanguage). */
function normalise(table: ShellTable, tag: string): string | undefined {
  const upper = tag.trim().toUpperCase().replace('_', '-');
  if (table.languages.includes(upper)) return upper;
  const lower = tag.trim().toLowerCase().replace('_', '-');
  const tags = table.browserTags;
  return tags[lower] ?? tags[lower.split('-').slice(0, 2).join('-')] ?? tags[lower.split('-')[0]!];
}

/** Accept-Language's tags, most wanted first (`q=0` is not wanted). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(/^\s*q=([\d.]+)\s*$/.exec(params.find((p) => /^\s*q=/.test(p)) ?? '')?.[1] ?? 1);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.tag);
}

/** The cookie's value, or undefined. */
function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** The shell file (relative to dist/m) that answers `path`, or undefined when the path has none. */
export function shellFor(
  table: ShellTable,
  path: string,
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): string | undefined {
  const name = Object.hasOwn(table.pages, path) ? table.pages[path] : undefined;
  if (!name || !/^[a-z]+$/.test(name)) return undefined;
  const chosen = cookie(cookieHeader, SHELL_LANGUAGE_COOKIE);
  let lang = chosen ? normalise(table, chosen) : undefined;
  for (const tag of lang ? [] : acceptedLanguages(acceptLanguage)) if ((lang = normalise(table, tag))) break;
  lang ??= table.default;
  return table.languages.includes(lang) ? `shells/${lang}/${name}.html` : undefined;
}
