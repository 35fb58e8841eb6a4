/**
 * The site-wide notices, the same elements a merchant page uses, in a root of their own beside the
 * app. The host runs their models (the connection watch, the update checks; the site status and the
 * notice queue live in core) and mounts an element only while it has something to show: a page with
 * nothing to tell pays for no element root, no stylesheet and no render (docs/performance.md).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { domainFailure, siteStatus } from '../src/core/config/siteStatus.ts';
import { currentIsNativeApp } from '../src/core/env/env.ts';
import { notices } from '../src/core/notice/notices.ts';
import { lineUnstable, offlineMessage, online, watchNetwork } from '../src/features/network/model.ts';
import { startUpdateChecks, updateAvailable } from '../src/features/update-check/model.ts';
import { preloadElement } from './lazyElements.ts';

export function Overlays() {
  useSignals();
  useEffect(() => watchNetwork(), []);
  useEffect(() => startUpdateChecks(), []);
  // Conversion tracking and its pixels: off the first load, started now the page is up (docs/tracking.md).
  useEffect(() => {
    import('../src/features/tracking/index.ts').then(
      (m) => void m.startTracking(),
      () => {},
    );
  }, []);
  // Push only where the merchant has it: then its element (its code, the session watcher) comes (docs/push.md).
  const sms = siteStatus.value?.info.sms;
  const push = !!(sms?.apiKey && sms.appId && sms.projectId && sms.messagingSenderId);
  useEffect(() => {
    if (push) import('../elements/push-prompt.tsx').catch(() => {});
  }, [push]);
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
