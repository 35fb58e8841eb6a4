/**
 * The page visit the attention budget counts in (core/overlay/queue.ts): the host page bumps it on
 * every route change. A module of its own, so /m's first load carries these lines, not the queue.
 */
import { signal } from '@preact/signals-core';

export const overlayVisit = signal(0);

/** A new visit (the route changed): the per-visit budget of what opens by itself starts again. */
export function newOverlayVisit(): void {
  overlayVisit.value++;
}
