/**
 * The iOS ways onto the home screen (docs/product.md §2): the add-to-home-screen guide (iOS 11 or
 * lower, 12.0 to 12.1), the download tip alert (iOS 17), the footer guide (other Safari versions),
 * the share-sheet steps of Chrome, Edge, Firefox and Opera (iOS 16.4+), and "open in Safari" for
 * any other iOS browser. Each says that installing also unlocks notifications (iOS 16.4+ sends
 * web push only to an installed app).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef } from 'react';
import { siteStatus } from '../../core/config/siteStatus.ts';
import { currentUA, iosVersion } from '../../core/env/env.ts';
import { Modal } from '../../ui/Modal.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { useT } from '../../ui/useT.ts';
import { currentOffer, forcedOffer, platformOf, type IosMode } from './model.ts';
import { iosSteps, Steps, CopyLink } from './guideParts.tsx';
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
    priority: 'install',
    detail: mode ? { platform: platformOf(currentUA()), path: `ios-${mode}` } : undefined,
    delay,
    forced: open,
    ...funnel,
  });
  const app = siteStatus.value?.info.appName ?? '';
  // iOS 26 moved Share behind "…" and "Add to Home Screen" behind "View More" (docs/install.md).
  const ios26 = (iosVersion(currentUA())?.[0] ?? 0) >= 26;
  // Where focus came into the footer guide from (null: focus is not in it).
  const cameFrom = useRef<HTMLElement | null>(null);
  const dismiss = () => {
    cameFrom.current?.focus();
    turn.dismiss();
    onClosed?.();
  };
  // The footer guide is no dialog (it takes no focus), so Escape anywhere closes it, as the modal
  // guides close, unless something on the page answered that Escape first.
  const footer = mode === 'footer' && turn.shown;
  useEffect(() => {
    if (!footer) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) dismiss();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
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
      <aside
        // iOS 26 moves Share with the tab-bar layout (under "…" in the compact one): no arrow there.
        className={ios26 ? 'footer no-arrow' : 'footer'}
        part="footer"
        aria-label={t('install.footer_label', { app })}
        dir={dir}
        // Its one focusable is the ×: focus arriving comes from outside, focus leaving goes out.
        onFocus={(e) => {
          cameFrom.current = e.relatedTarget as HTMLElement | null;
        }}
        onBlur={() => {
          cameFrom.current = null;
        }}
      >
        <p part="message">{t(ios26 ? 'install.footer_text26' : 'install.footer_text', { app })}</p>
        <button type="button" className="footer-close" part="close" aria-label={t('install.close')} onClick={dismiss}>
          <span aria-hidden="true">×</span>
        </button>
      </aside>
    );
  }

  const steps = iosSteps(ios?.browser, ios26);
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
