/**
 * The home page's install offer (docs/install.md): 2000 ms after the home page is shown, the install
 * rules (a lazy chunk, shared with the elements) pick the one overlay for this phone, if any, and
 * only that element's code is loaded. Nothing of it is in the first load of /m/home.
 */
import { effect } from '@preact/signals-core';
import { useEffect, useState } from 'react';

/** docs/product.md §9 (the same figure as INSTALL_DELAY_MS of the install model). */
const DELAY_MS = 2000;

type Tag = 'wps-install-prompt' | 'wps-ios-guide' | 'wps-inapp-guide';

export function InstallOffer() {
  const [tag, setTag] = useState<Tag | undefined>(undefined);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    const timer = setTimeout(() => {
      void import('../src/features/install/model.ts').then((install) => {
        if (gone) return;
        install.watchInstall();
        stop = effect(() => {
          const offer = install.currentOffer.value;
          // Once shown, an overlay stays mounted until it is closed (it then renders nothing).
          if (!offer) return;
          setTag(offer.kind === 'inapp' ? 'wps-inapp-guide' : offer.kind === 'ios' ? 'wps-ios-guide' : 'wps-install-prompt');
        });
      });
    }, DELAY_MS);
    return () => {
      gone = true;
      clearTimeout(timer);
      stop?.();
    };
  }, []);
  if (tag === 'wps-inapp-guide') return <wps-inapp-guide delay={0} />;
  if (tag === 'wps-ios-guide') return <wps-ios-guide delay={0} />;
  if (tag === 'wps-install-prompt') return <wps-install-prompt delay={0} />;
  return null;
}
