/// <reference lib="webworker" />
// The /m service worker. It precaches the shell (the list is injected by workbox-build at build
// time), answers the navigations to /m's pages with the cached index.html so the app opens offline,
// and keeps every other hashed file of /m (languages, lazy pages) once it has been used: they never
// change. A navigation to an address that is no page goes to the server, whose 404 shows the
// not-found page; only offline does the cached shell answer it (the app shows the same page).
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types.js';
import { isRoute } from '../host/builtRoutes.ts';
import { isSiteRoot } from '../src/core/session/routeRules.ts';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
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
      return isSiteRoot(path) ? toHome(options) : isRoute(path) ? shell(options) : unknownAddress(options);
    },
    { allowlist: [/^\/m\//] },
  ),
);

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
