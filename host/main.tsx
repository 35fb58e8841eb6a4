/**
 * Boot of the /m host page: landing parameters, query token, reload rule, language, site data,
 * member info, the app, and the service worker.
 */
import { startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { captureLanding } from '../src/core/session/landing.ts';
import { reloadAction, disablesAutoLogin } from '../src/core/session/routeRules.ts';
import { saveSession, session } from '../src/core/session/sessionInfo.ts';
import { handoverOf, takeAddressToken } from '../src/core/session/handover.ts';
import { MemberType } from '../src/core/session/memberType.ts';
import { startHomeScreenRestore } from '../src/core/session/homeScreenRestore.ts';
import { setNavigator } from '../src/core/session/navigation.ts';
import { merchantCode } from '../src/core/config/config.ts';
import { ensureI18n, language } from '../src/core/i18n/i18n.ts';
import { autoLoginDisabled, autoLoginPending, REMEMBERED_LOGIN_KEY } from '../src/core/session/autoLogin.ts';
import { localStore } from '../src/core/storage/storage.ts';
import { App, preloadPage } from './App.tsx';
import { carriedHref, hostNavigate } from './AppLink.tsx';

function boot() {
  captureLanding(location.search, location.hostname);
  if (disablesAutoLogin(location.search)) autoLoginDisabled.value = true;

  // A token in the address (token or tokens; on /m/appDownload `tokens` is a flag, docs/product.md §2)
  // starts a session when there is none; member info fills in the rest. It never replaces another
  // session silently: the player chooses (src/core/session/handover.ts). The inline snippet has
  // already taken it out of the address bar.
  const queryToken = takeAddressToken();
  const handover = handoverOf(queryToken, session.value?.token);
  if (handover === 'take') saveSession({ token: queryToken!, merchantCode: merchantCode.value, type: MemberType.MEMBER });
  // Rare, and a question the player answers after the paint: its code is not in main.js.
  if (handover === 'ask') void import('./handoverNotice.ts').then((m) => m.askWhichAccount(queryToken!));

  // Old iOS home-screen apps reopen at the start URL: go back to the saved page.
  const restorePath = startHomeScreenRestore(location.pathname);
  if (restorePath && restorePath !== location.pathname + location.search) history.replaceState(null, '', restorePath);

  // Reload rule (docs/product.md §2): a refresh outside home, login and register goes to /m/home.
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (navigation?.type === 'reload' && reloadAction(location.pathname) === 'home') {
    history.replaceState(null, '', carriedHref('/m/home', location.search));
  }

  setNavigator(hostNavigate);

  // A remembered login that may sign the player in: home waits for it instead of showing the visitor card.
  const remembered = localStore.get<{ autoLogin?: number }>(REMEMBERED_LOGIN_KEY);
  if (remembered && remembered.autoLogin !== 0 && !session.value && !autoLoginDisabled.value && !queryToken) {
    autoLoginPending.value = true;
  }

  // Render once the language's catalogue and the route's page are in (both preloaded by index.html),
  // so no raw keys and no spinner flash; if either cannot load, render anyway: never a blank page.
  // A prerendered shell that shows exactly this page is hydrated; any other is replaced. As a
  // transition, so React renders in slices and the phone's main thread is never held for long.
  // A shell that will be replaced must not take input meanwhile: the page's chunks define its form
  // elements before the app renders, so a player (or a test) could type into a form that the render
  // then swaps for a new, empty one. Inert until the app's first frame (FirstPaint).
  const root = document.getElementById('root')!;
  if (root.firstChild !== null && !shellFits(root, queryToken)) root.inert = true;

  const render = () => {
    const container = root;
    const app = <FirstPaint then={afterFirstPaint} />;
    if (shellFits(container, queryToken)) {
      // In a transition too: the hydration then yields to the phone every few milliseconds.
      startTransition(() => void hydrateRoot(container, app, { onRecoverableError: reportHydrationError }));
    } else {
      const fresh = createRoot(container);
      startTransition(() => fresh.render(app));
    }
  };
  Promise.all([ensureI18n(), preloadPage(location.pathname)]).then(render, render);
}

/**
 * Whether the prerendered shell in `container` is what the app renders first here, so it can be
 * hydrated (docs/performance.md, "Prerendered shells"): a shell is a visitor's page in one language,
 * at one path, with nothing in the query (links carry some of its parameters). A signed-in or
 * remembered player, another language, a query or a path the boot moved to gets a fresh render.
 */
function shellFits(container: HTMLElement, queryToken: string | undefined): boolean {
  const shell = document.documentElement.dataset;
  return (
    container.firstChild !== null &&
    shell.shell === language.value &&
    shell.shellPath === location.pathname &&
    location.search === '' &&
    !queryToken &&
    !session.value &&
    !autoLoginPending.value
  );
}

/** A shell that did not match its page: React renders that part afresh; say so, loudly in tests. */
function reportHydrationError(error: unknown) {
  console.error('wps-mobile: the prerendered shell did not match the page', error);
}

/** The app, and a callback once its first frame is on screen. */
function FirstPaint({ then }: { then: () => void }) {
  useEffect(() => {
    // The app has taken over: the shell's stand-ins for another language or a member are over (host/preload.ts).
    document.documentElement.classList.remove('wps-shell-other', 'wps-signed-in');
    document.getElementById('root')?.removeAttribute('inert');
    // The mark that the app has taken over the shell (docs/performance.md, "Paint first, then the app").
    document.documentElement.toggleAttribute('data-app', true);
    return whenPainted(then);
  }, [then]);
  return <App />;
}

/** How long to wait for the paint-timing entry before starting anyway (a first frame with no text or image has none). */
const PAINT_ENTRY_WAIT_MS = 1000;

/**
 * Calls `then` once the first contentful frame has been presented, not only produced: the paint-timing
 * entry arrives after the frame is on screen, while two animation frames can come before it on a
 * slow phone. A request started before the paint shares the line with what the paint needs, and
 * Lighthouse counts it into the LCP (docs/performance.md). Without paint timing: two frames on. A
 * hidden tab paints no frame (and runs no requestAnimationFrame): it starts at once.
 */
function whenPainted(then: () => void): void {
  let observer: PerformanceObserver | undefined;
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    setTimeout(then);
  };
  if (document.visibilityState === 'hidden') return go();
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) go();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(go, observer ? PAINT_ENTRY_WAIT_MS : 0)));
}

/**
 * Everything the first frame does not need starts once it is painted, so the page shows before the
 * phone spends its CPU and bandwidth on them: host/afterPaint.ts, one chunk with the API client and
 * the error catalogue. Offline in the first moments, it is tried again when the connection is back.
 */
function afterFirstPaint() {
  import('./afterPaint.ts').then(
    (m) => m.afterFirstPaint(),
    () => window.addEventListener('online', afterFirstPaint, { once: true }),
  );
}

boot();
