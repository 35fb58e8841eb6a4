/**
 * `<wps-country-picker>`: the country dialling-code picker (docs/product.md §2): a button showing the flag and
 * dialling code of the chosen country, opening a slide-up list with a search field.
 *
 * The merchant's countries come from GET /wps/system/country (docs/product.md §7, cached), loaded once for
 * every picker on the page. Without `value` (or with a code the merchant does not list) the
 * merchant's default country is shown. Flags are emoji; names come from the browser in the page
 * language. The list is a modal dialog: focus moves in, Tab stays inside, Escape or the backdrop
 * close it and focus returns to the button.
 *
 * React views use the component itself: `CountryPicker` from
 * `src/features/country-picker/CountryPicker.tsx` (`value` / `onChange`).
 *
 * @element wps-country-picker
 * @attr {string} merchant - merchant code sent as the Merchant header
 * @attr {string} api-base - origin of the operator's /wps API (default: this page's origin)
 * @attr {string} value - ISO code of the chosen country (e.g. PH); set when the player picks one;
 *   removing it goes back to the merchant's default country
 * @attr {boolean} disabled - the button does not open the list
 * @prop {{ countryCode: string, countryDialingCode: string } | undefined} country - read-only: the
 *   shown country (undefined until the country list has loaded)
 * @fires wps-change - `{ countryCode, countryDialingCode }`: the player picked another country
 * @part picker, trigger, flag, code - the button and its parts
 * @part backdrop, sheet, sheet-header, title, close, search, search-input, list, option, selected, empty, state, retry - the list
 * @cssprop --wps-country-picker-border - border colour of the button
 * @cssprop --wps-country-picker-active - background of the highlighted option
 */
import { defineElement } from './define.tsx';
import { emit } from './emit.ts';
import { CountryPicker } from '../src/features/country-picker/CountryPicker.tsx';
import { countryInfo, resolveCountry, type CountryEntry } from '../src/features/country-picker/model.ts';
import css from '../src/features/country-picker/country-picker.css';

export interface CountryPickerElementProps {
  value?: string;
  disabled?: boolean;
}

/** Detail of `wps-change`. */
export type CountryChangeDetail = CountryEntry;

export type CountryPickerElement = HTMLElement & {
  value?: string;
  disabled?: boolean;
  readonly country: CountryEntry | undefined;
};

export const WpsCountryPicker = defineElement<CountryPickerElementProps>('wps-country-picker', {
  props: { value: 'string', disabled: 'boolean' },
  css: [css],
  render: (props, host) => (
    <CountryPicker
      value={props.value}
      disabled={props.disabled}
      onChange={(country) => {
        // Reflect first, so listeners read the new `value` and `country`.
        host.setAttribute('value', country.countryCode);
        emit<CountryChangeDetail>(host, 'wps-change', {
          countryCode: country.countryCode,
          countryDialingCode: country.countryDialingCode,
        });
      }}
    />
  ),
  methods: {
    country: {
      configurable: true,
      enumerable: true,
      get(): CountryEntry | undefined {
        const entry = resolveCountry(countryInfo.value, this.getAttribute('value'));
        return entry ? { countryCode: entry.countryCode, countryDialingCode: entry.countryDialingCode } : undefined;
      },
    },
  },
});
