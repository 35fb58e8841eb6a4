/** Full-screen spinner overlay. It hides itself after `autoHideMs` (10 s, docs/product.md §9) and says so. */
import { useEffect, useRef } from 'react';

export const SPINNER_AUTO_HIDE_MS = 10_000;

export interface SpinnerProps {
  label: string;
  autoHideMs?: number;
  onAutoHide?: () => void;
}

export function Spinner({ label, autoHideMs = SPINNER_AUTO_HIDE_MS, onAutoHide }: SpinnerProps) {
  // A new callback on each render must not restart the 10 s.
  const callback = useRef(onAutoHide);
  callback.current = onAutoHide;
  useEffect(() => {
    if (!autoHideMs || autoHideMs <= 0) return;
    const timer = setTimeout(() => callback.current?.(), autoHideMs);
    return () => clearTimeout(timer);
  }, [autoHideMs]);
  return (
    <div className="wps-spinner-overlay" part="overlay" role="status" aria-live="polite" aria-busy="true">
      <div className="wps-spinner-box" part="box">
        <div className="wps-spinner-ring" part="ring" aria-hidden="true" />
        <span part="label">{label}</span>
      </div>
    </div>
  );
}
