/**
 * One way to move to another /m page from anywhere (error reactions, notices, features).
 * The host page installs its router here; elsewhere (a merchant's page) it is a full navigation
 * to the operator's /m on the API base.
 */
import { apiBase, resolveUrl } from '../config/config.ts';

type Navigate = (path: string, options?: { replace?: boolean }) => void;

const fullNavigation: Navigate = (path, options) => {
  const url = resolveUrl(path);
  if (options?.replace) location.replace(url);
  else location.assign(url);
};

let hostNavigator: Navigate | undefined;

/** The host page's router; `undefined` puts the full navigation back (tests). */
export function setNavigator(fn: Navigate | undefined) {
  hostNavigator = fn;
}

export function navigate(path: string, options?: { replace?: boolean }) {
  (hostNavigator ?? fullNavigation)(path, options);
}

/**
 * True on the operator's own /m page (its router is installed), where the session is already the
 * page's own; false on a merchant's page, whose session lives on the merchant's origin.
 */
export function onOperatorPage(): boolean {
  return hostNavigator !== undefined;
}

/** The origin of the operator's /wps (the API base, else the page's own): the one that issued the token. */
export function operatorOrigin(): string {
  return new URL(apiBase.value || location.origin, location.href).origin;
}

/**
 * The operator's /m page `path` (an /m path) on the operator's origin, with the session `token` in
 * the query (the host's route guard and boot take it, docs/product.md §2). Undefined when `path`
 * would not land on the operator's origin: a token never goes to another origin.
 */
export function operatorUrlWithToken(path: string, token: string): string | undefined {
  if (!path.startsWith('/m/')) return undefined;
  let url: URL;
  try {
    url = new URL(resolveUrl(path), location.href);
  } catch {
    return undefined;
  }
  if (url.origin !== operatorOrigin() || !/^https?:$/.test(url.protocol)) return undefined;
  url.searchParams.set('token', token);
  return url.href;
}

/**
 * Leaves a merchant's page for the operator's /m page `path`, carrying the session token when it goes
 * to the operator's own origin; without a token (or for any other target) a plain navigation.
 */
export function continueToOperator(path: string, token: string | undefined) {
  const withToken = token ? operatorUrlWithToken(path, token) : undefined;
  if (withToken) location.assign(withToken);
  else fullNavigation(path);
}
