/**
 * Inlined into index.html by the build, the page's only script: it readies the shell (language,
 * signed-in marks, the page's early calls) and, once the page has painted, asks for main.js, the
 * visitor's language catalogue and the current route's page chunks all at once (no chain).
 * The build replaces __HOST_PRELOADS__ with the chunk names of this build (`LoginPage-abc123` for
 * /m/assets/LoginPage-abc123.js), each once, the pages' lists as indexes: the list is in the HTML, so
 * it is kept short.
 */
import { initialLanguage, LANGUAGE_KEY, normaliseLanguage, rememberShellLanguage } from '../src/core/i18n/languages.ts';
import { localStore } from '../src/core/storage/storage.ts';
import { REMEMBERED_LOGIN_KEY, SESSION_KEY } from '../src/core/session/keys.ts';
import { currentIsNativeApp } from '../src/core/env/env.ts';
import { closedThisSession } from '../src/features/download-bar/hidden.ts';
import { startEarlyCalls } from './earlyCalls.ts';
import { takeAddressToken } from '../src/core/session/handover.ts';

declare const __HOST_PRELOADS__: {
  /** main.js's path (`/m/assets/main-abc123.js`; the service worker looks for it, sw/sw.ts). */
  entry: string;
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
// The top bar's language switch works from the first paint (host/TopBar.tsx): chosen before the
// app has taken over, the choice is kept and the page opens again in it (that language's shell).
document.addEventListener('change', (event) => {
  const select = event.target;
  if (html.hasAttribute('data-app') || !(select instanceof HTMLSelectElement) || !select.matches('.lang-select')) return;
  const chosen = normaliseLanguage(select.value);
  if (!chosen) return;
  localStore.set(LANGUAGE_KEY, chosen);
  rememberShellLanguage(chosen);
  location.reload();
});
// And its Home control (on a freshly opened page it leads home, host/TopBar.tsx).
document.addEventListener('click', (event) => {
  if (!html.hasAttribute('data-app') && (event.target as Element | null)?.closest?.('.topbar-back')) location.assign('/m/home');
});
// The download bar's place is kept before its code arrives (host/host.css), unless it cannot show:
// in the native app, or closed this session.
if (currentIsNativeApp() || closedThisSession()) html.toggleAttribute('data-no-download-bar', true);
const firstPicture = startEarlyCalls(lang);

// The app is asked for once the page has painted: the shell (HTML with its own CSS) paints with
// nothing else on the line, and on home the page's calls and its first picture come first (for at
// most APP_WAITS_FOR_PICTURE_MS). Asked for earlier, the scripts shared the line with what the
// player sees first and, on a fast line, ran before the shell's first frame (docs/performance.md,
// "Paint first, then the app"). All at once: main.js, the language catalogue and the page's
// chunks, so no chain. A hidden page paints nothing: it asks at once.
const APP_WAITS_FOR_PICTURE_MS = 500;
const startApp = () => {
  preload(__HOST_PRELOADS__.languages[lang]);
  (__HOST_PRELOADS__.pages[__HOST_PRELOADS__.routes[location.pathname] ?? ''] ?? []).forEach((i) =>
    preload(__HOST_PRELOADS__.names[i]),
  );
  const app = document.createElement('script');
  app.type = 'module';
  app.setAttribute('fetchpriority', 'low');
  app.src = __HOST_PRELOADS__.entry;
  document.head.append(app);
};
const afterFirstPaint = () =>
  document.visibilityState === 'hidden' ? startApp() : requestAnimationFrame(() => setTimeout(startApp));
const parsed = new Promise<void>((done) =>
  document.readyState === 'loading' ? document.addEventListener('DOMContentLoaded', () => done(), { once: true }) : done(),
);
// Whatever happens to the picture (a broken answer included), the app comes.
const pictureOrTimeout = Promise.race([
  firstPicture.catch(() => undefined),
  new Promise<void>((done) => setTimeout(done, APP_WAITS_FOR_PICTURE_MS)),
]);
void Promise.all([parsed, pictureOrTimeout]).then(afterFirstPaint);

// The browser's install dialog is offered once, early, often before main.js has run: hold it for
// the install prompt (src/features/install/model.ts), which opens it when the player asks.
addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  (window as unknown as Record<string, unknown>).__wpsInstallPrompt = event;
});
