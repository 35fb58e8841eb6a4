/**
 * Whether /m has a page for a path (host/routes.json): entries that lead to a page not built yet are
 * left out on /m (the bottom navigation, the referral button, the VIP benefits link), so a player
 * never taps into the not-found page; they appear by themselves once the page is in the table.
 */
import routes from './routes.json';

export const isBuilt = (path: string): boolean => (path.split(/[?#]/)[0] ?? '') in (routes as Record<string, string>);

const KNOWN = new Set(Object.keys(routes).map((route) => route.toLowerCase()));

/**
 * Whether a path (no query) is one of the table's pages as the router matches them: any letter case,
 * one trailing slash allowed. Everything else is the not-found page, for the app (host/App.tsx), the
 * service worker (sw/sw.ts) and, with the same rule, the reference server's 404 (server/infra/static.ts).
 */
export const isRoute = (path: string): boolean => KNOWN.has(path.replace(/\/$/, '').toLowerCase());
