/**
 * i18next set-up. The active language is a signal; its catalogue is loaded on demand. `t` is safe
 * to call before a catalogue arrives (it gives the key), and `i18nRevision` changes whenever a
 * catalogue is added, so views that read it re-render with the real text.
 */
import i18next, { type TOptions } from 'i18next';
import { signal, effect } from '@preact/signals-core';
import { catalogues } from './locales/index.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_KEY, RTL_LANGUAGES, initialLanguage, normaliseLanguage, type Language } from './languages.ts';
import { localStore } from '../storage/storage.ts';

export { LANGUAGE_KEY };
const FALLBACK: Language = 'EN';

const i18n = i18next.createInstance();

export const language = signal<Language>(initialLanguage());
export const i18nRevision = signal(0);

export const isRtl = (lang: Language = language.value) => RTL_LANGUAGES.has(lang);

async function loadCatalogue(lang: Language) {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  const loader = catalogues[lang];
  if (!loader) return;
  const { default: strings } = await loader();
  i18n.addResourceBundle(lang, 'translation', strings, true, true);
}

/** Loads a language's catalogue (and EN when it has none) and switches i18next to it. */
async function activate(lang: Language) {
  await Promise.all([loadCatalogue(lang), catalogues[lang] ? undefined : loadCatalogue(FALLBACK)]);
  if (language.value !== lang) return; // a later switch won the race
  await i18n.changeLanguage(lang);
  i18nRevision.value++;
}

let ready: Promise<void> | undefined;

/** Starts i18next once and follows the language signal; resolves when the first catalogue is in. */
export function ensureI18n(): Promise<void> {
  ready ??= (async () => {
    await i18n.init({
      lng: language.value,
      fallbackLng: FALLBACK,
      load: 'currentOnly',
      supportedLngs: false,
      interpolation: { escapeValue: false }, // React escapes
      keySeparator: false, // flat keys such as 'download_bar.close'
      resources: {},
      partialBundledLanguages: true,
      returnNull: false,
    } as Parameters<typeof i18n.init>[0]);
    let first: Promise<void> | undefined;
    effect(() => {
      const switching = activate(language.value);
      first ??= switching;
    });
    await first;
  })();
  return ready;
}

/** Switches the interface language and remembers the choice. */
export function setLanguage(code: string) {
  const lang = normaliseLanguage(code) ?? DEFAULT_LANGUAGE;
  localStore.set(LANGUAGE_KEY, lang);
  language.value = lang;
}

export function t(key: string, options?: TOptions): string {
  return i18n.t(key, options as TOptions) as string;
}

/**
 * Loads another language's catalogue beside the active one (the maintenance page also shows the
 * English text); `i18nRevision` changes when it arrives.
 */
export async function ensureCatalogue(lang: Language): Promise<void> {
  await ensureI18n();
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  await loadCatalogue(lang);
  i18nRevision.value++;
}

/** `t` in a given language (its catalogue must be loaded, see ensureCatalogue). */
export function tIn(lang: Language, key: string, options?: TOptions): string {
  return i18n.getFixedT(lang)(key, options as TOptions) as string;
}

export { i18n };
