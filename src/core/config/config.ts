/**
 * Merchant code and API base for every call. The host page reads them from its
 * `<meta name="wps-merchant">`; an element on a merchant's page from its `merchant` / `api-base`
 * attributes or from a global `window.WPS_CONFIG = { merchant, apiBase }` set before the script tag.
 */
import { signal } from '@preact/signals-core';

export interface WpsGlobalConfig {
  merchant?: string;
  apiBase?: string;
  /** Which element build the script-tag loader uses (elements/loader.ts); lite by default. */
  build?: 'lite' | 'react';
}

declare global {
  interface Window {
    WPS_CONFIG?: WpsGlobalConfig;
  }
}

function initial(): Required<Omit<WpsGlobalConfig, 'build'>> {
  if (typeof document === 'undefined') return { merchant: '', apiBase: '' };
  const global = window.WPS_CONFIG ?? {};
  const meta = document.querySelector<HTMLMetaElement>('meta[name="wps-merchant"]')?.content;
  return { merchant: global.merchant ?? meta ?? '', apiBase: global.apiBase ?? '' };
}

const start = initial();
export const merchantCode = signal(start.merchant);
/** '' means the page's own origin; otherwise an absolute origin such as https://api.example.com. */
export const apiBase = signal(normaliseBase(start.apiBase));

function normaliseBase(base: string) {
  return base.replace(/\/+$/, '');
}

export function configure(next: WpsGlobalConfig) {
  if (next.merchant) merchantCode.value = next.merchant;
  if (next.apiBase !== undefined && next.apiBase !== null) apiBase.value = normaliseBase(next.apiBase);
}

/** Absolute URL of a path or server-given link against the API base (relative links come from the server). */
export function resolveUrl(pathOrUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(pathOrUrl) || pathOrUrl.startsWith('//')) return pathOrUrl;
  return apiBase.value + (pathOrUrl.startsWith('/') ? '' : '/') + pathOrUrl;
}

/**
 * A URL the server gave, checked before anything opens or loads it (docs/architecture.md, Security):
 * an absolute http(s) URL, or a path on the operator's origin ('/…', resolved against the API base).
 * Anything else gives undefined: javascript:, data:, vbscript: and other schemes (whatever their
 * case, with tabs, newlines or control characters inside), protocol-relative '//host', '/\\host',
 * relative paths, and text that only looks like a URL once HTML entities are decoded.
 */
export function safeUrl(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const text = raw.trim();
  const base = apiBase.value || (typeof location === 'undefined' ? '' : location.origin);
  let url: URL;
  try {
    url = new URL(text, base ? `${base}/` : undefined);
  } catch {
    return undefined;
  }
  // The URL parser drops tabs and newlines and lower-cases the scheme: `java\tscript:` is caught here.
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (/^https?:\/\//i.test(text)) return url.href;
  if (/^\/(?![/\\])/.test(text) && base && url.origin === new URL(base).origin) return url.href;
  return undefined;
}

/** An image the server gave: what safeUrl allows, or a `data:image/…` URL (an <img> runs no script). */
export function safeImageUrl(raw: unknown): string | undefined {
  if (typeof raw === 'string' && /^data:image\/[a-z0-9.+-]+[;,]/i.test(raw.trim())) return raw.trim();
  return safeUrl(raw);
}
