/** React access to i18n: re-renders when the language changes or a catalogue arrives. */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { ensurePart, i18nRevision, isRtl, language, partsReady, t, type CataloguePart } from '../core/i18n/i18n.ts';

export function useT() {
  useSignals();
  // 0 until the first catalogue is in: callers render nothing rather than raw keys.
  const ready = i18nRevision.value > 0;
  const lang = language.value;
  return { t, lang, ready, dir: isRtl(lang) ? ('rtl' as const) : ('ltr' as const) };
}

/** Loads a feature's own strings (a CataloguePart); true once they are in for the active language. */
export function useStrings(part: CataloguePart): boolean {
  const { ready } = useT();
  useEffect(() => {
    ensurePart(part).catch(() => {}); // offline for a moment: the next mount or language switch tries again
  }, [part]);
  return ready && partsReady([part]);
}
