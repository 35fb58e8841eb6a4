/** React side of the overlay queue (core/overlay/queue.ts): whether this overlay may show now. */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId } from 'react';
import { activeOverlay, holdOverlays, requestOverlay } from '../core/overlay/queue.ts';

/**
 * While `wanted`, waits for a turn and answers true once it is this overlay's; gives it back when
 * `wanted` turns false or the component goes away.
 */
export function useOverlayTurn(name: string, priority: number, wanted: boolean): boolean {
  useSignals();
  const id = `${name}:${useId()}`;
  useEffect(() => (wanted ? requestOverlay(id, priority) : undefined), [id, priority, wanted]);
  return wanted && activeOverlay.value === id;
}

/**
 * While `active`, holds the queue at `priority` (core/overlay/queue.ts, holdOverlays): no overlay of a
 * higher number takes a free turn. Here, not in the caller, so every user of the queue loads one chunk.
 */
export function useOverlayHold(priority: number, active: boolean): void {
  useEffect(() => (active ? holdOverlays(priority) : undefined), [priority, active]);
}
