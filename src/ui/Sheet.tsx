/**
 * Accessible slide-up sheet (a modal dialog anchored to the bottom of the screen): focus moves in
 * on open, Tab stays inside, Escape and the backdrop close it, and focus returns on close to
 * `returnFocus` (or to where it was before). It slides in and out in 250 ms (docs/product.md §9 transitions),
 * or without motion when the user prefers reduced motion. While it slides out it is inert.
 *
 * Needs the `.wps-sheet*` rules of ui.css in the same document or shadow root.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { deepActiveElement, focusableIn, trapTab } from './focus.ts';

/** Slide duration (docs/product.md §9: transitions 250 ms); keep in step with ui.css. */
export const SHEET_TRANSITION_MS = 250;

export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export interface SheetProps {
  open: boolean;
  onClose: () => void;
  /** Visible title; it names the dialog. */
  title: ReactNode;
  /** Accessible name of the close button in the header; no button without it. */
  closeLabel?: string;
  /** Focused on open; default: the first focusable node of the sheet. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Focused on close; default: whatever had focus before the sheet opened. */
  returnFocus?: RefObject<HTMLElement | null>;
  dir?: 'ltr' | 'rtl';
  children: ReactNode;
}

export function Sheet({ open, onClose, title, closeLabel, initialFocus, returnFocus, dir, children }: SheetProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // Stays rendered while it slides out.
  const [shown, setShown] = useState(open);
  if (open && !shown) setShown(true);

  useEffect(() => {
    if (open || !shown) return;
    if (prefersReducedMotion()) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(false), SHEET_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [open, shown]);

  // Where focus was: read before any child moves focus in its own effects.
  useLayoutEffect(() => {
    if (!open) return;
    const previous = deepActiveElement() as HTMLElement | null;
    return () => {
      // Read when the sheet closes, on purpose: the opener may have been re-rendered meanwhile.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      const back = returnFocus?.current ?? previous;
      if (back && back.isConnected) back.focus();
    };
    // Once per opening; the refs are read when it happens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // Focus moves in, unless a child already took it (children's effects run first).
  useEffect(() => {
    const sheet = ref.current;
    if (!open || !sheet || sheet.contains(deepActiveElement())) return;
    (initialFocus?.current ?? focusableIn(sheet)[0] ?? sheet).focus();
    // Once per opening: a new initialFocus object on a re-render must not move focus again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!shown) return null;
  const closing = !open;

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
      return;
    }
    trapTab(e, ref.current);
  };

  return (
    // A tap beside the sheet closes it; keyboards close it with Escape (onKeyDown on the dialog).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      className="wps-sheet-backdrop"
      part="backdrop"
      data-state={closing ? 'closing' : 'open'}
      inert={closing}
      onClick={(e) => {
        if (e.target === e.currentTarget && !closing) onClose();
      }}
    >
      {/* The dialog handles Escape and keeps Tab inside (the modal rules). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={ref}
        className="wps-sheet"
        part="sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        dir={dir}
        onKeyDown={onKeyDown}
      >
        <div className="wps-sheet-header" part="sheet-header">
          <h2 id={titleId} className="wps-sheet-title" part="title">
            {title}
          </h2>
          {closeLabel ? (
            <button type="button" className="wps-sheet-close" part="close" aria-label={closeLabel} onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        {children}
      </div>
    </div>
  );
}
