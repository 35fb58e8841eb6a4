/** The country picker's public entry: what the sign-in forms use (docs/architecture.md, Layers). */
export { LazyCountryPicker } from './LazyCountryPicker.tsx';
export { useCountry, useDialingCountry } from './useCountry.ts';
