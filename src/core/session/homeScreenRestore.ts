/**
 * Old iOS home-screen apps start over at the start URL whenever they are reopened. There the
 * session lives in local storage (sessionInfo.ts) and the last page is remembered, so the player
 * comes back where they were. If the restored session turns out to be gone (HTTP 401 while
 * restoring), the stored path and session are cleared and the player goes to /m/home, without the
 * 'please login' notice (docs/product.md §8).
 */
import { onReaction } from '../api/reactions.ts';
import { currentStandalone, currentUA, isLegacyIosHomeScreen } from '../env/env.ts';
import { localStore, KEY_PREFIX } from '../storage/storage.ts';
import { clearSession, session } from './sessionInfo.ts';
import { navigate } from './navigation.ts';

export const LAST_PATH_KEY = `${KEY_PREFIX}lastPath`;

let restoring = false;

export const isLegacyHomeScreenApp = () => isLegacyIosHomeScreen(currentUA(), currentStandalone());

/** Remembers the page the player is on (old iOS home-screen apps only). */
export function rememberPath(pathAndQuery: string) {
  if (isLegacyHomeScreenApp() && pathAndQuery.startsWith('/m/')) localStore.set(LAST_PATH_KEY, pathAndQuery);
}

/** The web app manifest's start page: where a reopened home-screen app starts. */
export const START_PATH = '/m/home';

/**
 * On boot: the path to reopen, if this is an old iOS home-screen app with a saved session that was
 * reopened at its start page and has a saved page. Until `restoreConfirmed()` a lost session leads
 * home quietly.
 */
export function startHomeScreenRestore(currentPath: string): string | undefined {
  if (!isLegacyHomeScreenApp() || !session.value) return undefined;
  restoring = true;
  onReaction('logout', () => {
    // Once confirmed, the usual session loss (src/core/api/errors.ts, without the API client here).
    if (!restoring) return false;
    restoring = false;
    localStore.remove(LAST_PATH_KEY);
    clearSession();
    navigate('/m/home', { replace: true });
  });
  return currentPath === START_PATH ? localStore.get<string>(LAST_PATH_KEY) : undefined;
}

/** The restored session answered: from now on a lost session is the usual 'please login'. */
export function restoreConfirmed() {
  restoring = false;
}
