/**
 * The demo's Google account chooser as a hook of the login form. `choose()` loads the chooser's code
 * (./DemoAccountChooser.tsx, its own chunk: never part of a first load) and shows it in the form's
 * own tree, so it is styled and focused inside the form's shadow root; it resolves with the chosen
 * made-up account's Google ID token, or undefined when the player cancels (or the form goes away).
 * A chunk that fails to load rejects, like the SDK's (auth/network-request-failed).
 *
 * `socialSignIn` (./model.ts) asks for it only when the Auth emulator is on.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { deepActiveElement } from '../../../ui/focus.ts';
import type { DemoAccountChooser } from './DemoAccountChooser.tsx';

/** Resolves with a made-up account's Google ID token, or undefined when cancelled. */
export type ChooseDemoAccount = () => Promise<string | undefined>;

const load = () => import('./DemoAccountChooser.tsx').then((m) => m.DemoAccountChooser);

/**
 * Focus back on what opened the chooser once it can take it: the form keeps its buttons disabled
 * while a sign-in runs, so the sheet's own return of focus lands on a disabled button.
 */
function refocus(node: Element | null, frames = 10) {
  if (!(node instanceof HTMLElement) || !node.isConnected) return;
  if ((node as HTMLButtonElement).disabled && frames > 0) requestAnimationFrame(() => refocus(node, frames - 1));
  else node.focus();
}

export function useDemoAccountChooser(): { choose: ChooseDemoAccount; element: ReactNode } {
  const [shown, setShown] = useState<{ View: typeof DemoAccountChooser }>();
  const pending = useRef<(token: string | undefined) => void>(undefined);
  const opener = useRef<Element | null>(null);

  const finish = useCallback((token?: string) => {
    const resolve = pending.current;
    pending.current = undefined;
    setShown(undefined);
    resolve?.(token);
    if (!token) refocus(opener.current);
  }, []);

  // The form goes away with the chooser open: the sign-in is cancelled.
  useEffect(() => () => pending.current?.(undefined), []);

  const choose = useCallback<ChooseDemoAccount>(async () => {
    opener.current = deepActiveElement();
    const View = await load();
    pending.current?.(undefined);
    return new Promise((resolve) => {
      pending.current = resolve;
      setShown({ View });
    });
  }, []);

  const element = shown ? <shown.View onChoose={(token) => finish(token)} onCancel={() => finish()} /> : null;
  return { choose, element };
}
