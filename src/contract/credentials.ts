/**
 * The username and password formats of the contract (docs/product.md §5, docs/api.md
 * `register.*.invalid`, `password.invalid`), written once: the forms check them as the player types
 * and the reference server refuses what breaks them (server/signin). Plain code without valibot, so
 * the forms can import it (schemas.ts is types-only for the browser).
 */
import { DEFAULT_PASSWORD } from './constants.ts';

/** A username: 4–16 of A-Z a-z 0-9 _. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{4,16}$/;

/** A password's length, in characters (UTF-16 code units, as the server counts them). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;

/** Each part of the password rule, met or not: the forms show one line per part. */
export interface PasswordChecks {
  /** PASSWORD_MIN to PASSWORD_MAX characters. */
  length: boolean;
  /** At least one letter A-Z or a-z. */
  letter: boolean;
  /** At least one digit 0-9. */
  digit: boolean;
  /** Not the published default password (any case): everybody knows it. */
  notDefault: boolean;
  /** Not the username (any case): the first guess of whoever knows the username. */
  notUsername: boolean;
}

/** `username`: the account's (or the one being registered); empty or absent when not known yet. */
export function passwordChecks(password: string, username = ''): PasswordChecks {
  const lower = password.toLowerCase();
  const name = username.trim().toLowerCase();
  return {
    length: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX,
    letter: /[A-Za-z]/.test(password),
    digit: /[0-9]/.test(password),
    notDefault: lower !== DEFAULT_PASSWORD.toLowerCase(),
    notUsername: name === '' || lower !== name,
  };
}

/** The whole rule: every part met. */
export function passwordValid(password: string, username?: string): boolean {
  return Object.values(passwordChecks(password, username)).every(Boolean);
}

/**
 * What a refusal names: `format` (length, letter, digit), else `default`, else `username`; undefined
 * when the password meets the rule.
 */
export type PasswordProblem = 'format' | 'default' | 'username';

export function passwordProblem(password: string, username?: string): PasswordProblem | undefined {
  const c = passwordChecks(password, username);
  if (!c.length || !c.letter || !c.digit) return 'format';
  if (!c.notDefault) return 'default';
  if (!c.notUsername) return 'username';
  return undefined;
}
