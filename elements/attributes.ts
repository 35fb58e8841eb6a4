/**
 * What every element shares whatever renders it (define.tsx on React or preact/compat, define-dom.ts
 * without a framework): the prop types, the common attributes, how an attribute becomes a property
 * value, and custom states.
 */
export type PropType = 'string' | 'number' | 'boolean' | 'json';

/** Attributes every element understands. */
export const COMMON_PROPS = { merchant: 'string', apiBase: 'string' } as const;

export const toKebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);

/** An attribute's value as its property: a bare boolean attribute means true, a removed one resets it. */
export function parseAttribute(type: PropType | undefined, value: string | null): unknown {
  if (value === null) return type === 'boolean' ? false : undefined;
  if (type === 'boolean') return value === '' || /^[ty1-9]/i.test(value);
  if (type === 'number') return Number.parseFloat(value);
  if (type === 'json') {
    try {
      return JSON.parse(value);
    } catch {
      return undefined; // a broken attribute must not break the element
    }
  }
  return value;
}

const internals = new WeakMap<HTMLElement, ElementInternals>();

/**
 * Sets or clears a custom state of an element (`wps-x:state(name)` in CSS). Browsers without custom
 * states (Chrome before 125, Safari before 17.4) ignore it, and their CSS never matches.
 */
export function setState(host: HTMLElement, name: string, on: boolean) {
  try {
    let i = internals.get(host);
    if (!i) internals.set(host, (i = host.attachInternals()));
    if (on) i.states.add(name);
    else i.states.delete(name);
  } catch {
    // No custom states here (older browsers want a '--' name): the place is simply not kept.
  }
}
