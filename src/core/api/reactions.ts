/**
 * The reactions features own (./errors.ts performs the rest). Apart from the error catalogue, so /m's
 * boot can claim one (homeScreenRestore.ts) before the API client arrives after the paint.
 */
import type { Reaction } from './errors.ts';

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
