/**
 * Whether /m has a page for a path (host/routes.json): entries that lead to a page not built yet are
 * left out on /m (the bottom navigation, the referral button, the VIP benefits link), so a player
 * never taps into the not-found page; they appear by themselves once the page is in the table.
 */
import routes from './routes.json';

export const isBuilt = (path: string): boolean => (path.split(/[?#]/)[0] ?? '') in (routes as Record<string, string>);
