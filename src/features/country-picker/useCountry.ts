/**
 * The country a picker with a given value shows, loading the merchant's country info once. Apart
 * from the picker's view, so forms can know the dialling code without loading the picker's code.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { apiBase, merchantCode } from '../../core/config/config.ts';
import { countryInfo, loadCountryInfo, resolveCountry, type CountryEntry } from './model.ts';

/** The entry a picker with this `value` shows (undefined until the country info is loaded). */
export function useCountry(value?: string | null): CountryEntry | undefined {
  useSignals();
  useEffect(() => {
    void loadCountryInfo();
  }, [merchantCode.value, apiBase.value]);
  return resolveCountry(countryInfo.value, value);
}

/** Dialling codes compare without the plus sign and spaces: "+63", "63" and " +63" are one code. */
const dialKey = (code: string | null | undefined) => (code ?? '').replace(/[\s+]/g, '');

/**
 * For forms that keep a dialling code rather than a country (the two-factor modal): the ISO code of
 * the listed country with that dialling code, `undefined` while the info loads or when none is
 * listed, and the merchant's default country to fall back on.
 */
export function useDialingCountry(dialingCode: string | null | undefined) {
  const fallback = useCountry(undefined);
  const info = countryInfo.value;
  const wanted = dialKey(dialingCode);
  const listed = wanted ? info?.countries.find((c) => dialKey(c.countryDialingCode) === wanted) : undefined;
  return { listed: listed?.countryCode, fallback };
}
