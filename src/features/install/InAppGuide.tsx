/**
 * "Open in your browser" for a page opened inside another app's browser (Facebook, TikTok, Kwai, …),
 * where neither an app download nor the home screen works (docs/install.md): the first escape known
 * to work in that app (`escapeFor`; none where none does), copying the link, and the app's own menu
 * in its words.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { currentUA } from '../../core/env/env.ts';
import { Sheet } from '../../ui/Sheet.tsx';
import { useT } from '../../ui/useT.ts';
import { currentOffer, escapeUrl, forcedOffer, inAppMenu, platformOf, type Escape } from './model.ts';
import { Steps, CopyLink } from './guideParts.tsx';
import { useInstallTurn, type FunnelHandlers } from './useInstallTurn.ts';

export interface InAppGuideProps extends FunnelHandlers {
  delay: number;
  open: boolean;
  /** The app's name to show, when the page knows better (default: detected). */
  app?: string;
  onClosed?: () => void;
}

export function InAppGuide({ delay, open, app: appOverride, onClosed, ...funnel }: InAppGuideProps) {
  useSignals();
  const { t, dir } = useT();
  const detected = open ? forcedOffer() : currentOffer.value;
  const ua = currentUA();
  const fallbackEscape: Escape = platformOf(ua) === 'android' ? 'intent' : 'copy';
  const offer =
    detected?.kind === 'inapp'
      ? detected
      : open
        ? { kind: 'inapp' as const, app: '', platform: platformOf(ua), escape: fallbackEscape }
        : undefined;
  const turn = useInstallTurn({
    name: 'inapp-guide',
    priority: 'inAppGuide',
    detail: offer ? { platform: offer.platform, path: `inapp-${offer.escape}` } : undefined,
    delay,
    forced: open,
    ...funnel,
  });
  // An app we cannot name ('WebView') is "this app".
  const app = appOverride || (offer?.app !== 'WebView' && offer?.app) || t('inapp.this_app');
  const menu = inAppMenu(offer?.app ?? '', offer?.platform ?? 'other');
  const escape = offer ? escapeUrl(offer.escape, location.href) : undefined;
  const dismiss = () => {
    turn.dismiss();
    onClosed?.();
  };

  return (
    <Sheet open={turn.shown} onClose={dismiss} title={t('inapp.title')} closeLabel={t('install.close')} dir={dir}>
      <div className="body" part="body">
        <p className="text">{t('inapp.text', { app })}</p>
        {escape ? (
          <div className="choices">
            <a
              className="choice primary"
              part="open"
              href={escape}
              onClick={() => {
                turn.accept();
                onClosed?.();
              }}
            >
              {t('inapp.open')}
            </a>
          </div>
        ) : null}
        <CopyLink onCopied={() => funnel.onAccepted?.({ platform: offer!.platform, path: 'inapp-copy' })} />
        <Steps steps={[t('inapp.tap_menu', { app, menu: menu.menu }), t(menu.item)]} />
        <div className="choices">
          <button type="button" className="choice plain" part="stay" onClick={dismiss}>
            {t('inapp.stay')}
          </button>
        </div>
      </div>
    </Sheet>
  );
}
