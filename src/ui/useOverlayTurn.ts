/** React side of the overlay queue (core/overlay/queue.ts): whether this overlay may show now. */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef } from 'react';
import {
  activeOverlay,
  holdOverlays,
  overlayShown,
  renewOverlay,
  requestOverlay,
  type OverlayOptions,
} from '../core/overlay/queue.ts';

/**
 * While `wanted`, waits for a turn and answers true once it is this overlay's; gives it back when
 * `wanted` turns false or the component goes away. `options.key` names what the player answers
 * (default: `name`); `options.auto: false` for an overlay the page or the player opened.
 */
export function useOverlayTurn(name: string, priority: number, wanted: boolean, options: OverlayOptions = {}): boolean {
  useSignals();
  const id = `${name}:${useId()}`;
  const key = options.key ?? name;
  const auto = options.auto ?? true;
  const keyRef = useRef(key);
  keyRef.current = key;
  useEffect(
    () => (wanted ? requestOverlay(id, priority, { key: keyRef.current, auto }) : undefined),
    [id, priority, wanted, auto],
  );
  // New content under the same turn (the next image): a new answer, without losing the place.
  useEffect(() => {
    if (wanted) renewOverlay(id, key);
  }, [id, wanted, key]);
  const turn = wanted && activeOverlay.value === id;
  // Rendered with the turn: on screen, so giving it back is the player's answer.
  useEffect(() => {
    if (turn) overlayShown(id);
  }, [turn, id, key]);
  return turn;
}

/**
 * While `active`, holds the queue at `priority` (core/overlay/queue.ts, holdOverlays): no overlay of a
 * higher number takes a free turn. Here, not in the caller, so every user of the queue loads one chunk.
 */
export function useOverlayHold(priority: number, active: boolean): void {
  useEffect(() => (active ? holdOverlays(priority) : undefined), [priority, active]);
}
