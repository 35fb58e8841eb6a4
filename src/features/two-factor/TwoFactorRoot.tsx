/**
 * What a `<wps-two-factor>` shows: the verification it opened itself (`open()`), else, when it is the
 * page's first `auto` element, the shared one (openTwoFactor). The element turns the callbacks into
 * its events.
 */
import { useEffect, useLayoutEffect } from 'react';
import { signal, type Signal } from '@preact/signals-core';
import { useSignals } from '@preact/signals-react/runtime';
import type { LoginValue } from '../../contract/endpoints.ts';
import { TwoFactorModal } from './TwoFactorModal.tsx';
import { attachAuto, sharedOwner, sharedVerification, startVerification, type Outcome, type TwoFactorDetail } from './model.ts';
import type { TwoFactorVerification } from './model.ts';

/** The verification each element opened with `open()`. */
const ownSlots = new WeakMap<object, Signal<TwoFactorVerification | undefined>>();

function slotOf(owner: object) {
  let slot = ownSlots.get(owner);
  if (!slot) ownSlots.set(owner, (slot = signal<TwoFactorVerification | undefined>(undefined)));
  return slot;
}

/** Opens a verification of `owner`'s own, replacing one it had open. */
export function openOwn(owner: object, detail: TwoFactorDetail): Promise<Outcome> {
  const slot = slotOf(owner);
  slot.peek()?.cancel();
  const v = startVerification(detail);
  if (!v) return Promise.resolve(undefined);
  v.onFinish(() => {
    if (slot.peek() === v) slot.value = undefined;
  });
  slot.value = v;
  return v.done;
}

/** Closes what `owner` shows (its own verification, or the shared one it presents). */
export function closeOwn(owner: object) {
  slotOf(owner).peek()?.cancel();
  if (sharedOwner.peek() === owner) sharedVerification.peek()?.cancel();
}

export interface TwoFactorRootProps {
  owner: object;
  auto: boolean;
  onVerified(value: LoginValue): void;
  onClose(): void;
}

function Bound({
  verification,
  onVerified,
  onClose,
}: { verification: TwoFactorVerification } & Omit<TwoFactorRootProps, 'owner' | 'auto'>) {
  // Subscribed before the paint: a close() called as soon as the dialog shows still fires wps-close
  // (in a passive effect, a loaded phone could paint first and the outcome had nobody to tell).
  useLayoutEffect(
    () => verification.onFinish((outcome) => (outcome ? onVerified(outcome) : onClose())),
    [verification, onVerified, onClose],
  );
  return <TwoFactorModal verification={verification} />;
}

export function TwoFactorRoot({ owner, auto, onVerified, onClose }: TwoFactorRootProps) {
  useSignals();
  useEffect(() => (auto ? attachAuto(owner) : undefined), [auto, owner]);
  // Leaving the page closes what this element opened itself.
  useEffect(() => () => slotOf(owner).peek()?.cancel(), [owner]);
  const own = slotOf(owner).value;
  const shared = sharedOwner.value === owner ? sharedVerification.value : undefined;
  const shown = own ?? shared;
  return shown ? (
    <Bound key={shown === own ? 'own' : 'shared'} verification={shown} onVerified={onVerified} onClose={onClose} />
  ) : null;
}
