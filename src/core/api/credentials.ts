/**
 * The username and password formats of the contract (docs/product.md §5, docs/api.md
 * `register.*.invalid`, `password.invalid`), written once: the forms check them as the player types
 * and the reference server refuses what breaks them (server/signin). Plain code without valibot, so
 * the forms can import it (schemas.ts is types-only for the browser).
 */

/** A username: 4–16 of A-Z a-z 0-9 _. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{4,16}$/;

/** A password's length, in characters (UTF-16 code units, as the server counts them). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 32;

/** Each part of the password rule, met or not: the forms show one line per part. */
export interface PasswordChecks {
  /** PASSWORD_MIN to PASSWORD_MAX characters. */
  length: boolean;
  /** At least one letter A-Z or a-z. */
  letter: boolean;
  /** At least one digit 0-9. */
  digit: boolean;
}

export function passwordChecks(password: string): PasswordChecks {
  return {
    length: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX,
    letter: /[A-Za-z]/.test(password),
    digit: /[0-9]/.test(password),
  };
}

/** The whole rule: every part met. */
export function passwordValid(password: string): boolean {
  const c = passwordChecks(password);
  return c.length && c.letter && c.digit;
}
