/**
 * The one way elements talk to the page: `wps-*` CustomEvents that bubble out of the shadow root.
 * Returns false when a listener called preventDefault() on a cancelable event.
 */
export function emit<D>(host: Element, type: `wps-${string}`, detail?: D, cancelable = false): boolean {
  return host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable }));
}
