/**
 * Push follows the session (docs/product.md §4, "Login state change"): a new token registers push
 * (when the player has already allowed notifications), a logout unsubscribes it. Started by the host
 * when the merchant has push.
 */
import { effect, signal } from '@preact/signals-core';
import { siteStatus } from '../../core/config/siteStatus.ts';
import { language } from '../../core/i18n/i18n.ts';
import { token } from '../../core/session/sessionInfo.ts';
import { localStore } from '../../core/storage/storage.ts';
import { BOUND_KEY, currentSupportEnv, pushConfig, PushError, unsupportedReason, type PushErrorCode } from './config.ts';

/** The token lifecycle, loaded only when push is used. */
const lifecycle = () => import('./model.ts');

/** The last background failure (a login's registration, a logout's unsubscribe): shown by nobody, kept for the page and tests. */
export const lastPushError = signal<PushErrorCode | undefined>(undefined);

const codeOf = (e: unknown): PushErrorCode => (e instanceof PushError ? e.code : 'token-subscribe-failed');

/**
 * One push operation at a time, in order: a logout that comes while the login's registration is
 * still under way must not be overtaken by it (it would store and bind a token after the unsubscribe).
 */
let queue: Promise<unknown> = Promise.resolve();
function inTurn(op: () => Promise<unknown>): void {
  queue = queue.then(op).then(
    () => (lastPushError.value = undefined),
    (e: unknown) => (lastPushError.value = codeOf(e)),
  );
}

export function watchPushSession(): () => void {
  let previous: string | undefined;
  let started = false;
  return effect(() => {
    const t = token.value;
    const status = siteStatus.value;
    if (!status) return;
    if (started && t === previous) return;
    const was = previous;
    previous = t;
    started = true;
    let cfg;
    try {
      cfg = pushConfig(status);
    } catch {
      return;
    }
    // A logout (or a session that ended) while this code was not loaded yet counts too: the token
    // is still bound. (Sessions are per tab, so a new tab without one also unbinds this browser's
    // token; the next login binds it again.)
    if (!t && (was || localStore.get(BOUND_KEY) === true)) {
      inTurn(() => lifecycle().then((m) => m.unregisterPush(cfg)));
      return;
    }
    if (!t || unsupportedReason(currentSupportEnv()) || Notification.permission !== 'granted') return;
    const lang = language.peek();
    inTurn(() => lifecycle().then((m) => m.registerPush(cfg, lang)));
  });
}
