/**
 * Entry of `dist/elements/wps-elements.js`, the classic script a merchant adds (see loader.ts).
 * The build replaces __WPS_LOADER_MANIFEST__ with the lite build's file list.
 */
import { createLoader, type LoaderManifest, type WpsElementsApi } from './loader.ts';

declare const __WPS_LOADER_MANIFEST__: LoaderManifest;
declare global {
  interface Window {
    WpsElements?: WpsElementsApi;
  }
}

// A second copy of the script tag must not start a second loader.
if (!window.WpsElements) {
  const script = (document.currentScript ?? document.querySelector('script[src*="wps-elements"]')) as HTMLScriptElement | null;
  const src = script?.src || location.href;
  const build = (script?.dataset.build ?? window.WPS_CONFIG?.build) === 'react' ? 'react' : 'lite';
  const loader = createLoader({
    manifest: __WPS_LOADER_MANIFEST__,
    liteBase: new URL('lite/', src).href,
    reactBase: new URL('esm/', src).href,
    build,
  });
  window.WpsElements = loader.api;
  loader.observe(document);
}
