/**
 * The one place features report conversion events (docs/product.md §9: gameLaunch, startTrial, …).
 * The tracking feature ("Push opt-in, attribution and conversion tracking") registers the sink that
 * fans them out to the pixels and the operator's tracking post; until one is registered an event waits
 * (a few). Never throws into the caller and never waits: tracking must not block the UI.
 */
import type { ConversionEvent, TrackPayload } from '../../contract/tracking/events.ts';

export type { ConversionEvent, TrackPayload };

type Sink = (event: ConversionEvent, payload: TrackPayload) => void;

let sink: Sink | undefined;
/**
 * Events reported before the tracking feature's chunk is in (it loads after the first paint): handed
 * to the sink when it comes. Bounded, so a page without tracking holds little.
 */
let early: [ConversionEvent, TrackPayload][] = [];
export const EARLY_EVENTS_MAX = 50;

/** The tracking feature's fan-out, which also gets the events reported so far; `undefined` removes it (tests). */
export function setTrackingSink(fn: Sink | undefined): void {
  sink = fn;
  const waiting = early;
  early = [];
  if (fn) for (const [event, payload] of waiting) track(event, payload);
}

export function track(event: ConversionEvent, payload: TrackPayload = {}): void {
  if (!sink) {
    if (early.length < EARLY_EVENTS_MAX) early.push([event, payload]);
    return;
  }
  try {
    sink(event, payload);
  } catch {
    // A broken pixel is the tracking feature's problem, never the player's.
  }
}
