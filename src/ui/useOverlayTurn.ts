/** React side of the overlay queue (core/overlay/queue.ts): whether this overlay may show now. */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId } from 'react';
import { activeOverlay, requestOverlay } from '../core/overlay/queue.ts';

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
