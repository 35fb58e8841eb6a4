/**
 * The site-wide notices, the same elements a merchant page uses, in a root of their own beside the
 * app. The host runs their models (the connection watch, the update checks; the site status and the
 * notice queue live in core) and mounts an element only while it has something to show: a page with
 * nothing to tell pays for no element root, no stylesheet and no render (docs/performance.md).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { domainFailure, loadSiteStatus, siteStatus } from '../src/core/config/siteStatus.ts';
import { currentIsNativeApp } from '../src/core/env/env.ts';
import { notices } from '../src/core/notice/notices.ts';
import { lineUnstable, offlineMessage, online, watchNetwork } from '../src/features/network/model.ts';
import { startUpdateChecks, updateAvailable } from '../src/features/update-check/model.ts';
import { preloadElement } from './lazyElements.ts';
import { ensurePart } from '../src/core/i18n/i18n.ts';
import { pushStrings } from '../src/features/push/locales/index.ts';
import { sampled, watchEarly } from '../src/features/field-data/early.ts';

export function Overlays() {
  useSignals();
  useEffect(() => watchNetwork(), []);
  useEffect(() => startUpdateChecks(), []);
  // Conversion tracking and its pixels: off the first load, and only once the page has settled, so
  // they never compete with what the player is waiting for (docs/tracking.md; events wait for them).
  useEffect(
    () =>
      whenSettled(() => {
        import('../src/features/tracking/index.ts').then(
          (m) => void m.startTracking(),
          () => {},
        );
      }),
    [],
  );
  // Field data (docs/field-data.md): errors and page changes watched from now; its measuring code
  // (web-vitals) comes as late as tracking, on a sampled page load only (the status gives the rate).
  useEffect(() => {
    const early = watchEarly();
    const cancel = whenSettled(() => {
      void loadSiteStatus().then((status) => {
        if (!sampled(status?.info.fieldData?.sampleRate)) return early.stop();
        import('../src/features/field-data/index.ts').then((m) => void m.startFieldData({ early }), early.stop);
      });
    });
    return () => {
      cancel();
      early.stop();
    };
  }, []);
  // Push only where the merchant has it: then its element (its code, the session watcher) comes, as
  // late as tracking (docs/push.md).
  const sms = siteStatus.value?.info.sms;
  const push = !!(sms?.apiKey && sms.appId && sms.projectId && sms.messagingSenderId);
  // Its texts are asked for with its code, not after it has run: one wave (docs/performance.md).
  useEffect(
    () =>
      push
        ? whenSettled(() => void Promise.all([import('../elements/push-prompt.tsx'), ensurePart(pushStrings)]).catch(() => {}))
        : undefined,
    [push],
  );
  return (
    <>
      {domainFailure.value ? <wps-domain-error /> : null}
      {updateAvailable.value ? <wps-update-notice /> : null}
      {!online.value || offlineMessage.value || lineUnstable.value ? <wps-network-notice /> : null}
      {notices.value.length > 0 ? <wps-notice queue /> : null}
      {/* The element decides whether this app version needs an upgrade (docs/install.md). */}
      {currentIsNativeApp() ? <wps-app-upgrade /> : null}
      {push ? <wps-push-prompt /> : null}
    </>
  );
}

/** How long after the page's load event the extras (tracking, push) wait, before an idle moment. */
export const SETTLE_MS = 3000;

/** Runs `fn` once the page has loaded, SETTLE_MS have passed and the browser is idle; answers a cancel. */
function whenSettled(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelled = false;
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : run());
  const run = () => {
    if (!cancelled) fn();
  };
  const start = () => (timer = setTimeout(idle, SETTLE_MS));
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
  return () => {
    cancelled = true;
    clearTimeout(timer);
    removeEventListener('load', start);
  };
}

/** Mounts the overlays once the page's first frame is on screen. */
export function mountOverlays(): void {
  const box = document.createElement('div');
  box.id = 'wps-overlays';
  document.body.append(box);
  startTransition(() => createRoot(box).render(<Overlays />));
  // The two that must work offline come now, while there is a connection: the no-connection notice
  // and the notice queue. Their code only, no instance.
  preloadElement('wps-network-notice');
  preloadElement('wps-notice');
}
