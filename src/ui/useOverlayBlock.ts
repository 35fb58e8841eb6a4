/**
 * Views that only tell the attention budget something (core/overlay/attention.ts), without loading
 * the overlay queue: a game running, a blocking status screen up.
 */
import { useEffect } from 'react';
import { blockOverlays, pauseOverlays } from '../core/overlay/attention.ts';

/** While `active` (a game running), nothing opens by itself over it. */
export function useOverlayBlock(active: boolean): void {
  useEffect(() => (active ? blockOverlays() : undefined), [active]);
}

/** While `active` (a blocking status screen is up), the overlay on screen hides and nothing else opens. */
export function useOverlayPause(active: boolean): void {
  useEffect(() => (active ? pauseOverlays() : undefined), [active]);
}
