/**
 * The reactions features own (./errors.ts performs the rest). Apart from the error catalogue, so /m's
 * boot can claim one (homeScreenRestore.ts) before the API client arrives after the paint.
 */

/** What the error catalogue does about a failure (./errors.ts `reactionFor`); here so this file imports nothing. */
export type Reaction =
  | { kind: 'silent' }
  | { kind: 'pass' }
  | { kind: 'notice'; message?: string; fallbackKey: string }
  /** `notice: false` when the request said alert:false: the session still ends, quietly. */
  | { kind: 'logout'; notice: boolean }
  | { kind: 'twoFactor'; value: unknown; message?: string }
  | { kind: 'bind'; value: unknown }
  | { kind: 'forgetRememberedLogin'; message?: string }
  | { kind: 'autoLoginOff'; message?: string }
  | { kind: 'timeoutRetry' }
  /** No answer at all (network down or the line dropped): the network feature checks the line. */
  | { kind: 'network' }
  /** The session must change its password before anything else. */
  | { kind: 'changePassword' }
  /**
   * The browser withheld the operator's answers from this page's origin (CORS) while the operator's
   * line answers: the merchant has not allowed the origin. A console error for the merchant, no notice.
   */
  | { kind: 'originRefused'; origin: string; apiBase: string; merchant: string };

/** `false`: not this time, the catalogue's own reaction runs. */
type Handler = (reaction: Reaction) => unknown;
export const handlers = new Map<Reaction['kind'], Handler>();

/** Lets a feature own a reaction (for example the two-factor modal owns `twoFactor`). */
export function onReaction(kind: Reaction['kind'], handler: Handler): () => void {
  handlers.set(kind, handler);
  return () => {
    if (handlers.get(kind) === handler) handlers.delete(kind);
  };
}
