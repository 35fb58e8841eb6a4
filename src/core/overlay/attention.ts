/**
 * What the attention budget of core/overlay/queue.ts follows, in a module of its own so that what
 * only tells it something (a game, a status screen, a form) does not carry the queue: the game frame
 * and the status screens stay small. The page visit is visit.ts, in /m's first load.
 */
import { signal } from '@preact/signals-core';

/** Reasons nothing may open by itself now: a running game, a form in use. */
export const overlayBlocks = signal(0);
/** Blocking status screens up: even the overlay holding the turn hides. */
export const overlayPauses = signal(0);

/** Counts one up until the returned function (idempotent) counts it down again. */
function hold(count: typeof overlayBlocks): () => void {
  count.value++;
  let done = false;
  return () => {
    if (!done) count.value--;
    done = true;
  };
}

/**
 * While a game runs or a form is being filled, nothing opens by itself over it (one already on
 * screen stays); the returned function lifts this block.
 */
export const blockOverlays = (): (() => void) => hold(overlayBlocks);

/**
 * A blocking status screen is up (maintenance, access denied, domain error): the overlay on screen
 * is hidden, keeping its turn, and nothing else takes one until every pause is lifted.
 */
export const pauseOverlays = (): (() => void) => hold(overlayPauses);
