/**
 * Inlined into index.html by the build, so it runs before main.js is even fetched: it asks for the
 * visitor's language catalogue and the current route's page chunks at once, in parallel with
 * main.js, instead of after main.js has run (no chain of requests before the first paint).
 * The build replaces __HOST_PRELOADS__ with the chunk names of this build (`LoginPage-abc123` for
 * /m/assets/LoginPage-abc123.js), each once, the pages' lists as indexes: the list is in the HTML, so
 * it is kept short.
 */
import { initialLanguage, rememberShellLanguage } from '../src/core/i18n/languages.ts';
import { REMEMBERED_LOGIN_KEY, SESSION_KEY } from '../src/core/session/keys.ts';
import { currentIsNativeApp } from '../src/core/env/env.ts';
import { closedThisSession } from '../src/features/download-bar/hidden.ts';
import { startEarlyCalls } from './earlyCalls.ts';
import { takeAddressToken } from '../src/core/session/handover.ts';

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
  // As main.js: after the stylesheet, the page's calls and its first picture (host/index.html).
  link.setAttribute('fetchpriority', 'low');
  link.href = `/m/assets/${name}.js`;
  document.head.append(link);
};

// First of all: a session token in the address leaves the address bar before anything is asked
// for (the boot decides what it may do, src/core/session/handover.ts).
const addressToken = takeAddressToken();

const lang = initialLanguage();
preload(__HOST_PRELOADS__.languages[lang]);

// A prerendered shell (docs/performance.md, "Prerendered shells") is a visitor's page in one
// language. Until the app takes over, a player in another language sees its boxes without their
// text, and a signed-in (or remembered) player does not see the visitor's welcome (host/host.css).
const html = document.documentElement;
if (html.dataset.shell && html.dataset.shell !== lang) html.classList.add('wps-shell-other');
const stored = (area: () => Storage, key: string) => {
  try {
    return area().getItem(key);
  } catch {
    return null;
  }
};
if (
  stored(() => sessionStorage, SESSION_KEY) ||
  stored(() => localStorage, SESSION_KEY) ||
  /^(?!.*"autoLogin":0)./.test(stored(() => localStorage, REMEMBERED_LOGIN_KEY) ?? '') ||
  addressToken
)
  html.classList.add('wps-signed-in');
// The next page load gets the shell in this language from a server that can choose.
rememberShellLanguage(lang);
// The download bar's place is kept before its code arrives (host/host.css), unless it cannot show:
// in the native app, or closed this session.
if (currentIsNativeApp() || closedThisSession()) html.toggleAttribute('data-no-download-bar', true);
(__HOST_PRELOADS__.pages[__HOST_PRELOADS__.routes[location.pathname] ?? ''] ?? []).forEach((i) =>
  preload(__HOST_PRELOADS__.names[i]),
);

startEarlyCalls(lang);

// The browser's install dialog is offered once, early, often before main.js has run: hold it for
// the install prompt (src/features/install/model.ts), which opens it when the player asks.
addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  (window as unknown as Record<string, unknown>).__wpsInstallPrompt = event;
});
