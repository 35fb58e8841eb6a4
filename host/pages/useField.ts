/** A form field's value and its "required" error, shown after a submit attempt. */
import { useState } from 'react';

export function useField() {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const empty = value.trim() === '';
  return { value, setValue, invalid: touched && empty, empty, touch: () => setTouched(true) };
}
