/**
 * A form field: its label, the control(s), and below them the error (when there is one) or the
 * hint. The error's id is `<id>-error`, the hint's `<id>-hint`, for the input's aria-describedby.
 */
import { useEffect, type ReactNode } from 'react';
import { watchFormsInUse } from '../core/overlay/forms.ts';

export interface FieldProps {
  /** The id of the labelled input. */
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** Extra part names (e.g. `field-email`). */
  part?: string;
  children: ReactNode;
}

export function Field({ id, label, error, hint, part, children }: FieldProps) {
  // A form on the page: while the player fills it, nothing opens by itself over it (docs/product.md §2).
  useEffect(watchFormsInUse, []);
  return (
    <div className={error ? 'field invalid' : 'field'} part={part ? `field ${part}` : 'field'}>
      <label htmlFor={id} part="label">
        {label}
      </label>
      {children}
      {error ? (
        <span id={`${id}-error`} className="error" part="field-error">
          {error}
        </span>
      ) : hint ? (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
