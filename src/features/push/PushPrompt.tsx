/**
 * The soft push prompt (docs/push.md): our own question first; the browser's permission dialog only
 * after "Turn on", from that tap. Shown to a signed-in player when the merchant has push, the browser
 * supports it, the permission is still undecided and the prompt is due (prompt.ts), or when the page
 * opens it; it takes its turn in the overlay queue.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useState } from 'react';
import { siteStatus } from '../../core/config/siteStatus.ts';
import { language } from '../../core/i18n/i18n.ts';
import { OVERLAY_PRIORITY } from '../../core/overlay/queue.ts';
import { token } from '../../core/session/sessionInfo.ts';
import { Modal } from '../../ui/Modal.tsx';
import { useOverlayTurn } from '../../ui/useOverlayTurn.ts';
import { useT } from '../../ui/useT.ts';
import { currentSupportEnv, hasPushConfig, pushConfig, PushError, unsupportedReason, type PushErrorCode } from './config.ts';
import { PROMPT_DELAY_MS, pageViewCount, promptDue, recordDismissal } from './prompt.ts';

export interface PushPromptHandlers {
  onShown?: () => void;
  /** The player said yes to our question (the browser's dialog comes next). */
  onAccept?: () => void;
  onDismiss?: () => void;
  onGranted?: (token: string) => void;
  /** permission-blocked or permission-default. */
  onDenied?: (code: PushErrorCode) => void;
  onError?: (code: PushErrorCode) => void;
}

export interface PushPromptProps extends PushPromptHandlers {
  /** The page opens it now: no page-view rule or back-off (support and permission still apply). */
  open?: boolean;
  /** Tests: the clock. */
  now?: () => number;
}

type Step = { kind: 'ask' } | { kind: 'working' } | { kind: 'on' } | { kind: 'failed'; code: PushErrorCode };

const permissionNow = (): NotificationPermission => (typeof Notification === 'undefined' ? 'denied' : Notification.permission);

export function PushPrompt({
  open,
  now = Date.now,
  onShown,
  onAccept,
  onDismiss,
  onGranted,
  onDenied,
  onError,
}: PushPromptProps) {
  useSignals();
  const { t, dir } = useT();
  const titleId = useId();
  const textId = useId();
  const [due, setDue] = useState(false);
  const [closed, setClosed] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'ask' });
  const configured = hasPushConfig(siteStatus.value);
  const signedIn = !!token.value;
  const reason = unsupportedReason(currentSupportEnv());

  // Asked by the page: iOS outside the installed app and unsupported browsers get told why.
  // Once the player answered, the prompt stays to show the outcome (the permission is no longer undecided).
  const [asked, setAsked] = useState(false);
  const eligible = configured && signedIn && (open || asked || (!reason && permissionNow() === 'default'));
  // Read so a page change (a new page view) checks again; the count itself is read from storage.
  const views = pageViewCount.value;
  useEffect(() => {
    if (open) {
      setClosed(false);
      setStep(reason ? { kind: 'failed', code: reason } : { kind: 'ask' });
      return setDue(true);
    }
    if (asked) return;
    if (!eligible || !promptDue(now())) return setDue(false);
    const timer = setTimeout(() => setDue(true), PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the clock is fixed per mount
  }, [eligible, open, reason, views]);

  const turn = useOverlayTurn('push-prompt', OVERLAY_PRIORITY.pushPrompt, eligible && due && !closed, { auto: !open && !asked });
  useEffect(() => {
    if (turn) onShown?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per showing
  }, [turn]);
  if (!turn) return null;

  const close = () => setClosed(true);
  const notNow = () => {
    recordDismissal(now());
    onDismiss?.();
    close();
  };
  const fail = (code: PushErrorCode) => {
    setStep({ kind: 'failed', code });
    if (code === 'permission-blocked' || code === 'permission-default') onDenied?.(code);
    else onError?.(code);
  };
  const turnOn = () => {
    setAsked(true);
    onAccept?.();
    setStep({ kind: 'working' });
    // Asked in this tap: browsers (iOS always) only show their dialog from a player's gesture.
    const asked =
      typeof Notification === 'undefined' ? Promise.resolve<NotificationPermission>('denied') : Notification.requestPermission();
    asked
      .then(async (permission) => {
        if (permission === 'denied') return fail('permission-blocked');
        if (permission !== 'granted') {
          recordDismissal(now());
          return fail('permission-default');
        }
        const { registerPush } = await import('./model.ts');
        const pushToken = await registerPush(pushConfig(siteStatus.value), language.peek());
        setStep({ kind: 'on' });
        onGranted?.(pushToken);
      })
      .catch((e: unknown) => fail(e instanceof PushError ? e.code : 'token-subscribe-failed'));
  };

  const app = siteStatus.value?.info.appName ?? '';
  const text =
    step.kind === 'failed'
      ? t(`push.error.${step.code}`, { app })
      : step.kind === 'on'
        ? t('push.on', { app })
        : t('push.text', { app });
  return (
    <Modal titleId={titleId} describedBy={textId} onClose={step.kind === 'ask' ? notNow : close} dir={dir}>
      <div className="push-icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
          <path
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
            fill="currentColor"
          />
        </svg>
      </div>
      <h2 id={titleId} part="title">
        {step.kind === 'on' ? t('push.on_title') : t('push.title')}
      </h2>
      <p id={textId} part="message" role={step.kind === 'ask' ? undefined : 'status'}>
        {text}
      </p>
      <div className="wps-actions" part="actions">
        {step.kind === 'ask' || step.kind === 'working' ? (
          <>
            <button type="button" part="later" onClick={notNow} disabled={step.kind === 'working'}>
              {t('push.later')}
            </button>
            <button
              type="button"
              className="primary"
              part="allow"
              onClick={turnOn}
              aria-busy={step.kind === 'working' || undefined}
              disabled={step.kind === 'working'}
            >
              {step.kind === 'working' ? t('push.working') : t('push.allow')}
            </button>
          </>
        ) : (
          <button type="button" className="primary" part="done" onClick={close}>
            {t('push.done')}
          </button>
        )}
      </div>
    </Modal>
  );
}
