/**
 * The /m route table (SPEC §2) behind the route guard. Routes of features not built yet are absent;
 * an unknown /m path goes home.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { htmlLang } from '../src/core/i18n/languages.ts';
import { guardRoute } from '../src/core/session/routeRules.ts';
import { isLoggedIn } from '../src/core/session/sessionInfo.ts';
import { lazy, Suspense, useEffect } from 'react';
import { statusScreen } from '../src/features/site-status/model.ts';
import { rememberPath } from '../src/core/session/homeScreenRestore.ts';
import { useT } from '../src/ui/useT.ts';
import { HomePage } from './pages/HomePage.tsx';

// Sign-in pages load on demand: /m/home's first load stays small (DESIGN.md budgets).
const LoginPage = lazy(() => import('./pages/LoginPage.tsx').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import('./pages/RegisterPage.tsx').then((m) => ({ default: m.RegisterPage })));
const ChangePasswordPage = lazy(() => import('./pages/ChangePasswordPage.tsx').then((m) => ({ default: m.ChangePasswordPage })));
const AgentRegisterPage = lazy(() => import('./pages/AgentRegisterPage.tsx').then((m) => ({ default: m.AgentRegisterPage })));
import { carriedHref } from './AppLink.tsx';

export function App() {
  useSignals();
  const { lang, dir } = useT();
  const [path] = useLocation();
  const search = useSearch();
  document.documentElement.lang = htmlLang(lang);
  document.documentElement.dir = dir;

  useEffect(() => rememberPath(path + (search ? `?${search}` : '')), [path, search]);

  // The site-wide notices: the same elements a merchant page uses.
  const overlays = (
    <>
      <wps-domain-error />
      <wps-update-notice />
      <wps-network-notice />
      <wps-notice queue />
    </>
  );

  // Access denied or maintenance cover every route (SPEC §2).
  const screen = statusScreen.value;
  if (screen) return <>{screen === 'accessDenied' ? <wps-access-denied /> : <wps-maintenance />}{overlays}</>;

  const guard = guardRoute(path, search, isLoggedIn.value);
  if (!guard.allow) return <Redirect to={carriedHref(guard.redirect, search)} replace />;

  return (
    <>
      <Suspense fallback={<wps-spinner open />}>
      <Switch>
        <Route path="/m/home" component={HomePage} />
        <Route path="/m/index" component={HomePage} />
        <Route path="/m/index.html" component={HomePage} />
        <Route path="/m/login" component={LoginPage} />
        <Route path="/m/register" component={RegisterPage} />
        <Route path="/m/register.html" component={RegisterPage} />
        <Route path="/m/changePsw" component={ChangePasswordPage} />
        <Route path="/m/agentRegister" component={AgentRegisterPage} />
        <Route>
          <Redirect to={carriedHref('/m/home', search)} replace />
        </Route>
      </Switch>
      </Suspense>
      {overlays}
    </>
  );
}
