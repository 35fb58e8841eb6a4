/**
 * The password rule under a new password's field (docs/product.md §5): one line per part of the rule
 * (length, a letter, a digit), each turning from unmet to met as the player types, and a line for
 * "not the default password" or "not the username" only while the password is one of them. The
 * state is a mark of its own shape and a word for screen readers, never colour alone; the input
 * points at the list with aria-describedby. The rule itself is the contract's
 * (src/contract/credentials.ts), the one the server checks.
 */
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordChecks,
  passwordProblem,
  passwordValid,
  type PasswordChecks,
} from '../../contract/credentials.ts';
import { t } from '../../core/i18n/i18n.ts';
import { useT } from '../../ui/useT.ts';

/** Always shown. */
const PARTS: readonly (keyof PasswordChecks)[] = ['length', 'letter', 'digit'];
/** Shown only while unmet: as a standing line they would read oddly ("not the default password"). */
const REFUSALS: readonly (keyof PasswordChecks)[] = ['notDefault', 'notUsername'];

export { passwordValid };

/** The numbers the rule's texts name (`password_rule.*`: `{{min}}`, `{{max}}`). */
export const RULE_VARS = { min: PASSWORD_MIN, max: PASSWORD_MAX };

/** Each line's text (literal keys: test/i18n/keys.test.ts finds them). */
const LINE: Record<keyof PasswordChecks, () => string> = {
  length: () => t('password_rule.length', RULE_VARS),
  letter: () => t('password_rule.letter'),
  digit: () => t('password_rule.digit'),
  notDefault: () => t('password_rule.not_default'),
  notUsername: () => t('password_rule.not_username'),
};

/** Why a field refuses the password (the first part it breaks), or undefined when it meets the rule. */
export function passwordRuleError(password: string, username?: string): string | undefined {
  switch (passwordProblem(password, username)) {
    case 'format':
      return t('password_rule.invalid', RULE_VARS);
    case 'default':
      return t('password_rule.is_default');
    case 'username':
      return t('password_rule.is_username');
    default:
      return undefined;
  }
}

/** Whether a field's error is one of the rule's own (cleared once the rule is met). */
export const isRuleError = (error: string | undefined) =>
  error !== undefined &&
  [t('password_rule.invalid', RULE_VARS), t('password_rule.is_default'), t('password_rule.is_username')].includes(error);

export function PasswordRule({ id, password, username }: { id: string; password: string; username?: string }) {
  useT(); // renders again in another language
  const checks = passwordChecks(password, username);
  const shown = [...PARTS, ...REFUSALS.filter((name) => !checks[name])];
  return (
    <ul id={id} className="password-rule" part="password-rule">
      {shown.map((name) => {
        const met = checks[name];
        return (
          <li key={name} className={met ? 'met' : 'unmet'} part={met ? 'rule rule-met' : 'rule rule-unmet'} data-rule={name}>
            <svg className="mark" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              {met ? (
                <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              ) : (
                <circle cx="8" cy="8" r="5" fill="none" stroke="currentColor" strokeWidth="1.6" />
              )}
            </svg>
            <span>{LINE[name]()}</span>
            <span className="wps-visually-hidden"> {t(met ? 'password_rule.met' : 'password_rule.unmet')}</span>
          </li>
        );
      })}
    </ul>
  );
}
