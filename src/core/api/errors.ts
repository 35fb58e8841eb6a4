/**
 * The error catalogue of docs/product.md §8: one table from an errorCode or HTTP status to one reaction, and
 * the code that performs a reaction. Request clients report failures here and never show alerts
 * themselves. Reactions that belong to features not on this page (two-factor, bind flow) run the
 * handler a feature registered with `onReaction`, else fall back to a plain notice.
 */
import { showNotice } from '../notice/notices.ts';
import { clearSession, session, SESSION_ENDED_KEY } from '../session/sessionInfo.ts';
import { navigate, onOperatorPage } from '../session/navigation.ts';
import { loginPath, returnPathFrom, safeReturnPath } from '../session/routeRules.ts';
import { cancelRequests } from './abort.ts';
import { sessionStore } from '../storage/storage.ts';
import { handlers, onReaction, type Reaction } from './reactions.ts';
import { OWN_REACTIONS, reactionOf, type ErrorCode } from '../../contract/errors.ts';

export interface Failure {
  status?: number;
  /** Any string: a code the table does not know gets the catalogue's default. */
  errorCode?: string;
  message?: string;
  value?: unknown;
  /** The request said `alert: false`. */
  alert?: boolean;
  /** The request asked for the please-login notice even with `alert: false`. */
  sessionAlert?: boolean;
}

/**
 * Our code (never sent by a server) for a call from a page of another origin that got no readable
 * answer while the operator's ping, open to every origin, did answer: the origin is not in the
 * merchant's allowedOrigins (src/core/api/client.ts finds it out).
 */
export const ORIGIN_NOT_ALLOWED = 'origin.not.allowed' satisfies ErrorCode;

/** errorCodes that mean the session is gone (docs/product.md §8): the table's `logout` rows. */
export const SESSION_GONE_CODES = new Set(
  (Object.keys(OWN_REACTIONS) as Array<keyof typeof OWN_REACTIONS>).filter((code) => OWN_REACTIONS[code].reaction === 'logout'),
);

/**
 * The reaction for a failure, following the rows of docs/product.md §8 in order of precedence; a
 * code's own reaction is its row in src/contract/errors.ts.
 */
export function reactionFor(f: Failure): Reaction {
  const named = f.errorCode === undefined ? undefined : reactionOf(f.errorCode);
  if (f.status === 502) return { kind: 'pass' };
  if (named === 'silent') return { kind: 'silent' };
  if (f.status === 401 || named === 'logout') return { kind: 'logout', notice: f.alert !== false || f.sessionAlert === true };
  if (named === 'changePassword') return { kind: 'changePassword' };
  // Before alert:false: the merchant must hear of it whichever call found it (the status call is quiet).
  if (named === 'originRefused') return originRefused(f.value);
  if (f.alert === false) return { kind: 'silent' };
  switch (named) {
    case 'twoFactor':
      return { kind: 'twoFactor', value: f.value, message: f.message };
    case 'bind':
      return { kind: 'bind', value: f.value };
    case 'forgetRememberedLogin':
      return { kind: 'forgetRememberedLogin', message: f.message };
    case 'autoLoginOff':
      return { kind: 'autoLoginOff', message: f.message };
    case 'timeoutRetry':
      return { kind: 'timeoutRetry' };
    case 'network':
      return { kind: 'network' };
  }
  return { kind: 'notice', message: f.message, fallbackKey: 'unknown_error' };
}

function originRefused(value: unknown): Reaction {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const text = (x: unknown) => (typeof x === 'string' ? x : '');
  return { kind: 'originRefused', origin: text(v.origin), apiBase: text(v.apiBase), merchant: text(v.merchant) };
}

let originReported = false;

/**
 * A merchant integration error goes to the browser console, once per page, with the fix spelled out;
 * the page's visitors see no notice (docs/product.md §8, "A merchant page whose origin is not allowed").
 */
function reportRefusedOrigin({ origin, apiBase, merchant }: Extract<Reaction, { kind: 'originRefused' }>) {
  if (originReported) return;
  originReported = true;
  const code = merchant || '<merchant code>';
  console.error(
    `wps-elements: the operator's API at ${apiBase} does not let this page's origin ${origin} call it ` +
      `(the browser blocked its answers by CORS; the operator's line itself answers). ` +
      `To fix it, add "${origin}" to the allowedOrigins of merchant "${code}" in the operator's back office ` +
      `(reference server: server/merchants/merchants.json, merchants.${code}.allowedOrigins, then restart it). ` +
      `Until then the wps-* elements on this page stay empty and show no notice.`,
  );
}

/** Forgets that the refused origin was reported (tests). */
export function resetOriginReport() {
  originReported = false;
}

export { onReaction };
export type { Reaction };

export const PLEASE_LOGIN_NOTICE = 'please-login';
/** The session-error clear repeats (docs/product.md §9): answers already on their way may write again. */
export const SESSION_CLEAR_INTERVAL_MS = 1000;
export const SESSION_CLEAR_REPEATS = 3;

let repeatTimer: ReturnType<typeof setInterval> | undefined;

function clearRepeatedly() {
  const goneToken = session.value?.token;
  clearSession();
  clearInterval(repeatTimer);
  let runs = 0;
  repeatTimer = setInterval(() => {
    // A new login in the meantime is not the lost session: leave it alone.
    const current = session.value?.token;
    if (current && current !== goneToken) return clearInterval(repeatTimer);
    clearSession();
    if (++runs >= SESSION_CLEAR_REPEATS) clearInterval(repeatTimer);
  }, SESSION_CLEAR_INTERVAL_MS);
}

// SESSION_ENDED_KEY is kept in session storage while the please-login notice waits for its tap: a
// reload in that moment (the player's, or one racing the answer that found the session gone) shows
// it again instead of a page that is silently signed out (resumePleaseLogin). It holds the page the
// session ended on (or true), so the login goes back there even after the reload rule moved home.
function showPleaseLogin(returnTo: string | undefined) {
  sessionStore.set(SESSION_ENDED_KEY, returnTo ?? true);
  showNotice({
    id: PLEASE_LOGIN_NOTICE,
    messageKey: 'please_login',
    forced: true,
    buttons: [
      {
        labelKey: 'login',
        action: () => {
          sessionStore.remove(SESSION_ENDED_KEY);
          navigate(loginPath(returnTo));
        },
      },
    ],
  });
}

/**
 * The page a login after this session loss goes back to (docs/product.md §4): this /m page; on
 * /m/login (the route guard may have moved there already) the page it names; else the one a
 * waiting notice already holds. Only on the operator's /m: a merchant's page is not ours to name.
 */
function pageToReturnTo(): string | undefined {
  if (!onOperatorPage()) return undefined;
  const waiting = sessionStore.get<unknown>(SESSION_ENDED_KEY);
  return (
    safeReturnPath(location.pathname + location.search) ??
    returnPathFrom(location.search) ??
    (typeof waiting === 'string' ? safeReturnPath(waiting) : undefined)
  );
}

/** Log out, clear session storage, cancel requests, and ask to log in again. */
export function sessionGone(notice = true) {
  // Before the clear: the route guard may move the page to /m/login as soon as the session goes.
  const returnTo = notice ? pageToReturnTo() : undefined;
  clearRepeatedly();
  cancelRequests();
  if (notice) showPleaseLogin(returnTo);
}

/** At start: the please-login notice a reload interrupted, again (nothing when a session is there). */
export function resumePleaseLogin(): void {
  const ended = sessionStore.get<unknown>(SESSION_ENDED_KEY);
  if (ended !== true && typeof ended !== 'string') return;
  if (session.value) sessionStore.remove(SESSION_ENDED_KEY);
  else showPleaseLogin(typeof ended === 'string' ? safeReturnPath(ended) : undefined);
}

export function perform(reaction: Reaction) {
  const own = handlers.get(reaction.kind);
  if (own && own(reaction) !== false) return;
  switch (reaction.kind) {
    case 'silent':
    case 'pass':
      return;
    case 'logout':
      return sessionGone(reaction.notice);
    case 'timeoutRetry':
      showNotice({ messageKey: 'timeout_retry_please' });
      return;
    case 'changePassword':
      navigate('/m/changePsw');
      return;
    case 'originRefused':
      return reportRefusedOrigin(reaction);
    case 'network':
      showNotice({ id: 'network-error', messageKey: navigator.onLine === false ? 'network.offline' : 'network.unstable' });
      return;
    case 'notice':
      showNotice({ message: reaction.message, messageKey: reaction.fallbackKey });
      return;
    default:
      // A feature reaction with no feature on this page: the server's message still reaches the user.
      showNotice({ message: 'message' in reaction ? reaction.message : undefined, messageKey: 'unknown_error' });
  }
}

/** Maps and performs in one step; returns the reaction for callers that branch on it. */
export function handleFailure(f: Failure): Reaction {
  const reaction = reactionFor(f);
  perform(reaction);
  return reaction;
}
