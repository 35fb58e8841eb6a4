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

/** Step keys per browser (docs/install.md, "Steps"). */
export const ANDROID_STEPS = ['install.step.android_menu', 'install.step.android_install', 'install.step.android_confirm'];
/** Firefox: "Add app to Home screen" in its menu; Samsung Internet: ☰ in the bottom bar, "Add page to". */
export const ANDROID_FIREFOX_STEPS = [
  'install.step.android_menu',
  'install.step.android_firefox_add',
  'install.step.android_confirm',
];
export const ANDROID_SAMSUNG_STEPS = [
  'install.step.android_samsung_menu',
  'install.step.android_samsung_add',
  'install.step.android_confirm',
];
/** Safari on iOS 16.4 to 18. */
export const IOS_SAFARI_STEPS = ['install.step.ios_share', 'install.step.ios_add', 'install.step.ios_confirm'];
/** Safari on iOS 26+: Share may sit behind "…" (compact tab bar), "Add to Home Screen" behind "View More". */
export const IOS26_SAFARI_STEPS = [
  'install.step.ios26_share',
  'install.step.ios26_more',
  'install.step.ios26_add',
  'install.step.ios26_web_app',
];
/** The share sheet of other iOS browsers: no Version/ tells 18 from 26, so the "View More" step says "or scroll". */
const IOS_SHEET_STEPS = ['install.step.ios26_more', 'install.step.ios26_add', 'install.step.ios_confirm'];
export const IOS_CHROME_STEPS = ['install.step.ios_chrome_share', ...IOS_SHEET_STEPS];
/** Edge, Firefox and Opera on iOS: Share is in their menu. */
export const IOS_MENU_STEPS = ['install.step.ios_menu_share', ...IOS_SHEET_STEPS];

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
