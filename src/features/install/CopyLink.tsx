/** Copies this page's address (for opening it in another browser); shows it when copying fails. */
import { useState } from 'react';
import { useT } from '../../ui/useT.ts';

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
