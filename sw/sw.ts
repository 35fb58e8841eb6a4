/// <reference lib="webworker" />
// The /m service worker. It precaches the shell (the list is injected by workbox-build at build
// time), answers the navigations to /m's pages with the cached index.html so the app opens offline,
// and keeps every other hashed file of /m (languages, lazy pages) once it has been used: they never
// change. A navigation to an address that is no page goes to the server, whose 404 shows the
// not-found page; only offline does the cached shell answer it (the app shows the same page).
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types.js';
import { isRoute } from '../host/builtRoutes.ts';
import shellPages from '../host/shells.json';
import { isSiteRoot } from '../src/core/session/routeRules.ts';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// Read once: workbox-build writes the list at this one place.
const precacheList = self.__WB_MANIFEST as Array<{ url: string; revision: string | null }>;
precacheAndRoute(precacheList);
cleanupOutdatedCaches();
const shell = createHandlerBoundToURL('/m/index.html');
/** An unknown address keeps the server's own answer (its 404 status); the shell only when the network fails. */
async function unknownAddress(options: RouteHandlerCallbackOptions): Promise<Response> {
  try {
    return await fetch(options.request);
  } catch {
    return shell(options);
  }
}
/** /m/ is home: the server's own redirect, offline too. */
const toHome = ({ url }: RouteHandlerCallbackOptions) =>
  Promise.resolve(Response.redirect(new URL(`/m/home${url.search}`, url.origin).href, 302));
registerRoute(
  new NavigationRoute(
    (options) => {
      const path = options.url.pathname;
      if (isSiteRoot(path)) return toHome(options);
      if (Object.hasOwn(shellPages, path)) return prerendered(options);
      return isRoute(path) ? shell(options) : unknownAddress(options);
    },
    { allowlist: [/^\/m\//] },
  ),
);

/**
 * The prerendered shells of /m/home, /m/login and /m/register (docs/performance.md, "Prerendered
 * shells"): the one the server last gave this player (in their language), kept per build, else the
 * precached index.html; either way the page is refreshed in the background for the next visit.
 */
const SHELL_CACHE = `wps-shells-${precacheList.find((e) => e.url === '/m/index.html')?.revision ?? 'dev'}`;

async function prerendered(options: RouteHandlerCallbackOptions): Promise<Response> {
  const path = options.url.pathname;
  const cache = await caches.open(SHELL_CACHE);
  const refresh = refreshShell(cache, path);
  (options.event as ExtendableEvent).waitUntil(refresh);
  return (await cache.match(path)) ?? shell(options);
}

/** This build's main.js, as the precached index.html names it: a shell naming another is another build's. */
let entryScript: Promise<string | undefined> | undefined;

async function refreshShell(cache: Cache, path: string): Promise<void> {
  try {
    entryScript ??= matchPrecache('/m/index.html').then(
      async (res) => /\/m\/assets\/main-[\w-]+\.js/.exec((await res?.text()) ?? '')?.[0],
    );
    const res = await fetch(path, { credentials: 'same-origin' });
    const entry = await entryScript;
    if (res.ok && entry && (await res.clone().text()).includes(entry)) await cache.put(path, res);
  } catch {
    // Offline: the kept shell stays.
  }
}

// A new build's worker drops the shells of the builds before it.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('wps-shells-') && k !== SHELL_CACHE).map((k) => caches.delete(k))),
      ),
  );
});

/** Hashed assets of /m that are not precached. The page also sends the ones it fetched before this
 * worker controlled it (workbox CACHE_URLS), so the first reload works offline too. */
const RUNTIME_CACHE = 'wps-assets';
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /^\/m\/assets\/.+-[A-Za-z0-9_-]{8}\.(js|css)$/.test(url.pathname),
  new CacheFirst({ cacheName: RUNTIME_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 120, purgeOnQuotaError: true })] }),
);

// The first visit's page is controlled as soon as this worker activates, so its later requests (and
// the CACHE_URLS message) go through it.
clientsClaim();

// The update notice asks the waiting worker to take over, then the page reloads.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
