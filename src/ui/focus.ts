/** Focus helpers that see through shadow roots. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function focusableIn(root: Element): HTMLElement[] {
  // tabIndex < 0: out of the Tab sequence (for example the inactive tabs of a roving-tabindex tablist).
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('hidden') && el.tabIndex >= 0);
}

/** The element that really has focus, descending into open shadow roots. */
export function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Keeps Tab and Shift+Tab inside `container` (modal dialogs and sheets). */
export function trapTab(e: { key: string; shiftKey: boolean; preventDefault(): void }, container: Element | null) {
  if (e.key !== 'Tab' || !container) return;
  const items = focusableIn(container);
  if (items.length === 0) return e.preventDefault();
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = deepActiveElement();
  if (e.shiftKey && (active === first || active === container)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && active === last) {
    e.preventDefault();
    first.focus();
  }
}
