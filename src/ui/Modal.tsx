/**
 * Accessible modal dialog: focus moves in on open, Tab stays inside, Escape closes unless forced,
 * and focus returns to where it was on close (docs/architecture.md, Elements).
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { deepActiveElement, focusableIn, trapTab } from './focus.ts';

export interface ModalProps {
  titleId?: string;
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
  /** Escape and the backdrop do not close it. */
  forced?: boolean;
  /**
   * Focus lands on the dialog itself rather than its first control: for popups the player reads
   * first (announcements, images), so no button wears a focus ring before anything was touched;
   * Tab then reaches the first control.
   */
  focusDialog?: boolean;
  onClose?: () => void;
  dir?: 'ltr' | 'rtl';
  /** `status`: a blocking status screen's dialog (the domain error), above every other dialog (src/core/layers.ts). */
  layer?: 'modal' | 'status';
  children: ReactNode;
}

export function Modal({ titleId, describedBy, role = 'dialog', forced, focusDialog, onClose, dir, layer, children }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const fallbackId = useId();

  useEffect(() => {
    const previous = deepActiveElement() as HTMLElement | null;
    const dialog = ref.current;
    // A button marked data-autofocus (the safe choice of a question) goes first, else the first one.
    const first = () => dialog!.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(dialog!)[0];
    if (dialog) ((focusDialog ? undefined : first()) ?? dialog).focus();
    return () => {
      if (previous && previous.isConnected) previous.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the dialog opens
  }, []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && !forced) {
      e.stopPropagation();
      onClose?.();
      return;
    }
    trapTab(e, ref.current);
  };

  return (
    // A tap beside the dialog closes it; keyboards close it with Escape (onKeyDown below).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      className={layer === 'status' ? 'wps-backdrop wps-layer-status' : 'wps-backdrop'}
      part="backdrop"
      onClick={() => !forced && onClose?.()}
    >
      <div
        ref={ref}
        className="wps-dialog"
        part="dialog"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId ?? fallbackId}
        aria-describedby={describedBy}
        tabIndex={-1}
        dir={dir}
        onKeyDown={onKeyDown}
        onClick={(e) => e.stopPropagation()}
      >
        {children}
      </div>
    </div>
  );
}
