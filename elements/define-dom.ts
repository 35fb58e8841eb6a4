/**
 * `defineElement` for an element that renders without a framework: the download bar, the one element
 * a merchant page often has alone (docs/performance.md, "The download bar's bytes"). The conventions
 * are define.tsx's, so the page sees the same element: an open shadow root with the layers, the shared
 * primitives and its own CSS adopted; the common `merchant` / `api-base` attributes and a property per
 * prop (a bare boolean attribute means true, a removed one resets it); properties set before the code
 * arrived kept; nothing rendered before the tag is on the page, and all of it removed when it leaves;
 * `:state(pending)` from construction when asked; no flash of untranslated keys; a guarded define().
 *
 * The view renders into the shadow root inside a signals effect, so it renders again when a signal it
 * reads changes (site status, language, strings) or a prop changes. It loads only the strings it
 * names: not the core catalogue.
 */
import { effect, signal } from '@preact/signals-core';
import { configure } from '../src/core/config/config.ts';
import { ensurePart, i18nRevision, partsReady, type CataloguePart } from '../src/core/i18n/i18n.ts';
import { LAYERS_CSS } from '../src/core/layers.ts';
import { adoptStyles } from '../src/ui/styles.ts';
import uiCss from '../src/ui/ui.css';
import { COMMON_PROPS, parseAttribute, setState, toKebab, type PropType } from './attributes.ts';

export { setState };

export interface DomElementSpec<P> {
  props: { [K in keyof P]: PropType };
  css?: string[];
  /** The strings the view uses (loaded with the element; it renders once they are in). */
  strings: CataloguePart[];
  /** As in define.tsx: whether the element starts with `:state(pending)`. */
  pending?: () => boolean;
  /** Once per connection, before the first render (first requests); returns what undoes it. */
  connected?: (host: HTMLElement) => (() => void) | void;
  /** Renders into `root`; runs again when a signal it read or a prop changes. */
  render: (props: P, host: HTMLElement, root: ShadowRoot) => void;
}

const PROPS = Symbol('props');
const STOP = Symbol('stop');

export function defineElement<P extends object>(tag: `wps-${string}`, spec: DomElementSpec<P>): CustomElementConstructor {
  const existing = customElements.get(tag);
  if (existing) return existing;

  const types: Record<string, PropType> = { ...COMMON_PROPS, ...(spec.props as Record<string, PropType>) };
  const attrToProp = Object.fromEntries(Object.keys(types).map((p) => [toKebab(p), p]));

  class WpsElement extends HTMLElement {
    static observedAttributes = Object.keys(attrToProp);
    [PROPS] = signal<Record<string, unknown>>({});
    [STOP]?: () => void;

    constructor() {
      super();
      adoptStyles(this.attachShadow({ mode: 'open' }), LAYERS_CSS, uiCss, ...(spec.css ?? []));
      if (spec.pending?.()) setState(this, 'pending', true);
    }

    connectedCallback() {
      // A property set on the tag before it was defined is an own property that hides the accessor.
      const early = this as unknown as Record<string, unknown>;
      for (const name of Object.keys(types)) {
        if (!Object.prototype.hasOwnProperty.call(early, name)) continue;
        const value = early[name];
        delete early[name];
        early[name] = value;
      }
      if (this[STOP]) return;
      const root = this.shadowRoot!;
      // Before the first request, so it goes to the right place.
      const { merchant, apiBase } = this[PROPS].peek() as { merchant?: string; apiBase?: string };
      if (merchant || apiBase) configure({ merchant, apiBase });
      for (const part of spec.strings) ensurePart(part).catch(() => {}); // offline: the next switch or mount tries again
      const undo = spec.connected?.(this);
      const stop = effect(() => {
        const props = this[PROPS].value;
        void i18nRevision.value; // strings arriving
        if (partsReady(spec.strings)) spec.render(props as P, this, root);
      });
      this[STOP] = () => {
        stop();
        undo?.();
        root.replaceChildren();
      };
    }

    disconnectedCallback() {
      this[STOP]?.();
      this[STOP] = undefined;
    }

    attributeChangedCallback(attr: string, _old: string | null, value: string | null) {
      const prop = attrToProp[attr];
      if (prop) this.set(prop, parseAttribute(types[prop], value));
    }

    private set(prop: string, value: unknown) {
      this[PROPS].value = { ...this[PROPS].peek(), [prop]: value };
      if (this.isConnected && (prop === 'merchant' || prop === 'apiBase')) configure({ [prop]: value as string | undefined });
    }
  }

  for (const prop of Object.keys(types)) {
    Object.defineProperty(WpsElement.prototype, prop, {
      configurable: true,
      get(this: WpsElement) {
        return this[PROPS].value[prop];
      },
      set(this: WpsElement, value: unknown) {
        this['set'](prop, value);
      },
    });
  }
  customElements.define(tag, WpsElement);
  return WpsElement;
}
