/**
 * What /m starts once its first frame is painted (host/main.tsx asks for this chunk once the frame is
 * committed; whenPainted waits for it to be on screen), with the code only it needs: the API client and its error catalogue, the site status and promotions, auto login,
 * the element loader, the overlays, member info and the service worker. main.js stays the page's
 * first frame: React, i18next, the route guard and the home page (docs/performance.md).
 */
import { loadPromotions, loadSiteStatus } from '../src/core/config/siteStatus.ts';
import { resumePleaseLogin } from '../src/core/api/errors.ts';
import { autoLoginPending } from '../src/core/session/autoLogin.ts';
import { watchMemberInfo, waitForMember } from '../src/core/session/member.ts';
import { restoreConfirmed } from '../src/core/session/homeScreenRestore.ts';
import { navigate } from '../src/core/session/navigation.ts';
import { registerServiceWorker } from '../src/features/update-check/serviceWorker.ts';
import { loadElementsWhenUsed } from './lazyElements.ts';

/**
 * Site status and promotions (the download bar, the status screens), member info, the overlays
 * (host/Overlays.tsx) and the code of the elements, the service worker.
 */
export function afterFirstPaint() {
  // The network first; then the rest, each in a task of its own, so none holds the main thread long.
  const status = loadSiteStatus();
  void loadPromotions();
  void autoLoginOnOpen(status);
  const steps = [
    loadElementsWhenUsed,
    mountOverlays,
    resumePleaseLogin,
    () => {
      watchMemberInfo();
      void waitForMember().then(restoreConfirmed);
    },
    () => void registerServiceWorker(),
  ];
  steps.forEach((step, i) => setTimeout(step, i));
}

/** The overlays' chunk; offline in the first moments, it is tried again when the connection is back. */
function mountOverlays() {
  import('./Overlays.tsx').then(
    (m) => m.mountOverlays(),
    () => window.addEventListener('online', mountOverlays, { once: true }),
  );
}

/** Pages where a signed-in member has nothing to do: an auto login there goes on to home. */
const SIGN_IN_PATHS = new Set(['/m/register', '/m/register.html']);

/**
 * Auto login as the page opens (docs/product.md §4), on every route but /m/login, whose form tries it
 * itself: a returning player is signed in when home shows. The sign-in code loads only when a
 * remembered login may be used.
 */
async function autoLoginOnOpen(status: Promise<unknown>) {
  if (!autoLoginPending.value) return;
  try {
    if (location.pathname === '/m/login') return;
    await status;
    const { tryAutoLogin } = await import('../src/features/sign-in/model.ts');
    const outcome = await tryAutoLogin(location.search);
    if (!outcome?.ok) return;
    if (outcome.next !== '/m/home' || SIGN_IN_PATHS.has(location.pathname)) navigate(outcome.next);
  } finally {
    autoLoginPending.value = false;
  }
}
