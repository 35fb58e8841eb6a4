/**
 * Shared element conventions (docs/architecture.md, Elements): r2wc with an open shadow root, CSS adopted as
 * constructable stylesheets, attribute handling that r2wc lacks (a bare boolean attribute means
 * true, a removed attribute resets its property), the common `merchant` / `api-base` attributes,
 * i18n start-up, and a guarded define().
 */
import r2wc from '@r2wc/react-to-web-component';
import { startTransition, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { configure } from '../src/core/config/config.ts';
import { coreLoaded, ensureI18n, ensurePart, partsReady, type CataloguePart } from '../src/core/i18n/i18n.ts';
import { LAYERS_CSS } from '../src/core/layers.ts';
import { adoptStyles } from '../src/ui/styles.ts';
import { useT } from '../src/ui/useT.ts';
import uiCss from '../src/ui/ui.css';
import { COMMON_PROPS, parseAttribute, setState, toKebab, type PropType } from './attributes.ts';

export { setState };

/** r2wc keeps its state under these registered symbols. */
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');
const CONNECTED = Symbol.for('r2wc.connected');

interface R2wcInternals {
  [PROPS]: Record<string, unknown>;
  [RENDER](): void;
  [CONNECTED]: boolean;
  connectedCallback(): void;
}

export interface ElementSpec<P> {
  props: { [K in keyof P]: PropType };
  css?: string[];
  /** Feature strings beyond the core catalogue, loaded with the element (it renders once they are in). */
  strings?: CataloguePart[];
  render: (props: P, host: HTMLElement) => ReactNode;
  /** Methods and read-only properties of the element (r2wc exposes only props), as property descriptors. */
  methods?: PropertyDescriptorMap & ThisType<HTMLElement>;
  /**
   * Whether the element starts with the custom state `pending` (`:state(pending)`): it may still
   * take a place on the page that it has not rendered yet, so its CSS or the page keeps that place
   * and nothing shifts when it arrives. Its render clears the state with `setState`.
   */
  pending?: () => boolean;
}

/** Rendered with an element's content: clears `:state(pending)` in the commit that first shows it. */
export function Shown({ host }: { host: HTMLElement }) {
  useLayoutEffect(() => setState(host, 'pending', false), [host]);
  return null;
}

export function defineElement<P extends object>(tag: `wps-${string}`, spec: ElementSpec<P>): CustomElementConstructor {
  const existing = customElements.get(tag);
  if (existing) return existing;

  const types: Record<string, PropType> = { ...COMMON_PROPS, ...(spec.props as Record<string, PropType>) };
  const attrToProp = Object.fromEntries(Object.keys(types).map((p) => [toKebab(p), p]));

  function Root(props: P & { merchant?: string; apiBase?: string; container: ShadowRoot }) {
    const { container, merchant, apiBase } = props;
    // Before the first render of children, so their first request goes to the right place.
    if (merchant || apiBase) configure({ merchant, apiBase });
    useEffect(() => {
      void ensureI18n();
      // Offline for a moment: the next language switch or mount tries again.
      for (const part of spec.strings ?? []) ensurePart(part).catch(() => {});
    }, []);
    // No flash of untranslated keys (the core catalogue too: the download bar may have started
    // i18n on this page without it).
    if (!useT().ready || !coreLoaded() || (spec.strings && !partsReady(spec.strings))) return null;
    return <>{spec.render(props, container.host as HTMLElement)}</>;
  }

  // Settable names a page may have assigned before the element's code arrived (lazy loading).
  const settable = [
    ...Object.keys(types),
    ...Object.entries(spec.methods ?? {})
      .filter(([, d]) => d.set || d.writable)
      .map(([name]) => name),
  ];

  const Base = r2wc(Root as never, { shadow: 'open', props: types }) as unknown as { new (): HTMLElement & R2wcInternals };

  class WpsElement extends Base {
    constructor() {
      super();
      // r2wc starts out "connected" and would render a tag built by innerHTML before it is on the
      // page; effects (focus, timers, first requests) then run on a detached node. Wait for it.
      this[CONNECTED] = false;
      adoptStyles(this.shadowRoot!, LAYERS_CSS, uiCss, ...(spec.css ?? []));
      // With its styles, so the place is kept from the first frame the element is defined in.
      if (spec.pending?.()) setState(this, 'pending', true);
    }

    // Renders as a transition, so React works in slices and a page with several elements never
    // holds a phone's main thread for long (with preact/compat it renders at once).
    override [RENDER]() {
      startTransition(() => super[RENDER]());
    }

    override connectedCallback() {
      // A property set on the tag before it was defined is an own property that hides the
      // element's accessor: move it onto the accessor, once.
      const early = this as unknown as Record<string, unknown>;
      for (const name of settable) {
        if (!Object.prototype.hasOwnProperty.call(early, name)) continue;
        const value = early[name];
        delete early[name];
        early[name] = value;
      }
      super.connectedCallback();
    }

    attributeChangedCallback(attr: string, _old: string | null, value: string | null) {
      const prop = attrToProp[attr];
      if (!prop) return;
      this[PROPS][prop] = parseAttribute(types[prop], value);
      this[RENDER]();
    }
  }

  if (spec.methods) Object.defineProperties(WpsElement.prototype, spec.methods);
  customElements.define(tag, WpsElement);
  return WpsElement;
}
