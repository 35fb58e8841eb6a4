/**
 * Route rules of docs/product.md §2, as pure functions over paths and query strings: the route guard, the
 * reload rule, query-parameter carry-over and the parameters that disable auto login.
 */

/** Pages that show without a session. Everything else under /m needs a token. */
const PUBLIC_PATHS = new Set([
  '/m/home',
  '/m/index',
  '/m/index.html',
  '/m/login',
  '/m/register',
  '/m/register.html',
  '/m/inviteFriends',
  '/m/agentRegister',
  '/m/appDownload',
]);

/** Routes where a browser refresh reloads the page; elsewhere a refresh goes to /m/home. */
const RELOAD_PATHS = new Set(['/m/home', '/m/index', '/m/index.html', '/m/login', '/m/register', '/m/register.html']);

/** Query parameters kept across page changes (docs/product.md §2). */
export const CARRIED_PARAMS = [
  'affiliateCode',
  'referralCode',
  'r',
  'inApp',
  'fbclid',
  'gclid',
  'ttclid',
  'kwaiclid',
  'bbg',
  'isBgeTest',
] as const;

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Routes where the query parameter `tokens` is a flag of the page, not a session token (docs/product.md §2). */
const TOKENS_FLAG_PATHS = new Set(['/m/appDownload']);

/**
 * The session token a URL brings: query `token`, else `tokens`; on /m/appDownload `tokens` is the
 * page's flag (`?tokens=1`), so only `token` counts there. `path` is the URL's path (without it,
 * `tokens` counts).
 */
export function tokenFromQuery(search: string, path = ''): string | undefined {
  const q = new URLSearchParams(search);
  const tokens = TOKENS_FLAG_PATHS.has(trimSlash(path)) ? null : q.get('tokens');
  return q.get('token') || tokens || undefined;
}

/** The query without the session token it brought: a token must not stay in the address bar, the history or a shared link. */
export function withoutToken(search: string, path = ''): string {
  const q = new URLSearchParams(search);
  q.delete('token');
  if (!TOKENS_FLAG_PATHS.has(trimSlash(path))) q.delete('tokens');
  const rest = q.toString();
  return rest ? `?${rest}` : '';
}

/** `/m` and `/m/`: the site's root, which opens /m/home for everyone (docs/product.md §2). */
export const isSiteRoot = (path: string): boolean => /^\/m\/?$/.test(path);

/**
 * The query parameter of /m/login naming the page to go back to after signing in
 * (docs/product.md §4, "Where a successful login goes"). Not `redirectUrl`/`backUrl`: those are the
 * operator's and turn auto login off.
 */
export const RETURN_PARAM = 'returnTo';

/** A throw-away origin to resolve a return path against: anything that resolves elsewhere is not ours. */
const RETURN_BASE = 'http://return.invalid';

/**
 * The page a login may go back to, from the raw `returnTo` value: only a path of this site under
 * /m (`/m/rewardCenter?tab=2#top`), never another origin, a protocol-relative `//host`, a scheme
 * (`javascript:`), a path that climbs out of /m, or a sign-in page. The session token and the carried
 * parameters are dropped (every in-app navigation adds the carried ones again). Undefined when unsafe.
 */
export function safeReturnPath(raw: string | null | undefined): string | undefined {
  if (!raw?.startsWith('/m/')) return undefined;
  let url: URL;
  try {
    url = new URL(raw, RETURN_BASE);
  } catch {
    return undefined;
  }
  // A backslash reads as a slash here: `/m/\\evil.com` becomes `/m//evil.com`, refused like `/m//evil.com`.
  if (url.origin !== RETURN_BASE || !url.pathname.startsWith('/m/') || url.pathname.includes('//')) return undefined;
  const path = trimSlash(url.pathname);
  // Never home (where a login goes anyway) nor a sign-in page (a loop): the reload paths, exactly.
  if (RELOAD_PATHS.has(path)) return undefined;
  const q = new URLSearchParams(withoutToken(url.search, path));
  for (const name of [...CARRIED_PARAMS, RETURN_PARAM]) q.delete(name);
  const rest = q.toString();
  return path + (rest ? `?${rest}` : '') + url.hash;
}

/** /m/login, naming the page to return to after signing in when there is a safe one. */
export function loginPath(returnTo?: string): string {
  const back = safeReturnPath(returnTo);
  return back ? `/m/login?${RETURN_PARAM}=${encodeURIComponent(back)}` : '/m/login';
}

/** The page a login named in this query goes back to (undefined: none, or not a safe one). */
export function returnPathFrom(search: string): string | undefined {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
}

export type GuardResult = { allow: true } | { allow: false; redirect: string };

/**
 * Route guard: a protected page needs a token from the query (token / tokens) or the saved session,
 * else /m/login, which comes back to the page after the login (`returnTo`). /m/feedback without a
 * session goes to /m/home instead. A session that must change its password first is sent to
 * /m/changePsw from everywhere. /m and /m/ go to /m/home. A path that is no page (`isRoute`, the
 * host's route table; without it every path counts as one) is let through to the not-found page.
 */
export function guardRoute(
  path: string,
  search: string,
  hasSession: boolean,
  mustChangePassword = false,
  isRoute: (path: string) => boolean = () => true,
): GuardResult {
  const p = trimSlash(path);
  // A forced password change (docs/product.md §4) comes before every page: the server refuses the
  // session's other calls until it is done (password.change.required).
  if (hasSession && mustChangePassword && p !== '/m/changePsw') return { allow: false, redirect: '/m/changePsw' };
  // /m and /m/ are home for everyone, as the server's redirect (reached in the app by a link to them).
  if (isSiteRoot(p)) return { allow: false, redirect: '/m/home' };
  // An unknown address says so to a visitor too, never a silent move to login (docs/product.md §2).
  if (PUBLIC_PATHS.has(p) || hasSession || tokenFromQuery(search, p) || !isRoute(path)) return { allow: true };
  if (p === '/m/feedback') return { allow: false, redirect: '/m/home' };
  // The router gives the query without its '?'.
  const query = search && !search.startsWith('?') ? `?${search}` : search;
  return { allow: false, redirect: loginPath(p + query) };
}

/** What a browser refresh does on this path. */
export function reloadAction(path: string): 'reload' | 'home' {
  return RELOAD_PATHS.has(trimSlash(path)) ? 'reload' : 'home';
}

/** redirectUrl or backUrl in the query turn auto login off (docs/product.md §2, §4). */
export function disablesAutoLogin(search: string): boolean {
  const q = new URLSearchParams(search);
  return q.has('redirectUrl') || q.has('backUrl');
}

/** The carried parameters present in a query string. */
export function carriedParams(search: string): Record<string, string> {
  const q = new URLSearchParams(search);
  const out: Record<string, string> = {};
  for (const name of CARRIED_PARAMS) {
    const value = q.get(name);
    if (value !== null && value !== '') out[name] = value;
  }
  return out;
}

/**
 * The target of an in-app navigation with the carried parameters of the current page and the
 * stored tracking parameters added. Parameters the target sets itself win.
 */
export function withCarriedParams(target: string, currentSearch: string, stored: Record<string, string> = {}): string {
  const url = new URL(target, 'http://x');
  const carry = { ...stored, ...carriedParams(currentSearch) };
  for (const [name, value] of Object.entries(carry)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  return url.pathname + url.search + url.hash;
}
