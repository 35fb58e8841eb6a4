/**
 * The bottom install prompt (docs/product.md §2): the app download, the web app (the browser's own
 * install dialog, or the written steps where the browser has none) or continuing in the browser.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { siteStatus } from '../../core/config/siteStatus.ts';
import { safeImageUrl, safeUrl } from '../../core/config/config.ts';
import { currentUA } from '../../core/env/env.ts';
import { Sheet } from '../../ui/Sheet.tsx';
import { useT } from '../../ui/useT.ts';
import { openDownload, pickDownloadLink } from '../download-bar/index.ts';
import { currentOffer, forcedOffer, funnelPath, nativePrompt, platformOf, promptInstall } from './model.ts';
import { androidSteps, Steps } from './guideParts.tsx';
import { useInstallTurn, type FunnelHandlers } from './useInstallTurn.ts';

export interface InstallPromptProps extends FunnelHandlers {
  delay: number;
  open: boolean;
  onClosed?: () => void;
}

export function InstallPrompt({ delay, open, onClosed, ...funnel }: InstallPromptProps) {
  useSignals();
  const { t, dir } = useT();
  const [steps, setSteps] = useState(false);
  const offer = open ? forcedOffer() : currentOffer.value;
  // Opened by the page elsewhere (a desktop, an iPhone): the prompt as on an Android browser.
  const android =
    offer?.kind === 'android'
      ? offer
      : open
        ? { kind: 'android' as const, browser: 'other' as const, native: nativePrompt.value !== undefined }
        : undefined;
  const ua = currentUA();
  const turn = useInstallTurn({
    name: 'install-prompt',
    priority: 'install',
    detail: android ? { platform: platformOf(ua), path: funnelPath(android) } : undefined,
    delay,
    forced: open,
    ...funnel,
  });
  // Each showing starts with the choices (kept while the sheet slides out).
  useEffect(() => {
    if (turn.shown) setSteps(false);
  }, [turn.shown]);
  const info = siteStatus.value?.info;
  const appName = info?.appName ?? '';
  const link = safeUrl(pickDownloadLink(info?.resources ?? [], ua) ?? '');
  const icon = safeImageUrl(info?.resources.find((r) => r.resourceType === 'AppDownloadIcon')?.url);

  const close = (how: 'dismiss' | 'accept', path?: string) => {
    if (how === 'dismiss') turn.dismiss();
    else turn.accept(path);
    onClosed?.();
  };

  const webApp = async () => {
    if (android?.native) {
      const outcome = await promptInstall();
      if (outcome === 'accepted') return close('accept', 'android-native');
      if (outcome === 'dismissed') return close('dismiss');
    }
    setSteps(true); // no dialog here (Firefox, Opera), or it failed: the browser's menu does it
  };

  return (
    <Sheet
      open={turn.shown}
      onClose={() => close('dismiss')}
      title={steps ? t('install.steps_title', { app: appName }) : t('install.title', { app: appName })}
      closeLabel={t('install.close')}
      dir={dir}
    >
      <div className="body" part="body">
        {steps ? (
          <>
            <Steps steps={androidSteps(android?.browser).map((key) => t(key))} />
            <div className="choices">
              <button type="button" className="choice primary" part="got-it" onClick={() => close('accept', 'android-steps')}>
                {t('install.got_it')}
              </button>
            </div>
          </>
        ) : (
          <>
            <div className="intro">
              {icon ? <img className="app-icon" part="icon" src={icon} alt="" /> : null}
              <p className="text">{t('install.text', { app: appName })}</p>
            </div>
            <div className="choices">
              {link ? (
                <button
                  type="button"
                  className="choice primary"
                  part="app"
                  onClick={() => {
                    openDownload(link);
                    close('accept', 'android-app');
                  }}
                >
                  {t('install.app')}
                </button>
              ) : null}
              <button type="button" className={link ? 'choice' : 'choice primary'} part="web-app" onClick={() => void webApp()}>
                {t('install.web_app')}
              </button>
              <button type="button" className="choice plain" part="browser" onClick={() => close('dismiss')}>
                {t('install.browser')}
              </button>
            </div>
          </>
        )}
      </div>
    </Sheet>
  );
}
