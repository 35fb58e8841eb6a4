/**
 * What the home page offers by itself, in order (docs/install.md): 2000 ms after the home page is
 * shown the install rules (a lazy chunk, shared with the elements) pick the one install overlay for
 * this phone, if any, and only that element's code is loaded; the download-image popups come once
 * the install offer is settled (none, or answered), so they never take the turn before it. From
 * mount until the image popups are on screen or known to be none, lower overlays (the announcement
 * popup) are held back in the overlay queue: the order is install, image popups, announcement.
 * Nothing of this is in the first load of /m/home.
 */
import { effect } from '@preact/signals-core';
import { useEffect, useRef, useState } from 'react';
import { holdOverlays, OVERLAY_PRIORITY } from '../src/core/overlay/queue.ts';

/** docs/product.md §9 (the same figure as INSTALL_DELAY_MS of the install model). */
const DELAY_MS = 2000;

type Tag = 'wps-install-prompt' | 'wps-ios-guide' | 'wps-inapp-guide';
/** The install elements' answers: the offer is settled. */
const ANSWERS = ['wps-install-accepted', 'wps-install-dismissed'];
/** The install offer on screen: the player answers it first, however long that takes. */
const SHOWN = 'wps-install-shown';
/** Longest hold for an offer that never comes on screen (its code did not load, say). */
const HOLD_MAX_MS = 10_000;
/** Longest hold for the image popups once the install offer is settled (they load 500 ms after mount). */
const IMAGE_HOLD_MAX_MS = 5_000;

export function HomeOffers() {
  const [tag, setTag] = useState<Tag | undefined>(undefined);
  const [settled, setSettled] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  // Until the install offer and the image popups are decided (on screen, or none), lower overlays (the
  // announcement, 1.5 s after mount) wait: they go first (docs/engagement.md, "When").
  const release = useRef<() => void>(() => {});
  const limit = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    release.current = holdOverlays(OVERLAY_PRIORITY.imagePopup);
    limit.current = setTimeout(() => release.current(), DELAY_MS + HOLD_MAX_MS);
    return () => {
      clearTimeout(limit.current);
      release.current();
    };
  }, []);
  useEffect(() => {
    if (!settled) return;
    clearTimeout(limit.current);
    limit.current = setTimeout(() => release.current(), IMAGE_HOLD_MAX_MS);
  }, [settled]);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    const timer = setTimeout(() => {
      void import('../src/features/install/model.ts').then(
        (install) => {
          if (gone) return;
          install.watchInstall();
          stop = effect(() => {
            const offer = install.currentOffer.value;
            // Once shown, an overlay stays mounted until it is closed (it then renders nothing).
            if (!offer) {
              setSettled(true);
              return;
            }
            setTag(offer.kind === 'inapp' ? 'wps-inapp-guide' : offer.kind === 'ios' ? 'wps-ios-guide' : 'wps-install-prompt');
          });
        },
        () => setSettled(true),
      ); // the rules could not load (offline): no install offer, the rest goes on
    }, DELAY_MS);
    return () => {
      gone = true;
      clearTimeout(timer);
      stop?.();
    };
  }, []);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const answered = () => setSettled(true);
    // The install offer is on screen: its answer settles it, however long the player takes.
    const offerShown = () => clearTimeout(limit.current);
    // The image popups hold the turn themselves once on screen; none to show lets the rest go.
    const imagesReady = (e: Event) => (e as CustomEvent<{ count: number }>).detail.count === 0 && release.current();
    const imageShown = () => release.current();
    const listeners: [string, (e: Event) => void][] = [
      ...ANSWERS.map((type): [string, () => void] => [type, answered]),
      [SHOWN, offerShown],
      ['wps-image-ready', imagesReady],
      ['wps-image-shown', imageShown],
    ];
    for (const [type, fn] of listeners) el.addEventListener(type, fn);
    return () => listeners.forEach(([type, fn]) => el.removeEventListener(type, fn));
  }, []);

  return (
    <div ref={box}>
      {tag === 'wps-inapp-guide' ? <wps-inapp-guide delay={0} /> : null}
      {tag === 'wps-ios-guide' ? <wps-ios-guide delay={0} /> : null}
      {tag === 'wps-install-prompt' ? <wps-install-prompt delay={0} /> : null}
      {settled ? <wps-image-popup /> : null}
    </div>
  );
}
