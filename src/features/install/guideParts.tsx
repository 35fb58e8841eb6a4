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
export const IOS_SAFARI_STEPS = ['install.step.ios_share', 'install.step.ios_add', 'install.step.ios_confirm'];
export const IOS_CHROME_STEPS = ['install.step.ios_chrome_share', 'install.step.ios_add', 'install.step.ios_confirm'];
/** Edge, Firefox and Opera on iOS: Share is in their menu. */
export const IOS_MENU_STEPS = ['install.step.ios_menu_share', 'install.step.ios_add', 'install.step.ios_confirm'];

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
