/// <reference lib="webworker" />
// The /m service worker. It precaches the shell (the list is injected by workbox-build at build
// time), answers /m/* navigations with the cached index.html so the app opens offline, and keeps
// every other hashed file of /m (languages, lazy pages) once it has been used: they never change.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/m/index.html'), { allowlist: [/^\/m\//] }));

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
