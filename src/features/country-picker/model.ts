/**
 * Country dialling-code picker rules (docs/product.md §2 picker, §3 country entry and country info, §7
 * GET /wps/system/country, cached).
 *
 * - The country info loads once per merchant and API base, shared by every picker on the document
 *   (concurrent callers share one request; the client also caches the answer in session storage).
 * - A selection is an ISO country code; nothing selected (or a code the merchant does not list)
 *   means the info's own `countryCode` / `countryDialingCode`.
 * - Flags are emoji built from the code's regional-indicator letters (no image downloads); names
 *   come from `Intl.DisplayNames` in the page language, falling back to the code.
 * - The search filter matches the name (page language and English), the code and the dialling code.
 */
import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-core';
import { call } from '../../core/api/client.ts';
import { endpoints, type CountryEntry, type CountryInfo } from '../../contract/endpoints.ts';
import { apiBase, merchantCode } from '../../core/config/config.ts';
import { htmlLang, type Language } from '../../core/i18n/languages.ts';

export type { CountryEntry, CountryInfo };

/** The merchant's country info, once loaded (shared by every picker on the document). */
export const countryInfo = signal<CountryInfo | undefined>(undefined);
/** 'idle' before the first load, then 'loading', 'ready' or 'error'. */
export const countryInfoState = signal<'idle' | 'loading' | 'ready' | 'error'>('idle');

let request: Promise<CountryInfo | undefined> | undefined;
let requestKey = '';

const sourceKey = () => `${apiBase.value}|${merchantCode.value}`;

/**
 * Loads the country info (GET /wps/system/country) unless it is loaded or loading for the current
 * merchant and API base. Failures are quiet (no notice): the picker offers a retry; a failed load
 * is not kept, so the next call tries again.
 */
export function loadCountryInfo(): Promise<CountryInfo | undefined> {
  const key = sourceKey();
  if (request && key === requestKey) return request;
  if (key !== requestKey) countryInfo.value = undefined;
  requestKey = key;
  countryInfoState.value = 'loading';
  const current: Promise<CountryInfo | undefined> = call(endpoints.systemCountry, undefined, { alert: false }).then(
    (res) => {
      if (request !== current) return res.value; // a newer merchant won the race
      countryInfo.value = normaliseInfo(res.value);
      countryInfoState.value = countryInfo.value ? 'ready' : 'error';
      if (!countryInfo.value) request = undefined;
      return countryInfo.value;
    },
    () => {
      if (request === current) {
        request = undefined;
        countryInfoState.value = 'error';
      }
      return undefined;
    },
  );
  request = current;
  return current;
}

/** Forgets the loaded info (tests, or a merchant switch by hand). */
export function resetCountryInfo() {
  request = undefined;
  requestKey = '';
  countryInfo.value = undefined;
  countryInfoState.value = 'idle';
}

/** Upper-cases codes and drops entries without a code; undefined for an answer that is no info at all. */
export function normaliseInfo(info: CountryInfo | undefined | null): CountryInfo | undefined {
  if (!info || typeof info !== 'object') return undefined;
  const countries = (Array.isArray(info.countries) ? info.countries : [])
    .filter((c) => c && typeof c.countryCode === 'string' && c.countryCode.trim() !== '')
    .map((c) => ({
      countryCode: c.countryCode.trim().toUpperCase(),
      countryDialingCode: String(c.countryDialingCode ?? '').trim(),
    }));
  const code = typeof info.countryCode === 'string' ? info.countryCode.trim().toUpperCase() : '';
  if (!code && countries.length === 0) return undefined;
  return { ...info, countries, countryCode: code, countryDialingCode: String(info.countryDialingCode ?? '').trim() };
}

/** The info's own country: its entry in the list when listed, else its `countryCode` / `countryDialingCode`. */
export function defaultCountry(info: CountryInfo | undefined): CountryEntry | undefined {
  if (!info) return undefined;
  const listed = info.countries.find((c) => c.countryCode === info.countryCode);
  if (listed) return { ...listed };
  if (info.countryCode) return { countryCode: info.countryCode, countryDialingCode: info.countryDialingCode };
  const first = info.countries[0];
  return first ? { ...first } : undefined;
}

/** The entry for an ISO code (any case); the default for no code or a code the merchant does not list. */
export function resolveCountry(info: CountryInfo | undefined, code: string | null | undefined): CountryEntry | undefined {
  if (!info) return undefined;
  const wanted = code?.trim().toUpperCase();
  const found = wanted ? info.countries.find((c) => c.countryCode === wanted) : undefined;
  return found ? { ...found } : defaultCountry(info);
}

/** The list shown: the merchant's countries, or the default alone when the list is empty. */
export function countryList(info: CountryInfo | undefined): CountryEntry[] {
  if (!info) return [];
  if (info.countries.length > 0) return info.countries;
  const d = defaultCountry(info);
  return d ? [d] : [];
}

/** The flag emoji of a two-letter ISO code (regional-indicator letters); a globe for anything else. */
export function flagEmoji(code: string): string {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return '\u{1F310}';
  return String.fromCodePoint(...[...upper].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65));
}

/** The dialling code as shown: always with one leading '+' (servers send '+63' or '63'). */
export function displayDialingCode(dialingCode: string): string {
  const digits = dialingCode.trim().replace(/^\+/, '');
  return digits ? `+${digits}` : '';
}

const displayNames = new Map<string, Intl.DisplayNames | null>();

function regionNames(locale: string): Intl.DisplayNames | null {
  if (!displayNames.has(locale)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
    } catch {
      names = null;
    }
    displayNames.set(locale, names);
  }
  return displayNames.get(locale)!;
}

/** The country's name in a BCP 47 locale, from Intl.DisplayNames; the code when it has none. */
export function countryNameIn(locale: string, code: string): string {
  const upper = code.trim().toUpperCase();
  try {
    return regionNames(locale)?.of(upper) || upper;
  } catch {
    return upper; // not a region code Intl knows the shape of (e.g. three letters)
  }
}

/** The country's name in the page language (product code such as 'EN', 'CN', 'TY'). */
export function countryName(code: string, lang: Language): string {
  return countryNameIn(htmlLang(lang), code);
}

/** What a picker shows for one entry. */
export interface CountryView extends CountryEntry {
  name: string;
  flag: string;
  /** The dialling code with its '+'. */
  dial: string;
}

export function viewOf(entry: CountryEntry, lang: Language): CountryView {
  return {
    ...entry,
    name: countryName(entry.countryCode, lang),
    flag: flagEmoji(entry.countryCode),
    dial: displayDialingCode(entry.countryDialingCode),
  };
}

/** Lower case without accents, for matching what was typed. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/**
 * The entries matching a query: the name in the page language or in English contains it, the code
 * starts with it, or, for a query of digits (with or without '+', spaces or dashes), the dialling
 * code starts with them. An empty query keeps everything; order is kept.
 */
export function filterCountries(entries: readonly CountryEntry[], query: string, lang: Language): CountryEntry[] {
  const q = foldText(query);
  if (!q) return [...entries];
  const digits = /^\+?[\d\s-]+$/.test(q) ? q.replace(/\D/g, '') : '';
  return entries.filter((c) => {
    if (digits) return c.countryDialingCode.replace(/\D/g, '').startsWith(digits);
    if (c.countryCode.toLowerCase().startsWith(q)) return true;
    if (foldText(countryName(c.countryCode, lang)).includes(q)) return true;
    return foldText(countryNameIn('en', c.countryCode)).includes(q);
  });
}

/** A selection for framework-free code (a model that needs the dialling code without a view). */
export interface CountrySelection {
  /** The chosen ISO code; undefined means the info's default. */
  code: Signal<string | undefined>;
  /** The chosen entry (the default when nothing valid is chosen); undefined until the info is loaded. */
  country: ReadonlySignal<CountryEntry | undefined>;
  select(code: string): void;
  reset(): void;
}

export function createCountrySelection(initial?: string): CountrySelection {
  const code = signal<string | undefined>(initial);
  const country = computed(() => resolveCountry(countryInfo.value, code.value));
  return {
    code,
    country,
    select: (next) => {
      code.value = next.trim().toUpperCase() || undefined;
    },
    reset: () => {
      code.value = undefined;
    },
  };
}
