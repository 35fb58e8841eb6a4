/** Page-wide settings for every element on the page; the loader's `WpsElements.configure/setLanguage` call these. */
export { configure } from '../src/core/config/config.ts';
export { setLanguage } from '../src/core/i18n/i18n.ts';
