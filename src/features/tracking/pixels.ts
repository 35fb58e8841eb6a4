/**
 * The web pixels (docs/tracking.md, "Pixels"): for each pixel turned on (the merchant's ids in the
 * site status, or the ids an affiliate's landing URL brought), the vendor's queue function is set up
 * and its script added, once, after the page is usable; each conversion event is then passed to
 * every pixel under that vendor's own event name. No id, no script: nothing is loaded for a pixel
 * that is not configured (and the server's CSP allows its hosts only then).
 */
import type { PixelIds } from '../../contract/endpoints.ts';
import type { ConversionEvent } from '../../core/tracking/track.ts';
import { configuredPixels, type PixelHost } from '../../contract/tracking/pixelHosts.ts';
import type { EventPayload } from './format.ts';

type Queue = ((...args: unknown[]) => void) & { queue?: unknown[]; push?: unknown; loaded?: boolean; version?: string };
type PixelWindow = Window & {
  fbq?: Queue;
  _fbq?: Queue;
  ttq?: unknown[] & Record<string, unknown>;
  kwaiq?: unknown[] & Record<string, unknown>;
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  bgdataLayer?: unknown[];
  bge?: (...args: unknown[]) => void;
};

/** A pixel's event names: our event → the vendor's standard (or custom) event. */
const NAMES: Record<PixelHost['name'], Partial<Record<ConversionEvent, string>>> = {
  facebook: {
    register: 'CompleteRegistration',
    registerSubmit: 'SubmitApplication',
    firstDeposit: 'Purchase',
    deposit: 'Purchase',
    redeposit: 'Purchase',
    depositSubmit: 'InitiateCheckout',
    viewContent: 'ViewContent',
    login: 'Login',
    startTrial: 'StartTrial',
  },
  tiktok: {
    register: 'CompleteRegistration',
    registerSubmit: 'SubmitForm',
    firstDeposit: 'CompletePayment',
    deposit: 'CompletePayment',
    redeposit: 'CompletePayment',
    depositSubmit: 'InitiateCheckout',
    viewContent: 'ViewContent',
    downloadApp: 'Download',
  },
  gtag: {
    register: 'sign_up',
    login: 'login',
    firstDeposit: 'purchase',
    deposit: 'purchase',
    redeposit: 'purchase',
    depositSubmit: 'begin_checkout',
    viewContent: 'page_view',
  },
  kwai: {
    register: 'EVENT_COMPLETE_REGISTRATION',
    registerSubmit: 'EVENT_FORM_SUBMIT',
    firstDeposit: 'EVENT_FIRST_DEPOSIT',
    deposit: 'EVENT_PURCHASE',
    redeposit: 'EVENT_PURCHASE',
    depositSubmit: 'EVENT_ADD_TO_CART',
    viewContent: 'EVENT_CONTENT_VIEW',
    downloadApp: 'EVENT_DOWNLOAD',
  },
  bigo: {
    register: 'ec_register',
    firstDeposit: 'ec_purchase',
    deposit: 'ec_purchase',
    redeposit: 'ec_purchase',
    viewContent: 'ec_view',
    login: 'ec_login',
  },
};

/** The vendor's custom-event name for an event it has no standard one for. */
const custom = (event: ConversionEvent) => event;

export interface Pixel {
  name: PixelHost['name'];
  send(event: ConversionEvent, payload: EventPayload): void;
}

/** Sets up the vendor's queue function (calls made before its script loads are kept by it) and adds the script once. */
function install(host: PixelHost, id: string, win: PixelWindow, addScript: (src: string) => void): Pixel {
  const money = (p: EventPayload) => (p.value !== undefined ? { value: p.value, currency: p.currency } : {});
  switch (host.name) {
    case 'facebook': {
      if (!win.fbq) {
        const q: Queue = (...args: unknown[]) => void q.queue!.push(args);
        q.queue = [];
        q.push = q;
        q.loaded = true;
        q.version = '2.0';
        win.fbq = win._fbq = q;
        addScript(host.script(id));
      }
      win.fbq('init', id);
      return {
        name: host.name,
        send: (event, p) => {
          const std = NAMES.facebook[event];
          win.fbq!(std ? 'track' : 'trackCustom', std ?? custom(event), money(p));
        },
      };
    }
    case 'tiktok':
    case 'kwai': {
      const key = host.name === 'tiktok' ? 'ttq' : 'kwaiq';
      let q = win[key];
      if (!q) {
        q = win[key] = Object.assign([] as unknown[], {}) as unknown[] & Record<string, unknown>;
        const queue = q;
        for (const m of ['track', 'page', 'identify', 'instance'])
          queue[m] = (...args: unknown[]) => void queue.push([m, ...args]);
        addScript(host.script(id));
      }
      const queue = q;
      return {
        name: host.name,
        send: (event, p) => {
          const name = NAMES[host.name][event] ?? custom(event);
          (queue.track as (...a: unknown[]) => void)(name, { ...money(p), pixel: id });
        },
      };
    }
    case 'gtag': {
      if (!win.gtag) {
        win.dataLayer = win.dataLayer || [];
        const layer = win.dataLayer;
        // gtag.js reads the arguments objects, not arrays (its documented snippet).
        win.gtag = function gtag() {
          // eslint-disable-next-line prefer-rest-params
          layer.push(arguments);
        };
        win.gtag('js', new Date());
        addScript(host.script(id));
      }
      win.gtag('config', id);
      return {
        name: host.name,
        send: (event, p) => win.gtag!('event', NAMES.gtag[event] ?? custom(event), { ...money(p), send_to: id }),
      };
    }
    case 'bigo': {
      if (!win.bge) {
        win.bgdataLayer = win.bgdataLayer || [];
        const layer = win.bgdataLayer;
        win.bge = function bge() {
          // eslint-disable-next-line prefer-rest-params
          layer.push(arguments);
        };
        addScript(host.script(id));
      }
      win.bge('init', id);
      return { name: host.name, send: (event, p) => win.bge!('event', NAMES.bigo[event] ?? custom(event), money(p)) };
    }
  }
}

/** Adds an async script (the vendor's) to the page. */
export function addScript(src: string, doc: Document = document): void {
  const s = doc.createElement('script');
  s.async = true;
  s.src = src;
  s.dataset.wpsPixel = '';
  doc.head.append(s);
}

/**
 * The pixels `ids` turn on, installed. Each pixel once per page (a second start with the same ids
 * adds nothing).
 */
export function startPixels(ids: PixelIds, win: Window = window, add: (src: string) => void = addScript): Pixel[] {
  const w = win as PixelWindow & { __wpsPixels?: Map<string, Pixel> };
  const started = (w.__wpsPixels ??= new Map());
  const out: Pixel[] = [];
  for (const host of configuredPixels(ids)) {
    const id = ids[host.idKey]!;
    const key = `${host.name}:${id}`;
    let pixel = started.get(key);
    if (!pixel) started.set(key, (pixel = install(host, id, w, add)));
    out.push(pixel);
  }
  return out;
}
