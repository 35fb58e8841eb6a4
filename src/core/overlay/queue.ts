/**
 * One overlay at a time on a page: the in-app browser screen, the install prompts, the image popups,
 * the announcement and the push prompt each ask for a turn here, and only the one holding the turn is
 * shown. A turn is kept until it is given back (an overlay on screen is never pushed away); then the
 * waiting one with the lowest priority number goes next, the earlier request first among equals
 * (docs/install.md, "One overlay at a time").
 *
 * Module state: every element of a page shares it through the shared core chunk (the loader's
 * chunks on a merchant page, main.js's on /m).
 */
import { signal, type ReadonlySignal } from '@preact/signals-core';

/** Lower goes first. */
export const OVERLAY_PRIORITY = {
  inAppGuide: 10,
  appUpgrade: 15,
  install: 20,
  imagePopup: 30,
  announcement: 40,
  pushPrompt: 50,
} as const;

interface Waiting {
  id: string;
  priority: number;
  order: number;
}

const active = signal<string | undefined>(undefined);
let waiting: Waiting[] = [];
let order = 0;
/**
 * Held priorities, each its own entry (so a release after resetOverlays() or twice removes nothing
 * else): while one is held, only overlays at or below it may take a free turn.
 */
const holds = new Set<[priority: number]>();

/** The id of the overlay whose turn it is. */
export const activeOverlay: ReadonlySignal<string | undefined> = active;

function advance() {
  if (active.value !== undefined || waiting.length === 0) return;
  waiting.sort((a, b) => a.priority - b.priority || a.order - b.order);
  for (const [held] of holds) if (waiting[0]!.priority > held) return;
  active.value = waiting.shift()!.id;
}

/**
 * Keeps the turn free for an overlay of `priority` that is about to ask (the host knows one may come:
 * the install offer is decided 2 s after home opens). Meanwhile overlays of a higher number wait even
 * if the turn is free; the returned function lets them go (docs/engagement.md, "When").
 */
export function holdOverlays(priority: number): () => void {
  const hold: [number] = [priority];
  holds.add(hold);
  return () => void (holds.delete(hold) && advance());
}

/** Asks for a turn (asking again while waiting or shown changes nothing); answers the release. */
export function requestOverlay(id: string, priority: number): () => void {
  if (active.value !== id && !waiting.some((w) => w.id === id)) waiting.push({ id, priority, order: order++ });
  advance();
  return () => releaseOverlay(id);
}

/** Gives the turn back, or stops waiting for it. */
export function releaseOverlay(id: string): void {
  waiting = waiting.filter((w) => w.id !== id);
  if (active.value === id) {
    active.value = undefined;
    advance();
  }
}

/** Tests only: an empty queue. */
export function resetOverlays(): void {
  waiting = [];
  holds.clear();
  active.value = undefined;
}
