/**
 * The one layering of everything that floats, lowest first (docs/product.md §2, "Layers"): page
 * content < floating buttons < toasts < sheets and modals < the spinner < blocking status screens.
 * Every element, the host page, the notices, the spinner and the mini-game script take their
 * z-index from here, as `var(--_z-<layer>)` in CSS (the custom properties below) or this table in
 * script. A merchant page may move a layer with `--wps-z-<layer>` (docs/elements.md, "Layers").
 *
 * The values sit near the top of the 32-bit range so that, on a merchant page, the floating buttons
 * stay above the merchant's own content (sticky headers, its own widgets) and our dialogs above
 * them; on /m they only need to keep their order.
 *
 * The table is layers.json, so the build's stylesheet of /m (rollup.config.mjs) reads the same values.
 */
import layers from './layers.json';

export const LAYERS: Readonly<Record<Layer, number>> = layers;

/**
 * float: the chat button, the mini-game ball. toast: what tells something without stopping the
 * player (the network notice). modal: sheets and dialogs (install offers, popups, notices, the
 * two-factor modal). spinner: the busy spinner over a dialog waiting for an answer. status: the
 * blocking status screens (maintenance, access denied, domain error).
 */
export type Layer = 'float' | 'toast' | 'modal' | 'spinner' | 'status';

/** The layer tokens as CSS custom properties, adopted first into every element and the /m document. */
export const LAYERS_CSS = `:host,:root,.wps-root{${Object.entries(LAYERS)
  .map(([name, z]) => `--_z-${name}:var(--wps-z-${name},${z})`)
  .join(';')}}`;
