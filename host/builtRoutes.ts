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
 * one trailing slash allowed. Everything else is the not-found page: the route guard lets it through
 * (host/App.tsx), the service worker leaves it to the network (sw/sw.ts), and the reference server
 * answers it with a 404 by the same rule (server/infra/static.ts).
 */
export const isRoute = (path: string): boolean => KNOWN.has(path.replace(/\/$/, '').toLowerCase());
