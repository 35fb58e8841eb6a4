/// <reference lib="webworker" />
// The /m service worker: precaches the shell (the list is injected by workbox-build at build time)
// and answers /m/* navigations with the cached index.html, so the app opens offline.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/m/index.html'), { allowlist: [/^\/m\//] }));

// The update notice asks the waiting worker to take over, then the page reloads.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
