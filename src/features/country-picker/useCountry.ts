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
