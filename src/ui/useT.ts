/** React access to i18n: re-renders when the language changes or a catalogue arrives. */
import { useSignals } from '@preact/signals-react/runtime';
import { i18nRevision, isRtl, language, t } from '../core/i18n/i18n.ts';

export function useT() {
  useSignals();
  // 0 until the first catalogue is in: callers render nothing rather than raw keys.
  const ready = i18nRevision.value > 0;
  const lang = language.value;
  return { t, lang, ready, dir: isRtl(lang) ? ('rtl' as const) : ('ltr' as const) };
}
