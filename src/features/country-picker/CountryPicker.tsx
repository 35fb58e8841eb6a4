/**
 * The country dialling-code picker (docs/product.md §2): a trigger showing flag and dialling code, and a
 * slide-up list (Sheet) with a search field and a listbox of countries.
 *
 * Controlled: `value` is the chosen ISO code (undefined, or a code the merchant does not list,
 * shows the merchant's default country); `onChange` receives the entry the player picked. Used by
 * `<wps-country-picker>` and directly by React views (registration form, two-factor modal), which
 * keep the code in their own state. Its CSS is adopted into whatever root it renders in.
 *
 * Keyboard: in the list, ArrowUp/ArrowDown/Home/End move, Enter or Space selects; in the search
 * field ArrowDown goes to the list and Enter selects the highlighted match; Escape closes.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Language } from '../../core/i18n/languages.ts';
import { deepActiveElement } from '../../ui/focus.ts';
import { Sheet } from '../../ui/Sheet.tsx';
import { LAYERS_CSS } from '../../core/layers.ts';
import { adoptStyles } from '../../ui/styles.ts';
import { useT } from '../../ui/useT.ts';
import uiCss from '../../ui/ui.css';
import css from './country-picker.css';
import {
  countryInfo,
  countryInfoState,
  countryList,
  filterCountries,
  flagEmoji,
  loadCountryInfo,
  viewOf,
  type CountryEntry,
} from './model.ts';
import { useCountry } from './useCountry.ts';

export { useCountry };

export interface CountryPickerProps {
  /** The chosen ISO country code; undefined: the merchant's default country. */
  value?: string | null;
  /** The player picked another country. */
  onChange?: (country: CountryEntry) => void;
  disabled?: boolean;
  /** id of the trigger button (for a `<label for>` or aria-describedby elsewhere). */
  id?: string;
}

export function CountryPicker({ value, onChange, disabled, id }: CountryPickerProps) {
  useSignals();
  const { t, lang, dir } = useT();
  const selected = useCountry(value);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLSpanElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  useLayoutEffect(() => {
    const root = rootRef.current?.getRootNode();
    if (root instanceof ShadowRoot || root instanceof Document) adoptStyles(root, LAYERS_CSS, uiCss, css);
  }, []);

  useEffect(() => {
    if (disabled) setOpen(false);
  }, [disabled]);

  const view = selected ? viewOf(selected, lang) : undefined;
  const pending = value ? flagEmoji(value) : undefined;
  const label = view ? t('country_picker.label', { code: view.dial, name: view.name }) : t('country_picker.label_empty');

  const choose = (entry: CountryEntry) => {
    setOpen(false);
    if (entry.countryCode !== selected?.countryCode)
      onChange?.({ countryCode: entry.countryCode, countryDialingCode: entry.countryDialingCode });
  };

  return (
    <span ref={rootRef} className="wps-root wps-country-picker" part="picker" dir={dir}>
      <button
        ref={triggerRef}
        id={id}
        type="button"
        className="trigger"
        part="trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={label}
        disabled={disabled}
        onClick={() => {
          if (countryInfoState.value === 'error') void loadCountryInfo();
          setOpen(true);
        }}
      >
        <span className="flag" part="flag" aria-hidden="true">
          {view?.flag ?? pending ?? '\u{1F310}'}
        </span>
        <span className="code" part="code" dir="ltr">
          {view?.dial ?? ''}
        </span>
        <span className="caret" aria-hidden="true">
          ▾
        </span>
      </button>
      <Sheet
        open={open}
        onClose={() => setOpen(false)}
        title={t('country_picker.title')}
        closeLabel={t('country_picker.close')}
        returnFocus={triggerRef}
        dir={dir}
      >
        <CountryList selected={selected} lang={lang} onChoose={choose} />
      </Sheet>
    </span>
  );
}

interface CountryListProps {
  selected: CountryEntry | undefined;
  lang: Language;
  onChoose: (entry: CountryEntry) => void;
}

/** Search field, listbox and status line; mounted while the sheet is shown, so each opening starts afresh. */
function CountryList({ selected, lang, onChoose }: CountryListProps) {
  useSignals();
  const { t } = useT();
  const baseId = useId();
  const searchId = `${baseId}search`;
  const [query, setQuery] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const state = countryInfoState.value;
  const all = countryList(countryInfo.value);
  const matches = useMemo(() => filterCountries(all, query, lang), [all, query, lang]);
  const views = useMemo(() => matches.map((c) => viewOf(c, lang)), [matches, lang]);
  const selectedIndex = matches.findIndex((c) => c.countryCode === selected?.countryCode);
  const [active, setActive] = useState(() => Math.max(0, selectedIndex));
  const activeIndex = Math.min(active, Math.max(0, matches.length - 1));
  const optionId = (code: string) => `${baseId}opt-${code}`;
  const activeEntry = matches[activeIndex];
  // Keys pressed faster than React renders still act on the option they moved to.
  const activeRef = useRef(activeIndex);
  activeRef.current = activeIndex;

  const retryRef = useRef<HTMLButtonElement>(null);
  // Start on the chosen country when the list arrives after the sheet opened.
  const arrived = useRef(all.length > 0);
  useEffect(() => {
    if (arrived.current || all.length === 0) return;
    arrived.current = true;
    setActive(Math.max(0, selectedIndex));
  }, [all.length, selectedIndex]);
  // The loading line or the retry button gave way to other content: keep focus in the sheet.
  useEffect(() => {
    const active = deepActiveElement();
    if (active && active !== document.body) return;
    (listRef.current ?? retryRef.current)?.focus();
  }, [state, all.length]);

  useEffect(() => {
    if (!activeEntry) return;
    const node = listRef.current?.querySelector<HTMLElement>(`[data-code="${activeEntry.countryCode}"]`);
    node?.scrollIntoView?.({ block: 'nearest' });
  }, [activeEntry]);

  useEffect(() => {
    // With the list ready at opening, start in it (no on-screen keyboard popping up on phones).
    listRef.current?.focus();
    // Only on mount: the Sheet focuses the first control if the list is not there yet.
  }, []);

  const move = (to: number) => {
    activeRef.current = Math.max(0, Math.min(matches.length - 1, to));
    setActive(activeRef.current);
  };
  const chooseActive = () => {
    const entry = matches[activeRef.current];
    if (entry) onChoose(entry);
  };

  const onListKey = (e: React.KeyboardEvent) => {
    const at = activeRef.current;
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(at + 1),
      ArrowUp: () => move(at - 1),
      Home: () => move(0),
      End: () => move(matches.length - 1),
      PageDown: () => move(at + 8),
      PageUp: () => move(at - 8),
      Enter: chooseActive,
      ' ': chooseActive,
    };
    const run = keys[e.key];
    if (!run) return;
    e.preventDefault();
    run();
  };

  const onSearchKey = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown' && matches.length > 0) {
      e.preventDefault();
      listRef.current?.focus();
    } else if (e.key === 'Enter' && matches.length > 0) {
      e.preventDefault();
      chooseActive();
    }
  };

  if (state !== 'ready' && all.length === 0) {
    return (
      <div className="state" part="state" role="status">
        {state === 'error' ? (
          <>
            <p>{t('country_picker.load_failed')}</p>
            <button ref={retryRef} type="button" className="wps-button" part="retry" onClick={() => void loadCountryInfo()}>
              {t('retry')}
            </button>
          </>
        ) : (
          <p>{t('loading')}</p>
        )}
      </div>
    );
  }

  return (
    <>
      <div className="search" part="search">
        <label className="wps-visually-hidden" htmlFor={searchId}>
          {t('country_picker.search')}
        </label>
        <input
          id={searchId}
          type="search"
          part="search-input"
          placeholder={t('country_picker.search')}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="done"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onSearchKey}
        />
      </div>
      <p className="wps-visually-hidden" role="status">
        {query ? (matches.length ? t('country_picker.results', { total: matches.length }) : t('country_picker.no_results')) : ''}
      </p>
      {matches.length > 0 ? (
        <ul
          ref={listRef}
          className="list"
          part="list"
          role="listbox"
          aria-label={t('country_picker.title')}
          aria-activedescendant={activeEntry ? optionId(activeEntry.countryCode) : undefined}
          tabIndex={0}
          onKeyDown={onListKey}
        >
          {views.map((c, i) => {
            const isSelected = c.countryCode === selected?.countryCode;
            return (
              // aria-activedescendant: the listbox has focus and its keys choose (onListKey).
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={c.countryCode}
                id={optionId(c.countryCode)}
                role="option"
                aria-selected={isSelected}
                data-code={c.countryCode}
                className={i === activeIndex ? 'option active' : 'option'}
                part={isSelected ? 'option selected' : 'option'}
                onClick={() => onChoose(c)}
              >
                <span className="flag" aria-hidden="true">
                  {c.flag}
                </span>
                <span className="name">{c.name}</span>
                <span className="dial" dir="ltr">
                  {c.dial}
                </span>
                <span className="check" aria-hidden="true">
                  {isSelected ? '✓' : ''}
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="empty" part="empty" aria-hidden="true">
          {t('country_picker.no_results')}
        </p>
      )}
    </>
  );
}
