/** What the three install elements share: their attributes and the funnel events. */
import { useEffect, type ReactNode } from 'react';
import { emit } from './emit.ts';
import type { FunnelDetail, FunnelHandlers } from '../src/features/install/useInstallTurn.ts';
import { funnelPath, currentOffer, forcedOffer, platformOf } from '../src/features/install/model.ts';
import { currentUA } from '../src/core/env/env.ts';
import { loadSiteStatus } from '../src/core/config/siteStatus.ts';

export interface InstallElementProps {
  delay?: number;
  open?: boolean;
}

export type { FunnelDetail };

/** Loads the site status (here, not in each element: one import fewer each), turns the funnel into events, and reports `appinstalled` as wps-installed. */
export function InstallElement({
  host,
  children,
}: {
  host: HTMLElement;
  children: (funnel: FunnelHandlers & { onClosed: () => void }) => ReactNode;
}) {
  useEffect(() => {
    void loadSiteStatus();
    const installed = () => {
      const offer = currentOffer.value ?? forcedOffer();
      emit<FunnelDetail>(host, 'wps-installed', {
        platform: platformOf(currentUA()),
        path: offer ? funnelPath(offer) : 'android-native',
      });
    };
    window.addEventListener('appinstalled', installed);
    return () => window.removeEventListener('appinstalled', installed);
  }, [host]);
  return children({
    onShown: (detail) => emit<FunnelDetail>(host, 'wps-install-shown', detail),
    onAccepted: (detail) => emit<FunnelDetail>(host, 'wps-install-accepted', detail),
    onDismissed: (detail) => emit<FunnelDetail>(host, 'wps-install-dismissed', detail),
    onClosed: () => host.removeAttribute('open'),
  });
}
