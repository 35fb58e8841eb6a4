/**
 * The timing every install overlay shares: it may show once its offer applies and the delay has
 * passed (or at once when the page opens it), then waits for its turn in the overlay queue; the
 * funnel events tell the page what happened (docs/install.md, "Funnel events").
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { useOverlayTurn } from '../../ui/useOverlayTurn.ts';
import { OVERLAY_PRIORITY } from '../../core/overlay/queue.ts';
import { skipForSession, watchInstall, type Platform } from './model.ts';

export interface FunnelDetail {
  platform: Platform;
  /** Which install path: android-native, android-steps, ios-guide, ios-tip, ios-footer, ios-browser, ios-safari-only, inapp-intent, inapp-x-safari, inapp-copy. */
  path: string;
}

export interface FunnelHandlers {
  onShown?: (detail: FunnelDetail) => void;
  onAccepted?: (detail: FunnelDetail) => void;
  onDismissed?: (detail: FunnelDetail) => void;
}

export interface InstallTurnOptions extends FunnelHandlers {
  name: string;
  /** Its place in the overlay queue, by name (read here, not in each element: one import fewer each). */
  priority: keyof typeof OVERLAY_PRIORITY;
  /** The offer applies to this overlay (undefined: it does not). */
  detail: FunnelDetail | undefined;
  /** ms after mount before it may show. */
  delay: number;
  /** The page opened it: no delay. */
  forced: boolean;
}

export function useInstallTurn({ name, priority, detail, delay, forced, onShown, onAccepted, onDismissed }: InstallTurnOptions) {
  useSignals();
  useEffect(() => watchInstall(), []);
  const [due, setDue] = useState(delay <= 0);
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (delay <= 0) return setDue(true);
    const timer = setTimeout(() => setDue(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  // A page that opens it again after a close shows it again.
  useEffect(() => {
    if (forced) setClosed(false);
  }, [forced]);

  // The install offers are one answer for the session, whichever of them showed; one the page opens
  // is no part of the attention budget.
  const turn = useOverlayTurn(name, OVERLAY_PRIORITY[priority], !!detail && (due || forced) && !closed, {
    key: 'install',
    auto: !forced,
  });
  // Once per showing (the offer may change while it is on screen: the dialog gets used up).
  const told = useRef(false);
  useEffect(() => {
    if (!turn) {
      told.current = false;
      return;
    }
    if (told.current || !detail) return;
    told.current = true;
    onShown?.(detail);
  }, [turn, detail, onShown]);

  return {
    shown: turn,
    /** The player declined (not now, close, Escape, continue in the browser): skipped for the session. */
    dismiss() {
      skipForSession();
      setClosed(true);
      if (detail) onDismissed?.(detail);
    },
    /**
     * The player took the offer (the overlay closes; the browser or the OS carries on). Not offered
     * again this session either: a guide read once is not shown on every visit of the home page.
     */
    accept(path?: string) {
      skipForSession();
      setClosed(true);
      if (detail) onAccepted?.(path ? { ...detail, path } : detail);
    },
  };
}
