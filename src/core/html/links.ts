/**
 * Where a server-given link leads (docs/product.md §5, banner URLs; docs/engagement.md, "Links"):
 * a path under /m stays in the app; another web URL opens in a new tab, with the player's token added
 * only when its origin is exactly one of the operator's (the API's origin, which is this page's on
 * /m, or `https://` + one of the merchant's lines, see preloadLinkHosts), never to a foreign one, to
 * plain http, to another port or to the merchant page that embeds an element; anything else
 * (javascript:, data:, a broken URL) opens nothing. Used for taps on links inside server HTML and
 * for banner and popup links.
 */
import { call } from '../api/client.ts';
import { endpoints } from '../../contract/endpoints.ts';
import { safeUrl } from '../config/config.ts';
import { navigate, operatorOrigin } from '../session/navigation.ts';
import { token } from '../session/sessionInfo.ts';

export type LinkTarget =
  | { kind: 'app'; path: string }
  | { kind: 'web'; url: string; withToken: boolean }
  | { kind: 'other'; url: string }
  | { kind: 'none' };

const APP_PATH = /^\/m(?:[/?#]|$)/;

let lines: string[] = [];
let linesRequest: Promise<void> | undefined;

/**
 * Asks for the merchant's lines (GET /wps/system/domainRoute) once, ahead of a tap: a page showing
 * server HTML or banners to a signed-in player calls it. The decision at the tap is synchronous, so
 * the new tab opens within the tap's user activation (Safari blocks a window.open after an await).
 * Until the lines are in, only this page and the API count as own: the token is withheld, never leaked.
 */
export function preloadLinkHosts(): void {
  linesRequest ??= call(endpoints.domainRoute, undefined, { alert: false }).then(
    (res) => {
      const list: unknown[] = Array.isArray(res.value) ? res.value : [];
      lines = list
        .map((d) => (d as { domainName?: unknown } | null)?.domainName)
        .filter((d): d is string => typeof d === 'string' && d !== '')
        .map((d) => d.toLowerCase());
    },
    () => {
      linesRequest = undefined;
    },
  );
}

/**
 * True when `origin` (scheme, host and port, as `URL.origin` gives it) is exactly one the token may
 * go to: the operator's origin (the API base, or this page when there is none: /m itself), or
 * `https://<line>` for one of the merchant's lines (a line may name its port). The page that embeds
 * an element is the merchant's, not the operator's: it is not own unless it is one of those.
 */
export function isOwnOrigin(origin: string): boolean {
  const o = origin.toLowerCase();
  if (o === operatorOrigin().toLowerCase()) return true;
  return lines.some((line) => o === lineOrigin(line));
}

/** A line's https origin, as `URL.origin` writes it (the default port 443 dropped); none for a line that is no host. */
function lineOrigin(line: string): string | undefined {
  try {
    const url = new URL(`https://${line}`);
    return url.host === line.replace(/:443$/, '') ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Decides where `raw` leads, without opening anything. */
export function resolveLink(raw: string | null | undefined): LinkTarget {
  const text = raw?.trim() ?? '';
  if (APP_PATH.test(text)) {
    // Dot segments are resolved first: '/m/../mall' is no /m path.
    const resolved = new URL(text, location.origin);
    return APP_PATH.test(resolved.pathname)
      ? { kind: 'app', path: resolved.pathname + resolved.search + resolved.hash }
      : { kind: 'none' };
  }
  if (/^(?:mailto|tel):/i.test(text)) return { kind: 'other', url: text };
  const url = safeUrl(text);
  if (!url) return { kind: 'none' };
  const parsed = new URL(url);
  // An absolute link to our own /m is still the app.
  if (parsed.origin === location.origin && APP_PATH.test(parsed.pathname)) {
    return { kind: 'app', path: parsed.pathname + parsed.search + parsed.hash };
  }
  const current = token.value;
  if (!current || !isOwnOrigin(parsed.origin)) return { kind: 'web', url, withToken: false };
  parsed.searchParams.set('token', current);
  return { kind: 'web', url: parsed.href, withToken: true };
}

/** Follows `raw` by the rule above; false when it leads nowhere. */
export function followLink(raw: string | null | undefined): boolean {
  const target = resolveLink(raw);
  switch (target.kind) {
    case 'app':
      navigate(target.path);
      return true;
    case 'web':
      window.open(target.url, '_blank', 'noopener,noreferrer');
      return true;
    case 'other':
      location.href = target.url;
      return true;
    default:
      return false;
  }
}

/**
 * A click handler for a box of server HTML: a tap on a link goes through followLink instead of the
 * browser, so the rule above holds whatever the HTML says (an in-page anchor is left alone).
 */
export function onContentClick(event: { target: EventTarget | null; preventDefault(): void; defaultPrevented: boolean }) {
  if (event.defaultPrevented) return;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!link) return;
  const href = link.getAttribute('href');
  if (href?.startsWith('#')) return;
  event.preventDefault();
  followLink(href);
}

/** Tests only. */
export function resetLinks(): void {
  lines = [];
  linesRequest = undefined;
}
