/**
 * The /m service worker through workbox-window (loaded lazily): registration, and the refresh that
 * lets a new worker take over before the page reloads, so the reload gets the new release.
 */
import type { Workbox } from 'workbox-window';

const SCOPE = '/m/';
let workbox: Workbox | undefined;

export async function registerServiceWorker(url = '/m/sw.js'): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  workbox = new Workbox(url, { scope: SCOPE });
  const registration = await workbox.register().catch((err: unknown) => console.warn('service worker', err));
  if (!registration) return;
  // The worker caches hashed files at run time, but those this page fetched before it was in control
  // (the language, the route's page) went past it: hand it their list, so a reload works offline.
  const fetched = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((u) => u.origin === location.origin && u.pathname.startsWith(`${SCOPE}assets/`))
    .map((u) => u.href);
  if (fetched.length) void workbox.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: fetched } }).catch(() => undefined);
}

/** Refresh button: a waiting (or just installed) worker takes over, then the page reloads. */
export async function refreshToUpdate(): Promise<void> {
  const wb = workbox;
  const registration = wb ? await navigator.serviceWorker.getRegistration(SCOPE) : undefined;
  if (!wb || !registration) return location.reload();
  await wb.update().catch(() => undefined);
  if (!registration.waiting && !registration.installing) return location.reload();
  wb.addEventListener('controlling', () => location.reload());
  wb.addEventListener('waiting', () => wb.messageSkipWaiting());
  if (registration.waiting) wb.messageSkipWaiting();
  // A worker that never takes control must not leave the button dead.
  setTimeout(() => location.reload(), 5000);
}
