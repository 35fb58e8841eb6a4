/**
 * Inlined into index.html by the build, so it runs before main.js is even fetched: it asks for the
 * visitor's language catalogue and the current route's page chunks at once, in parallel with
 * main.js, instead of after main.js has run (no chain of requests before the first paint).
 * The build replaces __HOST_PRELOADS__ with the chunk names of this build (`LoginPage-abc123` for
 * /m/assets/LoginPage-abc123.js), each once, the pages' lists as indexes: the list is in the HTML, so
 * it is kept short.
 */
import { initialLanguage } from '../src/core/i18n/languages.ts';

declare const __HOST_PRELOADS__: {
  languages: Record<string, string>;
  names: string[];
  /** Page -> indexes into `names`. */
  pages: Record<string, number[]>;
  routes: Record<string, string>;
};

const preload = (name: string | undefined) => {
  if (!name) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = `/m/assets/${name}.js`;
  document.head.append(link);
};

preload(__HOST_PRELOADS__.languages[initialLanguage()]);
(__HOST_PRELOADS__.pages[__HOST_PRELOADS__.routes[location.pathname] ?? ''] ?? []).forEach((i) =>
  preload(__HOST_PRELOADS__.names[i]),
);

// The browser's install dialog is offered once, early, often before main.js has run: hold it for
// the install prompt (src/features/install/model.ts), which opens it when the player asks.
addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  (window as unknown as Record<string, unknown>).__wpsInstallPrompt = event;
});
