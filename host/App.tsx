/**
 * The /m route table (docs/product.md §2) behind the route guard. Routes of features not built yet are absent;
 * an unknown /m path shows the not-found page with the way home.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { htmlLang } from '../src/core/i18n/languages.ts';
import { newOverlayVisit } from '../src/core/overlay/visit.ts';
import { guardRoute } from '../src/core/session/routeRules.ts';
import { isLoggedIn } from '../src/core/session/sessionInfo.ts';
import { passwordChangeForced } from '../src/core/session/passwordChange.ts';
import { Suspense, useEffect, type FunctionComponent } from 'react';
import { statusScreen } from '../src/features/site-status/screen.ts';
import { rememberPath } from '../src/core/session/homeScreenRestore.ts';
import { useT } from '../src/ui/useT.ts';
import { HomeEngagement, HomePage } from './pages/HomePage.tsx';
import { BottomNav } from './PageShell.tsx';
import routes from './routes.json';
import { carriedHref } from './AppLink.tsx';
import { isRoute } from './builtRoutes.ts';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { lazyPage, type LazyPage } from './lazyPage.ts';

// Every page but home loads on demand, so /m/home's first load stays small (docs/performance.md).
// The build preloads a route's page chunks from index.html (host/preload.ts), keyed by routes.json.
const pages: Record<string, FunctionComponent | LazyPage> = {
  HomePage,
  LoginPage: lazyPage(() => import('./pages/LoginPage.tsx').then((m) => m.LoginPage)),
  RegisterPage: lazyPage(() => import('./pages/RegisterPage.tsx').then((m) => m.RegisterPage)),
  ChangePasswordPage: lazyPage(() => import('./pages/ChangePasswordPage.tsx').then((m) => m.ChangePasswordPage)),
  AgentRegisterPage: lazyPage(() => import('./pages/AgentRegisterPage.tsx').then((m) => m.AgentRegisterPage)),
  ActivityPage: lazyPage(() => import('./pages/ActivityPage.tsx').then((m) => m.ActivityPage)),
  GamePage: lazyPage(() => import('./pages/GamePage.tsx').then((m) => m.GamePage)),
  LaunchGamePage: lazyPage(() => import('./pages/LaunchGamePage.tsx').then((m) => m.LaunchGamePage)),
  TrialGamePage: lazyPage(() => import('./pages/TrialGamePage.tsx').then((m) => m.TrialGamePage)),
  AppDownloadPage: lazyPage(() => import('./pages/AppDownloadPage.tsx').then((m) => m.AppDownloadPage)),
  // The member centre (docs/member-centre.md): its chunks are listed in /mobile/mc/asset-manifest.json.
  MemberHomePage: lazyPage(() => import('./pages/member/MemberHomePage.tsx').then((m) => m.MemberHomePage)),
  RewardCenterPage: lazyPage(() => import('./pages/member/RewardCenterPage.tsx').then((m) => m.RewardCenterPage)),
  VoucherCenterPage: lazyPage(() => import('./pages/member/VoucherCenterPage.tsx').then((m) => m.VoucherCenterPage)),
  SignInPage: lazyPage(() => import('./pages/member/SignInPage.tsx').then((m) => m.SignInPage)),
  NoviceTaskPage: lazyPage(() => import('./pages/member/NoviceTaskPage.tsx').then((m) => m.NoviceTaskPage)),
  RescuePage: lazyPage(() => import('./pages/member/RescuePage.tsx').then((m) => m.RescuePage)),
  LeaderBoardPage: lazyPage(() => import('./pages/member/LeaderBoardPage.tsx').then((m) => m.LeaderBoardPage)),
  BenefitsPage: lazyPage(() => import('./pages/member/BenefitsPage.tsx').then((m) => m.BenefitsPage)),
  FeedbackPage: lazyPage(() => import('./pages/member/FeedbackPage.tsx').then((m) => m.FeedbackPage)),
  InviteFriendsPage: lazyPage(() => import('./pages/member/InviteFriendsPage.tsx').then((m) => m.InviteFriendsPage)),
  NotFoundPage: lazyPage(() => import('./pages/NotFoundPage.tsx').then((m) => m.NotFoundPage)),
};

/**
 * Loads the code of the page at `path` (the not-found page for unknown paths). Home's page is in
 * main.js; its entries and the bottom navigation are loaded with it, so a prerendered home hydrates
 * in one pass and the entries never wait behind a placeholder (docs/performance.md).
 */
export function preloadPage(path: string): Promise<void> {
  const page = pages[(routes as Record<string, string>)[path] ?? 'NotFoundPage'];
  if (page === HomePage) return Promise.all([HomeEngagement.preload(), BottomNav.preload()]).then(() => undefined);
  return page && 'preload' in page ? page.preload() : Promise.resolve();
}

export function App() {
  useSignals();
  const { lang, dir } = useT();
  const [path] = useLocation();
  const search = useSearch();
  document.documentElement.lang = htmlLang(lang);
  document.documentElement.dir = dir;

  useEffect(() => rememberPath(path + (search ? `?${search}` : '')), [path, search]);
  // Each page is a new visit for the attention budget (docs/product.md §2, "What opens by itself").
  useEffect(() => newOverlayVisit(), [path]);

  // Access denied or maintenance cover every route (docs/product.md §2).
  const screen = statusScreen.value;
  if (screen) return screen === 'accessDenied' ? <wps-access-denied /> : <wps-maintenance />;

  const guard = guardRoute(path, search, isLoggedIn.value, passwordChangeForced(), isRoute);
  if (!guard.allow) return <Redirect to={carriedHref(guard.redirect, search)} replace />;

  return (
    <PageErrorBoundary key={path}>
      <Suspense fallback={<wps-spinner open />}>
        <Switch>
          {Object.entries(routes).map(([route, page]) => (
            <Route key={route} path={route} component={pages[page]!} />
          ))}
          <Route component={pages.NotFoundPage!} />
        </Switch>
      </Suspense>
    </PageErrorBoundary>
  );
}
