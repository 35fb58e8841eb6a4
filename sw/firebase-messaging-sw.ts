/// <reference lib="webworker" />
// /firebase-messaging-sw.js: the push worker (docs/push.md), registered by the push feature with the
// scope /firebase-cloud-messaging-push-scope, apart from the /m worker. It shows the notifications
// the push service delivers, in Firebase Cloud Messaging's web format ({ notification: { title,
// body, icon, image, click_action }, data, fcmOptions: { link } }), and opens their link on a tap.
// Only links on this site are opened: a push cannot send the player to another site.

declare const self: ServiceWorkerGlobalScope;

interface FcmPayload {
  notification?: { title?: string; body?: string; icon?: string; image?: string; click_action?: string; tag?: string };
  data?: Record<string, string>;
  fcmOptions?: { link?: string };
}

/** A same-origin URL (an absolute path or a URL on this origin), else undefined. */
export function ownUrl(raw: unknown, origin: string): string | undefined {
  if (typeof raw !== 'string' || !raw || raw.length > 2048) return undefined;
  if (raw.startsWith('//') || raw.startsWith('/\\')) return undefined;
  try {
    const url = new URL(raw, origin);
    return url.origin === origin && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** An image the notification may show: https, or this site's. */
const imageUrl = (raw: unknown, origin: string) =>
  typeof raw === 'string' && /^https:\/\//.test(raw) && raw.length <= 2048 ? raw : ownUrl(raw, origin);

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let payload: FcmPayload = {};
  try {
    payload = (event.data?.json() ?? {}) as FcmPayload;
  } catch {
    return; // Not JSON: nothing we can show.
  }
  const n = payload.notification ?? {};
  const data = payload.data ?? {};
  const title = String(n.title ?? data.title ?? '').slice(0, 200);
  if (!title) return;
  const origin = self.location.origin;
  const link = ownUrl(payload.fcmOptions?.link ?? n.click_action ?? data.link, origin) ?? `${origin}/m/home`;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: String(n.body ?? data.body ?? '').slice(0, 1000),
      icon: imageUrl(n.icon ?? data.icon, origin) ?? '/m/icons/icon-192.png',
      tag: n.tag,
      data: { link },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = ownUrl((event.notification.data as { link?: string } | null)?.link, self.location.origin) ?? '/m/home';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).pathname.startsWith('/m/'));
      if (open) {
        await open.focus();
        await open.navigate(link).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(link);
    })(),
  );
});
