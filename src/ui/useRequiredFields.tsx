/**
 * Form fields with the "required" rule of docs/product.md §5: an empty (or blank) field is highlighted
 * (`aria-invalid`), the first one is focused, its error is named, and the caller sends nothing.
 */
import { useRef, useState, type InputHTMLAttributes } from 'react';

/**
 * [name, value, message] of a field that must not be empty. The message is the field's own sentence
 * (`t('required.username')`), never a template glued to a label: "Enter your username" reads naturally
 * in every language, "Please enter your Confirm new password" did not.
 */
export type RequiredField = [name: string, value: string, message: string];

export function useRequiredFields(idPrefix: string) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});

  const focus = (name: string) => inputs.current[name]?.focus();

  /** True when every field has a value; otherwise marks the empty ones and focuses the first. */
  const check = (fields: RequiredField[]) => {
    const missing = Object.fromEntries(fields.filter(([, v]) => !v.trim()).map(([name, , message]) => [name, message]));
    setErrors(missing);
    const first = fields.find(([name]) => missing[name]);
    if (first) focus(first[0]);
    return !first;
  };

  /** An input wired to its label (`<idPrefix>-<name>`), its error and, without an error, `describedBy`. */
  const input = (name: string, props: InputHTMLAttributes<HTMLInputElement>, describedBy?: string) => (
    <input
      id={`${idPrefix}-${name}`}
      ref={(el) => void (inputs.current[name] = el)}
      part="input"
      aria-invalid={!!errors[name]}
      aria-describedby={errors[name] ? `${idPrefix}-${name}-error` : describedBy}
      {...props}
    />
  );

  return { errors, setErrors, check, input, focus };
}
