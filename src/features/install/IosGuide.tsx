/**
 * The iOS ways onto the home screen (docs/product.md §2): the add-to-home-screen guide (iOS 11 or
 * lower, 12.0 to 12.1), the download tip alert (iOS 17), the footer guide (other Safari versions),
 * the share-sheet steps of Chrome, Edge, Firefox and Opera (iOS 16.4+), and "open in Safari" for
 * any other iOS browser. Each says that installing also unlocks notifications (iOS 16.4+ sends
 * web push only to an installed app).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { siteStatus } from '../../core/config/siteStatus.ts';
import { currentUA } from '../../core/env/env.ts';
import { OVERLAY_PRIORITY } from '../../core/overlay/queue.ts';
import { Modal } from '../../ui/Modal.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { deepActiveElement } from '../../ui/focus.ts';
import { useT } from '../../ui/useT.ts';
import { currentOffer, forcedOffer, platformOf, type IosMode } from './model.ts';
import { IOS_CHROME_STEPS, IOS_MENU_STEPS, IOS_SAFARI_STEPS, Steps, CopyLink } from './guideParts.tsx';
import { useInstallTurn, type FunnelHandlers } from './useInstallTurn.ts';

export interface IosGuideProps extends FunnelHandlers {
  delay: number;
  open: boolean;
  /** Forces a mode (the page's own choice, the demo); default: this phone's. */
  mode?: IosMode;
  onClosed?: () => void;
}

export function IosGuide({ delay, open, mode: forcedMode, onClosed, ...funnel }: IosGuideProps) {
  useSignals();
  const { t, dir } = useT();
  const titleId = useId();
  const offer = open ? forcedOffer() : currentOffer.value;
  const ios =
    offer?.kind === 'ios'
      ? offer
      : open
        ? { kind: 'ios' as const, mode: 'guide' as const, browser: 'safari' as const }
        : undefined;
  const mode = ios ? (open && forcedMode ? forcedMode : ios.mode) : undefined;
  const turn = useInstallTurn({
    name: 'ios-guide',
    priority: OVERLAY_PRIORITY.install,
    detail: mode ? { platform: platformOf(currentUA()), path: `ios-${mode}` } : undefined,
    delay,
    forced: open,
    ...funnel,
  });
  const app = siteStatus.value?.info.appName ?? '';
  const dismiss = () => {
    turn.dismiss();
    onClosed?.();
  };
  const accept = () => {
    turn.accept();
    onClosed?.();
  };

  if (mode === 'tip') {
    if (!turn.shown) return null;
    return (
      <Modal role="alertdialog" titleId={titleId} onClose={dismiss} dir={dir}>
        <h2 id={titleId} part="title">
          {t('install.tip_title')}
        </h2>
        <p part="message">
          {t('install.tip_text', { app })}
          {'\n'}
          {t('install.ios_push', { app })}
        </p>
        <div className="wps-actions">
          <button type="button" className="primary" part="got-it" onClick={accept}>
            {t('install.got_it')}
          </button>
        </div>
      </Modal>
    );
  }

  if (mode === 'footer') {
    if (!turn.shown) return null;
    return (
      <FooterGuide label={t('install.footer_label', { app })} closeLabel={t('install.close')} dir={dir} onClose={dismiss}>
        {t('install.footer_text', { app })}
      </FooterGuide>
    );
  }

  const steps = ios?.browser === 'chrome' ? IOS_CHROME_STEPS : ios?.browser === 'safari' ? IOS_SAFARI_STEPS : IOS_MENU_STEPS;
  return (
    <Sheet
      open={turn.shown}
      onClose={dismiss}
      title={mode === 'safari-only' ? t('install.safari_only_title') : t('install.steps_title', { app })}
      closeLabel={t('install.close')}
      dir={dir}
    >
      <div className="body" part="body">
        {mode === 'safari-only' ? (
          <>
            <p className="text">{t('install.safari_only_text', { app })}</p>
            <CopyLink />
          </>
        ) : (
          <>
            <Steps steps={steps.map((key) => t(key))} />
            <p className="hint" part="hint">
              {t('install.ios_push', { app })}
            </p>
          </>
        )}
        <div className="choices">
          <button type="button" className="choice primary" part="got-it" onClick={mode === 'safari-only' ? dismiss : accept}>
            {mode === 'safari-only' ? t('install.not_now') : t('install.got_it')}
          </button>
        </div>
      </div>
    </Sheet>
  );
}

interface FooterGuideProps {
  label: string;
  closeLabel: string;
  dir: 'ltr' | 'rtl';
  onClose: () => void;
  children: ReactNode;
}

/**
 * The footer guide: not a dialog (it takes no focus and traps nothing), yet Escape closes it as its ×
 * does, wherever focus is, like the modal guides (docs/install.md, "One offer, at a good moment, once"). An Escape something
 * else already answered (a dialog, a field) is left alone. Closing from inside it sends focus back to
 * where it came from, not to <body>.
 */
function FooterGuide({ label, closeLabel, dir, onClose, children }: FooterGuideProps) {
  const ref = useRef<HTMLElement>(null);
  const cameFrom = useRef<HTMLElement | null>(null);
  const close = () => {
    const back = cameFrom.current;
    if (ref.current?.contains(deepActiveElement()) && back?.isConnected) back.focus();
    onClose();
  };
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <aside
      ref={ref}
      className="footer"
      part="footer"
      aria-label={label}
      dir={dir}
      onFocus={(e) => {
        const from = e.relatedTarget as HTMLElement | null;
        if (from && !e.currentTarget.contains(from)) cameFrom.current = from;
      }}
    >
      <p part="message">{children}</p>
      <button type="button" className="footer-close" part="close" aria-label={closeLabel} onClick={close}>
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  );
}
