/**
 * The password rule under a new password's field (docs/product.md §5): one line per part of the rule
 * (length, a letter, a digit), each turning from unmet to met as the player types. The state is a
 * mark of its own shape and a word for screen readers, never colour alone; the input points at the
 * list with aria-describedby. The rule itself is the contract's (src/core/api/credentials.ts), the
 * one the server checks.
 */
import { PASSWORD_MAX, PASSWORD_MIN, passwordChecks, passwordValid, type PasswordChecks } from '../../core/api/credentials.ts';
import { useT } from '../../ui/useT.ts';

const PARTS: readonly (keyof PasswordChecks)[] = ['length', 'letter', 'digit'];

export { passwordValid };

/** The numbers the rule's texts name (`password_rule.*`: `{{min}}`, `{{max}}`). */
export const RULE_VARS = { min: PASSWORD_MIN, max: PASSWORD_MAX };

export function PasswordRule({ id, password }: { id: string; password: string }) {
  const { t } = useT();
  const checks = passwordChecks(password);
  return (
    <ul id={id} className="password-rule" part="password-rule">
      {PARTS.map((name) => {
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
            <span>{t(`password_rule.${name}`, RULE_VARS)}</span>
            <span className="wps-visually-hidden"> {t(met ? 'password_rule.met' : 'password_rule.unmet')}</span>
          </li>
        );
      })}
    </ul>
  );
}
