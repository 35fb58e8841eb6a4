/** The login form's inputs: wired to their label and error, focused when the model asks (docs/product.md §5). */
import { useEffect, useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import type { LoginFormModel } from './model.ts';

export type InputOf = (name: string, props: InputHTMLAttributes<HTMLInputElement>) => ReactNode;

/** `input(name, props)`: `login-<name>`, `aria-invalid` and the error's id from the model's errors. */
export function useInputs(model: LoginFormModel): InputOf {
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});
  const focus = model.focus.value;
  useEffect(() => {
    if (focus) inputs.current[focus.field]?.focus();
  }, [focus]);
  const errors = model.errors.value;
  return (name, props) => (
    <input
      id={`login-${name}`}
      ref={(el) => void (inputs.current[name] = el)}
      part="input"
      aria-invalid={!!errors[name]}
      aria-describedby={errors[name] ? `login-${name}-error` : undefined}
      {...props}
    />
  );
}

/** The value props of a text input bound to a model signal. */
export const bound = (s: { value: string }) => ({
  value: s.value,
  onChange: (e: { target: { value: string } }) => void (s.value = e.target.value),
});
