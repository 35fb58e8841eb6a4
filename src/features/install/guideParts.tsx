/**
 * Pieces the install guides share: numbered steps with the step keys per browser, and copying this
 * page's address (for opening it in another browser). One file, so the guides load it as one.
 */
import { useState } from 'react';
import { useT } from '../../ui/useT.ts';

/** Numbered steps of an install guide. */
export function Steps({ steps }: { steps: string[] }) {
  return (
    <ol className="steps" part="steps">
      {steps.map((step, i) => (
        <li key={i} part="step">
          <span className="step-number" aria-hidden="true">
            {i + 1}
          </span>
          <span>{step}</span>
        </li>
      ))}
    </ol>
  );
}

const keys = (...names: string[]) => names.map((name) => `install.step.${name}`);
/** Step keys per browser (docs/install.md, "Steps"); Firefox and Samsung Internet name their own menu items. */
export const androidSteps = (browser?: string) =>
  keys(
    'android_menu',
    browser === 'samsung' ? 'android_samsung_add' : browser === 'firefox' ? 'android_firefox_add' : 'android_install',
    'android_confirm',
  );
/**
 * iOS: Safari 16.4 to 18; Safari 26+ (Share may sit behind "…", "Add to Home Screen" behind "View
 * More"); the share sheet of Chrome (Share in the address bar) and of Edge, Firefox, Opera (Share in
 * their menu), whose user agents cannot tell 18 from 26, so the sheet step says "scroll or View More".
 */
export const iosSteps = (browser?: string, ios26?: boolean) =>
  browser !== 'safari'
    ? keys(browser === 'chrome' ? 'ios_chrome_share' : 'ios_menu_share', 'ios26_add', 'ios_confirm')
    : ios26
      ? keys('ios26_share', 'ios26_add', 'ios26_web_app')
      : keys('ios_share', 'ios_add', 'ios_confirm');

/** Copies this page's address; shows it selected when copying fails. */
export function CopyLink({ onCopied }: { onCopied?: () => void }) {
  const { t } = useT();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const href = location.href;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(href);
      setState('copied');
      onCopied?.();
    } catch {
      setState('failed'); // no clipboard here (old web views, permissions): the player copies by hand
    }
  };
  return (
    <>
      <div className="choices">
        <button type="button" className="choice" part="copy" onClick={() => void copy()}>
          {t('inapp.copy')}
        </button>
      </div>
      <p className="status" part="status" role="status">
        {state === 'copied' ? t('inapp.copied') : state === 'failed' ? t('inapp.copy_failed') : ''}
      </p>
      {state === 'failed' ? (
        <input
          className="link-box"
          part="link"
          readOnly
          value={href}
          aria-label={t('inapp.copy')}
          onFocus={(e) => e.currentTarget.select()}
        />
      ) : null}
    </>
  );
}
