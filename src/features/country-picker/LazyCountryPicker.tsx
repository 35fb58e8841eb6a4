/**
 * The country picker for forms that show it only on some tabs (SMS login, registration by mobile):
 * its code (list, search, sheet) loads when it is first shown. Until then a slot of the trigger's
 * size keeps the layout still.
 */
import { lazy, Suspense } from 'react';
import type { CountryPickerProps } from './CountryPicker.tsx';

const CountryPicker = lazy(() => import('./CountryPicker.tsx').then((m) => ({ default: m.CountryPicker })));

export function LazyCountryPicker(props: CountryPickerProps) {
  return (
    <Suspense fallback={<span className="country-slot" aria-hidden="true" />}>
      <CountryPicker {...props} />
    </Suspense>
  );
}
