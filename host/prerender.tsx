/**
 * The build-time render of /m's first screens (docs/performance.md, "Prerendered shells"): the App a
 * browser runs, rendered to HTML with React's `prerender` for one page and language. Only
 * scripts/prerender.mjs imports it, in Node with a small browser stand-in; it is never in a bundle
 * a player downloads.
 */
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { languageReady, setLanguage } from '../src/core/i18n/i18n.ts';
import { App, preloadPage } from './App.tsx';

export { DEFAULT_LANGUAGE, FROM_BROWSER, LANGUAGES, RTL_LANGUAGES, htmlLang } from '../src/core/i18n/languages.ts';

/** The HTML of `<div id="root">` for a visitor who opens `path` in `lang`, with nothing in the query. */
export async function renderShell(path: string, lang: string): Promise<string> {
  setLanguage(lang);
  await languageReady();
  await preloadPage(path);
  const { prelude } = await prerender(
    <Router ssrPath={path} ssrSearch="">
      <App />
    </Router>,
  );
  return new Response(prelude).text();
}
