/**
 * The demo's "Choose an account" sheet, in front of Google sign-in when the Auth emulator is on (demo
 * and test mode only; production keeps Google's popup): three made-up accounts and "Use another
 * account", where the player types an email. Choosing one hands the made-up account's Google ID
 * token (./demoAccounts.ts) to `onChoose`; the × button, Escape and the backdrop cancel.
 *
 * Its own chunk, loaded by ./useDemoAccountChooser.tsx when the player presses "Continue with
 * Google"; its CSS is adopted into whatever root it renders in.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useLayoutEffect, useRef, useState } from 'react';
import { siteStatus } from '../../../core/config/siteStatus.ts';
import { Field } from '../../../ui/Field.tsx';
import { Sheet } from '../../../ui/Sheet.tsx';
import { adoptStyles } from '../../../ui/styles.ts';
import { useT } from '../../../ui/useT.ts';
import fieldsCss from '../../../ui/fields.css';
import uiCss from '../../../ui/ui.css';
import css from './chooser.css';
import { DEMO_ACCOUNTS, EMAIL_MAX_LENGTH, accountOf, demoGoogleIdToken, emailProblem, type DemoAccount } from './demoAccounts.ts';

export interface DemoAccountChooserProps {
  /** The made-up account's Google ID token, for `signInWithCredential`. */
  onChoose(googleIdToken: string, account: DemoAccount): void;
  onCancel(): void;
}

/** One of the avatar colours of chooser.css (.c0–.c5), picked by the account's email. */
const colourOf = (email: string) => `c${[...email].reduce((n, c) => n + c.charCodeAt(0), 0) % 6}`;

function Avatar({ account }: { account: DemoAccount }) {
  return (
    <span className={`avatar ${colourOf(account.email)}`} aria-hidden="true">
      {(account.name.trim()[0] ?? account.email[0] ?? '?').toUpperCase()}
    </span>
  );
}

export function DemoAccountChooser({ onChoose, onCancel }: DemoAccountChooserProps) {
  useSignals();
  const { t, dir } = useT();
  const rootRef = useRef<HTMLDivElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const otherRef = useRef<HTMLButtonElement>(null);
  const [step, setStep] = useState<'list' | 'email'>('list');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const appName = siteStatus.value?.info.appName;

  useLayoutEffect(() => {
    const root = rootRef.current?.getRootNode();
    if (root instanceof ShadowRoot || root instanceof Document) adoptStyles(root, uiCss, fieldsCss, css);
  }, []);

  const choose = (account: DemoAccount) => onChoose(demoGoogleIdToken(account), account);

  const submit = () => {
    // The field itself: a key pressed right after typing may come before the state's re-render (preact).
    const typed = emailRef.current?.value ?? email;
    const problem = emailProblem(typed);
    if (problem) {
      setError(t(problem === 'required' ? 'required.email' : 'two_factor.error.email'));
      emailRef.current?.focus();
      return;
    }
    choose(accountOf(typed));
  };

  const showList = () => {
    setStep('list');
    setError(undefined);
    setTimeout(() => otherRef.current?.focus());
  };

  return (
    <div ref={rootRef} className="wps-demo-chooser">
      <Sheet
        open
        onClose={onCancel}
        title={t(step === 'list' ? 'identity.chooser.title' : 'identity.chooser.other')}
        closeLabel={t('two_factor.cancel')}
        initialFocus={step === 'email' ? emailRef : undefined}
        dir={dir}
      >
        <div className="chooser" part="chooser">
          <p className="chooser-sub" part="chooser-sub">
            {appName ? t('identity.chooser.subtitle', { app: appName }) : t('identity.google')}
          </p>
          {step === 'list' ? (
            <ul className="accounts" part="accounts">
              {DEMO_ACCOUNTS.map((account) => (
                <li key={account.email}>
                  <button type="button" className="account" part="account" onClick={() => choose(account)}>
                    <Avatar account={account} />
                    <span className="who">
                      <span className="name">{account.name}</span>
                      <span className="email" dir="ltr">
                        {account.email}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
              <li>
                <button
                  ref={otherRef}
                  type="button"
                  className="account other"
                  part="account other"
                  onClick={() => {
                    setStep('email');
                    // The field exists after this render; the sheet focuses it only when it opens.
                    setTimeout(() => emailRef.current?.focus());
                  }}
                >
                  <span className="avatar other-mark" aria-hidden="true">
                    <svg viewBox="0 0 24 24" focusable="false">
                      <path
                        fill="currentColor"
                        d="M15 12c2.2 0 4-1.8 4-4s-1.8-4-4-4-4 1.8-4 4 1.8 4 4 4zm-9-2V7H4v3H1v2h3v3h2v-3h3v-2H6zm9 4c-2.7 0-8 1.3-8 4v2h16v-2c0-2.7-5.3-4-8-4z"
                      />
                    </svg>
                  </span>
                  <span className="who">
                    <span className="name">{t('identity.chooser.other')}</span>
                  </span>
                </button>
              </li>
            </ul>
          ) : (
            // No <form>: the chooser renders inside the login form, and a nested form's submit would
            // reach it; Enter in the field is handled here instead.
            <div className="email-step" part="email-step">
              <Field id="demo-chooser-email" label={t('two_factor.email')} error={error}>
                <input
                  ref={emailRef}
                  id="demo-chooser-email"
                  part="input"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  dir="ltr"
                  maxLength={EMAIL_MAX_LENGTH}
                  value={email}
                  aria-invalid={error ? 'true' : undefined}
                  aria-describedby={error ? 'demo-chooser-email-error' : undefined}
                  onChange={(e) => {
                    setEmail(e.target.value);
                    if (error) setError(undefined);
                  }}
                  onKeyDown={(e) => {
                    if (e.key !== 'Enter') return;
                    e.preventDefault(); // not the login form's implicit submission
                    submit();
                  }}
                />
              </Field>
              <div className="email-actions">
                <button type="button" className="back" part="back" onClick={showList}>
                  {t('nav.back')}
                </button>
                <button type="button" className="wps-button next" part="next" onClick={submit}>
                  {t('identity.chooser.next')}
                </button>
              </div>
            </div>
          )}
          <p className="chooser-note" part="chooser-note">
            {t('identity.chooser.demo_note')}
          </p>
        </div>
      </Sheet>
    </div>
  );
}
