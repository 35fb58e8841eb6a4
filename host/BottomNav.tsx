/**
 * The bottom navigation of the main routes (home, games, promotions, member centre), as players know
 * it from operator apps (docs/engagement.md, "Home"). An item shows only once its page is in the route
 * table: a page not built yet is absent, not a dead end.
 */
import { useLocation } from 'wouter';
import { isBuilt } from './builtRoutes.ts';
import { useT } from '../src/ui/useT.ts';
import { AppLink } from './AppLink.tsx';

const ITEMS = [
  { to: '/m/home', key: 'nav.home', icon: 'M4 11l8-7 8 7M6.5 9.5V20h4v-5.5h3V20h4V9.5', also: ['/m/index', '/m/index.html'] },
  {
    to: '/m/game',
    key: 'nav.games',
    icon: 'M6 9h12a3 3 0 0 1 3 3v3a3 3 0 0 1-5.2 2L14 15h-4l-1.8 2A3 3 0 0 1 3 15v-3a3 3 0 0 1 3-3zM8 11v3M6.5 12.5h3M15.5 12h.01M17.5 14h.01',
  },
  {
    to: '/m/activity',
    key: 'nav.promotions',
    icon: 'M4 9h16v4H4zM5 13v7h14v-7M12 9v11M12 9S10.5 4 8 4.5 7 8.5 12 9zm0 0s1.5-5 4-4.5S17 8.5 12 9z',
  },
  { to: '/m/member/home', key: 'nav.member', icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0' },
] as const;

export default function BottomNav() {
  const { t } = useT();
  const [path] = useLocation();
  const items = ITEMS.filter((item) => isBuilt(item.to));
  if (items.length < 2) return null;
  return (
    <nav className="bottom-nav" aria-label={t('nav.main')}>
      {items.map((item) => {
        const current = path === item.to || ('also' in item && (item.also as readonly string[]).includes(path));
        return (
          <AppLink key={item.to} to={item.to} className="bottom-nav-item" current={current}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path
                d={item.icon}
                fill="none"
                stroke="currentColor"
                strokeWidth="1.9"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span>{t(item.key)}</span>
          </AppLink>
        );
      })}
    </nav>
  );
}
