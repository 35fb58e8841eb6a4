/** React access to i18n: re-renders when the language changes or a catalogue arrives. */
import { useSignals } from '@preact/signals-react/runtime';
import { i18nRevision, isRtl, language, t } from '../core/i18n/i18n.ts';

export function useT() {
  useSignals();
  void i18nRevision.value;
  const lang = language.value;
  return { t, lang, dir: isRtl(lang) ? ('rtl' as const) : ('ltr' as const) };
}
