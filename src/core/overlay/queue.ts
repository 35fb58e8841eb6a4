/**
 * One overlay at a time on a page, and one attention budget for everything that opens by itself
 * (docs/product.md §2, "What opens by itself"): the in-app browser screen, the install offers, the
 * image popups, the announcement, the app upgrade and the push prompt each ask for a turn here, and
 * only the one holding the turn is shown. A turn is kept until it is given back (an overlay on screen
 * is never pushed away); then the waiting one with the lowest priority number goes next, the earlier
 * request first among equals (docs/install.md, "One overlay at a time").
 *
 * What opens by itself (`auto`, the default) also answers to the budget:
 * - each is answered at most once per browser session, whatever the answer: once it was on screen
 *   (`overlayShown`) and gave its turn back (closed, followed, timed out, or left with the page), its key does not
 *   take a turn again until the tab is closed;
 * - at most MAX_AUTO_PER_VISIT of them per visit of a page (a new route, a sign-in or a sign-out is a
 *   new visit); the rest wait for a later visit;
 * - none takes a turn while a game runs or a form is being filled (attention.ts, `blockOverlays`),
 *   nor while a blocking status screen is up (`pauseOverlays`), which also hides the one on screen
 *   until it goes.
 * What the page or the player opens (`auto: false`: an element's `open`, a tap) only queues.
 *
 * Module state: every element of a page shares it through the shared core chunk (the loader's
 * chunks on a merchant page, main.js's on /m).
 */
import { computed, effect, signal, untracked, type ReadonlySignal } from '@preact/signals-core';
import { sessionStore } from '../storage/storage.ts';
import { session } from '../session/sessionInfo.ts';
import { overlayBlocks, overlayPauses } from './attention.ts';
import { overlayVisit } from './visit.ts';

/** Lower goes first. */
export const OVERLAY_PRIORITY = {
  inAppGuide: 10,
  appUpgrade: 15,
  install: 20,
  imagePopup: 30,
  announcement: 40,
  pushPrompt: 50,
} as const;

/** docs/product.md §2: at most three overlays open by themselves on one visit of a page. */
export const MAX_AUTO_PER_VISIT = 3;

/**
 * The keys answered this browser session (session storage). A visit key: it survives log-out and
 * log-in (core/session/sessionInfo.ts, VISIT_KEYS), so a re-login brings nothing back.
 */
export const ANSWERED_KEY = 'wps:overlaysAnswered';

export interface OverlayOptions {
  /** What the player answers; default: the id. Content that changed (a new announcement) is a new key. */
  key?: string;
  /** Opened by itself (default true): answers to the budget. False: the page or the player opened it. */
  auto?: boolean;
}

interface Waiting {
  id: string;
  priority: number;
  order: number;
  key: string;
  auto: boolean;
  /** It was on screen with its turn (overlayShown): only then is its release an answer. */
  shown?: boolean;
  /** The visit it took its turn on (a turn never shown gives its place in that visit's budget back). */
  visit?: number;
}

const active = signal<Waiting | undefined>(undefined);
let waiting: Waiting[] = [];
let order = 0;
/** Auto overlays that took a turn on this visit. */
let shownThisVisit = 0;
let visit = overlayVisit.peek();
/**
 * Held priorities, each its own entry (so a release after resetOverlays() or twice removes nothing
 * else): while one is held, only overlays at or below it may take a free turn.
 */
const holds = new Set<[priority: number]>();

/** The id of the overlay whose turn it is and that may be on screen now. */
export const activeOverlay: ReadonlySignal<string | undefined> = computed(() =>
  overlayPauses.value > 0 ? undefined : active.value?.id,
);

function answeredKeys(): string[] {
  const list = sessionStore.get<unknown>(ANSWERED_KEY);
  return Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
}

/** Whether an overlay of this key was already answered this session (so it will not open by itself). */
export function overlayAnswered(key: string): boolean {
  return answeredKeys().includes(key);
}

function markAnswered(key: string) {
  const keys = answeredKeys();
  // Bounded: a long session of changing announcements keeps the newest.
  if (!keys.includes(key)) sessionStore.set(ANSWERED_KEY, [...keys, key].slice(-100));
}

function mayTake(w: Waiting): boolean {
  if (!w.auto) return true;
  return overlayBlocks.value === 0 && shownThisVisit < MAX_AUTO_PER_VISIT && !overlayAnswered(w.key);
}

function advance() {
  if (active.value !== undefined || overlayPauses.value > 0 || waiting.length === 0) return;
  waiting.sort((a, b) => a.priority - b.priority || a.order - b.order);
  // An answered key never comes back this session: it stops waiting.
  waiting = waiting.filter((w) => !w.auto || !overlayAnswered(w.key));
  const next = waiting.find(mayTake);
  if (!next) return;
  for (const [held] of holds) if (next.priority > held) return;
  waiting = waiting.filter((w) => w !== next);
  take(next);
}

function take(next: Waiting) {
  if (next.auto) shownThisVisit++;
  active.value = { ...next, shown: false, visit };
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
export function requestOverlay(id: string, priority: number, options: OverlayOptions = {}): () => void {
  if (active.value?.id !== id && !waiting.some((w) => w.id === id)) {
    waiting.push({ id, priority, order: order++, key: options.key ?? id, auto: options.auto ?? true });
  }
  advance();
  return () => releaseOverlay(id);
}

/**
 * The overlay now shows other content under the same turn (the next image of the image popups): the
 * old key is answered, and the new one counts as a new overlay of the visit. Keeps its place ahead
 * of lower priorities; over the visit's budget, it gives the turn back and waits for the next visit.
 */
export function renewOverlay(id: string, key: string): void {
  const current = active.value;
  if (current?.id !== id) {
    const entry = waiting.find((w) => w.id === id);
    if (entry) entry.key = key;
    advance();
    return;
  }
  if (current.key === key) return;
  const next = { ...current, key };
  if (current.auto && current.shown) markAnswered(current.key);
  active.value = undefined;
  if (mayTake(next)) {
    take(next);
  } else {
    waiting.push(next);
    advance();
  }
}

/** Gives the turn back (an auto overlay is then answered for the session), or stops waiting for it. */
export function releaseOverlay(id: string): void {
  waiting = waiting.filter((w) => w.id !== id);
  const current = active.value;
  if (current?.id === id) {
    if (current.auto && current.shown) markAnswered(current.key);
    // Taken but never on screen (its page went away at once): not an answer, nor a place in the budget.
    if (current.auto && !current.shown && current.visit === visit) shownThisVisit--;
    active.value = undefined;
    advance();
  }
}

/** The overlay holding the turn is on screen (its view rendered with the turn): its release will be an answer. */
export function overlayShown(id: string): void {
  const current = active.value;
  if (current?.id === id && overlayPauses.value === 0) current.shown = true;
}

// A new visit: the route changed (visit.ts), or the player signed in or out (on a merchant page,
// where nothing navigates, the member's own content comes then): the per-visit budget starts again.
// A block or pause lifted: the waiting one may go.
let signedAs: string | undefined = session.peek()?.token;
effect(() => {
  const token = session.value?.token;
  const v = overlayVisit.value;
  if (v !== visit || token !== signedAs) {
    visit = v;
    signedAs = token;
    shownThisVisit = 0;
  }
  if (overlayBlocks.value + overlayPauses.value >= 0) untracked(advance); // follows these signals only
});

/** Tests only: an empty queue, a fresh visit, no holds, blocks or pauses. */
export function resetOverlays(): void {
  waiting = [];
  holds.clear();
  overlayBlocks.value = 0;
  overlayPauses.value = 0;
  shownThisVisit = 0;
  active.value = undefined;
}
