/**
 * i18next set-up. The active language is a signal; its catalogue is loaded on demand. `t` is safe
 * to call before a catalogue arrives (it gives the key), and `i18nRevision` changes whenever a
 * catalogue is added, so views that read it re-render with the real text.
 */
import i18next, { type TOptions } from 'i18next';
import { signal, effect } from '@preact/signals-core';
import { catalogues, type Catalogue } from './locales/index.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_KEY, RTL_LANGUAGES, initialLanguage, normaliseLanguage, type Language } from './languages.ts';
import { localStore } from '../storage/storage.ts';

export { LANGUAGE_KEY };
const FALLBACK: Language = 'EN';

const i18n = i18next.createInstance();

export const language = signal<Language>(initialLanguage());
export const i18nRevision = signal(0);

export const isRtl = (lang: Language = language.value) => RTL_LANGUAGES.has(lang);

export type CatalogueLoaders = Partial<Record<Language, () => Promise<{ default: Catalogue }>>>;

/**
 * A feature's own strings, loaded only when one of its elements is on the page, beside the core
 * catalogue (docs/architecture.md, "Strings"): a merchant page with the download bar does not pay
 * for the install guides' texts. Every language has its file (test/i18n/catalogues.test.ts).
 */
export interface CataloguePart {
  name: string;
  loaders: CatalogueLoaders;
}

const CORE: CataloguePart = { name: 'core', loaders: catalogues };
/** The core catalogue as a part: what ensureI18n loads; an element with its own strings may go without it. */
export const coreStrings = CORE;
/** The parts some element asked for: a language switch loads them too. */
const parts = new Set<CataloguePart>();
/** `part:lang` being loaded, and the ones that are in. */
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();
let coreIn = false;

function loadPart(part: CataloguePart, lang: Language): Promise<void> {
  const key = `${part.name}:${lang}`;
  let pending = loading.get(key);
  if (!pending) {
    const loader = part.loaders[lang];
    pending = (loader ? loader() : Promise.resolve(undefined)).then(
      (module) => {
        // Stored under the code i18next looks up: it reads 'PT-BR' as 'pt-BR', and a bundle filed as
        // 'PT-BR' was never found (Brazilian Portuguese showed the keys).
        const code = i18n.services?.languageUtils?.formatLanguageCode(lang) ?? lang;
        if (module) i18n.addResourceBundle(code, 'translation', module.default, true, true);
        loaded.add(key);
        if (part === CORE) coreIn = true;
      },
      (error: unknown) => {
        loading.delete(key); // offline for a moment: a later call tries again
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

const loadCatalogue = (lang: Language) => Promise.all([...parts].map((part) => loadPart(part, lang))).then(() => {});

/**
 * Whether the core catalogue has been in once, in any language: an element that uses it renders from
 * then on (through a language switch too, as before), not while only the download bar's strings are.
 */
export const coreLoaded = () => coreIn;

/** Whether `lang`'s strings of `part` (default: the core catalogue) are in. */
export const isCatalogueLoaded = (lang: Language, part: CataloguePart = CORE) => loaded.has(`${part.name}:${lang}`);

/** Loads a language's catalogue (and EN when it has none) and switches i18next to it. */
async function activate(lang: Language) {
  await Promise.all([loadCatalogue(lang), catalogues[lang] ? undefined : loadCatalogue(FALLBACK)]);
  if (language.value !== lang) return; // a later switch won the race
  await i18n.changeLanguage(lang);
  i18nRevision.value++;
}

/**
 * Loads a feature's strings for the active language (and for every later switch). Starts i18next
 * without the core catalogue: the download bar needs only its own strings (docs/performance.md).
 */
export async function ensurePart(part: CataloguePart): Promise<void> {
  await start();
  if (parts.has(part) && isCatalogueLoaded(language.value, part)) return;
  parts.add(part);
  const lang = language.value;
  await Promise.all([loadPart(part, lang), part.loaders[lang] ? undefined : loadPart(part, FALLBACK)]);
  i18nRevision.value++;
}

/** The active language's strings of every given part are in (a view renders nothing before). */
export const partsReady = (list: readonly CataloguePart[]) => {
  const lang = language.value;
  return list.every((part) => isCatalogueLoaded(lang, part) || (!part.loaders[lang] && isCatalogueLoaded(FALLBACK, part)));
};

let started: Promise<void> | undefined;
let ready: Promise<void> | undefined;
/** The latest language switch, settled when its catalogue is in and i18next speaks it. */
let switching: Promise<void> | undefined;

/** Starts i18next with the core catalogue and follows the language signal; resolves when the catalogue is in. */
export function ensureI18n(): Promise<void> {
  // Started already by an element with only its own strings: the core catalogue joins as a part.
  ready ??= started ? ensurePart(CORE) : (parts.add(CORE), start());
  return ready;
}

/** Starts i18next once and follows the language signal; resolves when the parts asked for so far are in. */
function start(): Promise<void> {
  started ??= (async () => {
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
      switching = activate(language.value);
      first ??= switching;
    });
    await first;
  })();
  return started;
}

/** Resolves once the current language's catalogue is in and active (the build's prerender waits on it). */
export async function languageReady(): Promise<void> {
  await ensureI18n();
  await switching;
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
  if (isCatalogueLoaded(lang)) return;
  await loadPart(CORE, lang);
  i18nRevision.value++;
}

/** `t` in a given language (its catalogue must be loaded, see ensureCatalogue). */
export function tIn(lang: Language, key: string, options?: TOptions): string {
  return i18n.getFixedT(lang)(key, options as TOptions) as string;
}

export { i18n };
