/**
 * The one place features report conversion events (docs/product.md §9: gameLaunch, startTrial, …).
 * The tracking feature ("Push opt-in, attribution and conversion tracking") registers the sink that
 * fans them out to the pixels and the operator's tracking post; until one is registered an event goes
 * nowhere. Never throws into the caller and never waits: tracking must not block the UI.
 */
export type ConversionEvent =
  | 'firstOpen'
  | 'registerSubmit'
  | 'register'
  | 'depositSubmit'
  | 'firstDeposit'
  | 'withdraw'
  | 'deposit'
  | 'redeposit'
  | 'firstDepositArrival'
  | 'startTrial'
  | 'login'
  | 'viewContent'
  | 'downloadApp'
  | 'gameLaunch'
  | 'a2hsInstalled';

/** What an event may carry besides its name (docs/product.md §3, "Tracking event payload"; extra fields are the feature's). */
export type TrackPayload = Record<string, string | number | boolean | undefined>;

type Sink = (event: ConversionEvent, payload: TrackPayload) => void;

let sink: Sink | undefined;

/** The tracking feature's fan-out; `undefined` removes it (tests). */
export function setTrackingSink(fn: Sink | undefined): void {
  sink = fn;
}

export function track(event: ConversionEvent, payload: TrackPayload = {}): void {
  try {
    sink?.(event, payload);
  } catch {
    // A broken pixel is the tracking feature's problem, never the player's.
  }
}
