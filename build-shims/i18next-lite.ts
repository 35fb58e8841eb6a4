/**
 * What `i18next` resolves to in the lite element build (rollup.config.mjs, and the lite run of the
 * browser tests): the part of i18next that src/core/i18n/i18n.ts uses, in about 0.7 KB gzip instead of
 * 15 (docs/performance.md, "The download bar's bytes"). The same source, a smaller runtime, as
 * preact/compat is for React; /m keeps i18next.
 *
 * Covered: createInstance, init (fallbackLng, keySeparator false, no escaping), addResourceBundle,
 * changeLanguage, t and getFixedT with `{{name}}` interpolation and plurals by `count` (key_one,
 * key_other... from Intl.PluralRules, key_zero for 0), the language code formatting i18next applies
 * ('PT-BR' is filed as 'pt-BR'). test/i18n/i18next-lite.test.ts checks every key of every catalogue
 * in every language against i18next itself; anything else i18n.ts starts to use must be added here
 * and to that test.
 */
type Options = Record<string, unknown> & { count?: unknown; lng?: string };
type Bundle = Record<string, string>;

/** i18next's formatLanguageCode: canonical casing for a code with a region ('pt-BR'), else as given. */
const formatLanguageCode = (code: string): string => {
  if (!code.includes('-')) return code;
  try {
    return Intl.getCanonicalLocales(code)[0] ?? code;
  } catch {
    return code;
  }
};

interface Rule {
  select(n: number): string;
}
const rules = new Map<string, Rule>();
/** i18next's plural rule for a code; one/other when Intl knows nothing better. */
function pluralRule(code: string): Rule {
  let rule = rules.get(code);
  if (!rule) {
    const cleaned = code.replace(/_/g, '-');
    try {
      rule = new Intl.PluralRules(cleaned);
    } catch {
      rule = cleaned.includes('-') ? pluralRule(cleaned.split('-')[0]!) : { select: (n) => (n === 1 ? 'one' : 'other') };
    }
    rules.set(code, rule);
  }
  return rule;
}

/** `{{name}}`: the value; a name given as undefined or null is empty; an unknown name stays as written. */
const interpolate = (text: string, data: Options) =>
  text.replace(/\{\{(.+?)\}\}/g, (whole, name: string) => {
    const key = name.trim();
    const value = data[key];
    if (value === undefined && !Object.prototype.hasOwnProperty.call(data, key)) return whole;
    return value == null ? '' : String(value);
  });

class Translator {
  language: string | undefined;
  private fallback = 'dev';
  private store: Record<string, Bundle> = {};
  readonly services = { languageUtils: { formatLanguageCode } };

  init(options: { lng?: string; fallbackLng?: string | string[] }) {
    const fallback = [options.fallbackLng ?? []].flat()[0];
    if (fallback) this.fallback = formatLanguageCode(fallback);
    if (options.lng) this.language = formatLanguageCode(options.lng);
    return Promise.resolve(this.t);
  }

  /** Always merged and overwriting, as i18n.ts asks (`deep`, `overwrite` true). */
  addResourceBundle(lng: string, _ns: string, resources: Bundle, _deep?: boolean, _overwrite?: boolean) {
    this.store[lng] = { ...this.store[lng], ...resources };
    return this;
  }

  changeLanguage(lng: string) {
    this.language = formatLanguageCode(lng);
    return Promise.resolve(this.t);
  }

  t = (key: string, options: Options = {}): string => {
    const lng = options.lng ?? this.language;
    const codes = lng === undefined ? [] : [formatLanguageCode(lng)];
    if (!codes.includes(this.fallback)) codes.push(this.fallback);
    const count = options.count;
    const plural = count !== undefined && typeof count !== 'string';
    for (const code of codes) {
      const bundle = this.store[code];
      if (!bundle) continue;
      // i18next's order: key_zero (for 0), then the plural form, then the key itself.
      const keys = plural
        ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralRule(code).select(count as number)}`, key]
        : [key];
      for (const k of keys) if (bundle[k] !== undefined) return interpolate(bundle[k], options);
    }
    return interpolate(key, options);
  };

  getFixedT(lng: string) {
    return (key: string, options: Options = {}) => this.t(key, { ...options, lng });
  }
}

const i18next = { createInstance: () => new Translator() };
export default i18next;
export type TOptions = Options;
