/**
 * Each web pixel: the id that turns it on, its vendor script, and the hosts the page's CSP must allow
 * for it (script, calls, images). Shared by the browser (which loads the script) and the reference
 * server (which adds a pixel's hosts to the /m CSP only when that pixel is configured). AppsFlyer and
 * Adjust have no web script here: in the native app their SDKs get the events (docs/native-bridge.md).
 */
import type { PixelIds } from '../endpoints.ts';
import type { Attribution } from './wire.ts';

export interface PixelHost {
  name: 'facebook' | 'tiktok' | 'gtag' | 'kwai' | 'bigo';
  /** The key of PixelIds (site status `analytics`, or the landing URL) that turns it on. */
  idKey: keyof PixelIds;
  /** Where the page keeps an id an affiliate's landing brought (the stored attribution and its cookie). */
  field: keyof Attribution;
  /** The landing URL parameters that carry that id, in order of preference. */
  params: readonly string[];
  /** The vendor script for an id. */
  script: (id: string) => string;
  csp: { script: string[]; connect: string[]; img: string[] };
}

const q = encodeURIComponent;

export const PIXEL_HOSTS: readonly PixelHost[] = [
  {
    name: 'facebook',
    idKey: 'fbPixelId',
    field: 'fbPixelId',
    params: ['fbPixelId', 'fb_pixel_id'],
    script: () => 'https://connect.facebook.net/en_US/fbevents.js',
    csp: {
      script: ['https://connect.facebook.net'],
      connect: ['https://www.facebook.com', 'https://connect.facebook.net'],
      img: ['https://www.facebook.com'],
    },
  },
  {
    name: 'tiktok',
    idKey: 'tiktokPixelId',
    field: 'tiktokPixelId',
    params: ['tiktokPixelId', 'tiktok_pixel_id'],
    script: (id) => `https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=${q(id)}&lib=ttq`,
    csp: {
      script: ['https://analytics.tiktok.com'],
      connect: ['https://analytics.tiktok.com'],
      img: ['https://analytics.tiktok.com'],
    },
  },
  {
    name: 'gtag',
    idKey: 'gtagId',
    field: 'gtagId',
    params: ['gtagId', 'gtag'],
    script: (id) => `https://www.googletagmanager.com/gtag/js?id=${q(id)}`,
    csp: {
      script: ['https://www.googletagmanager.com'],
      connect: ['https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://www.googletagmanager.com'],
      img: ['https://www.google-analytics.com', 'https://www.googletagmanager.com'],
    },
  },
  {
    name: 'kwai',
    idKey: 'kwaiPixelId',
    field: 'kwai_pixel_id',
    params: ['kwai_pixel_id', 'kwaiPixelId'],
    script: (id) => `https://s1.kwai.net/kos/s101/nlav11187/pixel/events.js?sdkid=${q(id)}&lib=kwaiq`,
    csp: { script: ['https://s1.kwai.net'], connect: ['https://*.kwai.net', 'https://*.kwai.com'], img: ['https://*.kwai.net'] },
  },
  {
    name: 'bigo',
    idKey: 'bigoPixelId',
    field: 'bigoPixelId',
    params: ['bigoPixelId', 'bigo_pixel_id'],
    script: (id) => `https://api.imotech.video/ad/events.js?pixel_id=${q(id)}`,
    csp: { script: ['https://api.imotech.video'], connect: ['https://api.imotech.video'], img: ['https://api.imotech.video'] },
  },
];

/** A pixel id is short and plain; anything else is ignored (it ends up in a script URL and a CSP decision). */
export const PIXEL_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The pixels these ids turn on (invalid ids turn nothing on). */
export function configuredPixels(ids: PixelIds | undefined): PixelHost[] {
  if (!ids) return [];
  return PIXEL_HOSTS.filter((p) => {
    const id = ids[p.idKey];
    return typeof id === 'string' && PIXEL_ID.test(id);
  });
}
