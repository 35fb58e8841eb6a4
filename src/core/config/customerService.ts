/**
 * Customer service (docs/product.md §3): the site status lists entries whose `path` is encoded, the last 8
 * characters being the key. Encoding (ours to define, docs/api.md): base64url of the URL's UTF-8
 * bytes XOR-ed with the key's bytes repeated, followed by the key.
 */
import type { SiteInfo } from '../../contract/endpoints.ts';
import { showNotice } from '../notice/notices.ts';
import { safeUrl } from './config.ts';

export type CsEntry = SiteInfo['customerService'][number];

export const CS_KEY_LENGTH = 8;

function fromBase64Url(text: string): Uint8Array {
  const b64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

/** The URL an encoded path stands for, or undefined when it is missing, does not decode or is not safe to open. */
export function decodeCsPath(path: string | undefined): string | undefined {
  if (!path || path.length <= CS_KEY_LENGTH) return undefined;
  const key = new TextEncoder().encode(path.slice(-CS_KEY_LENGTH));
  try {
    const bytes = fromBase64Url(path.slice(0, -CS_KEY_LENGTH)).map((b, i) => b ^ key[i % key.length]!);
    const url = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // Only web pages: a javascript: or data: URL from a tampered status never opens.
    return safeUrl(url) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The entry for a position (HOME, …), else the first one. */
export function pickCustomerService(entries: readonly CsEntry[] | undefined, position?: string): CsEntry | undefined {
  return entries?.find((e) => position && e.csPosition === position) ?? entries?.[0];
}

/**
 * Opens customer service in a new tab. Without a usable URL the player gets the catalogue's
 * 'url is null' error (docs/product.md §8) instead of a tab that goes nowhere.
 */
export function customerServiceUrl(info: SiteInfo | undefined, position?: string): string | undefined {
  return safeUrl(decodeCsPath(pickCustomerService(info?.customerService, position)?.path));
}

export function openCustomerService(link: string | undefined) {
  const url = safeUrl(link);
  if (!url) {
    showNotice({ id: 'url-is-null', messageKey: 'url_is_null' });
    return;
  }
  window.open(url, '_blank', 'noopener');
}
