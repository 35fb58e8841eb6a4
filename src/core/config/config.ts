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
