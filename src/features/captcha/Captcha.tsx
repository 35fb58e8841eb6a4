/**
 * The captcha row (docs/product.md §2): a spinner text while loading, a 'Click to verify' button when waiting,
 * a check mark and 'Verified' on success, the error text and a Retry button on error. The state
 * text sits in a polite live region so screen readers hear each change.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../../ui/useT.ts';
import { captchaErrorText } from './rules.ts';
import type { CaptchaSession } from './session.ts';

export interface CaptchaProps {
  session: CaptchaSession;
}

export function Captcha({ session }: CaptchaProps) {
  useSignals();
  const { t, dir } = useT();
  const state = session.state.value;
  const error = session.error.value;
  const busy = session.verifying.value;
  return (
    <div className="captcha" part="captcha" role="group" aria-label={t('captcha.label')} data-state={state} dir={dir}>
      <span className="status" part="status" role="status" aria-live="polite" aria-atomic="true">
        {state === 'loading' ? (
          <>
            <span className="spinner" part="spinner" aria-hidden="true" />
            <span part="text">{t('captcha.loading')}</span>
          </>
        ) : null}
        {state === 'success' ? (
          <>
            <span className="check" part="check" aria-hidden="true">
              ✓
            </span>
            <span part="text">{t('captcha.verified')}</span>
          </>
        ) : null}
        {state === 'error' && error ? (
          <span className="message" part="text error">
            {captchaErrorText(error)}
          </span>
        ) : null}
      </span>
      {state === 'waiting' ? (
        <button
          type="button"
          className="verify"
          part="verify button"
          aria-busy={busy || undefined}
          onClick={() => {
            session.verify().catch(() => {
              // the outcome shows in the row and in the element's events
            });
          }}
        >
          {t('captcha.click_to_verify')}
        </button>
      ) : null}
      {state === 'error' ? (
        <button type="button" className="retry" part="retry button" onClick={() => session.retry()}>
          {t('retry')}
        </button>
      ) : null}
    </div>
  );
}
