/** A form in use blocks what opens by itself (docs/product.md §2); started by the form fields (src/ui/Field.tsx). */
import { blockOverlays } from './attention.ts';

let watching = false;
/** Focus inside a form blocks what opens by itself until it leaves every form (started by the form fields). */
export function watchFormsInUse(): void {
  if (watching) return;
  watching = true;
  let lift: (() => void) | undefined;
  addEventListener('focusin', (e) => {
    if (e.composedPath().some((n) => n instanceof HTMLFormElement)) lift ??= blockOverlays();
  });
  addEventListener('focusout', () =>
    // After the move: focus going to another field of a form keeps the block.
    setTimeout(() => {
      let el = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      if (el?.closest('form')) return;
      lift?.();
      lift = undefined;
    }),
  );
}
