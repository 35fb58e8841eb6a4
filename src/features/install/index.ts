/** The install feature's public entry: what the download list reuses (the install overlay this phone gets). */
export { forcedOffer } from './model.ts';
