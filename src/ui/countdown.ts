/** The send-code countdowns of the forms and the two-factor modal (docs/product.md §4, §9). */
import { SMS_CODE_VALIDITY_MS } from '../contract/constants.ts';
import { htmlLang, type Language } from '../core/i18n/languages.ts';

/**
 * When the resend wait ends (epoch ms): the code's expiry from the send-code answer, but never more
 * than the code's validity from now; `fallbackMs` from now when the answer has no expiry in the future.
 */
export function resendEnd(expiry: unknown, now = Date.now(), fallbackMs = 60_000): number {
  const end = Number(expiry);
  if (!Number.isFinite(end) || end <= now) return now + fallbackMs;
  return Math.min(end, now + SMS_CODE_VALIDITY_MS);
}

/** Seconds as minutes and seconds, m:ss ("4:05"), in the language's own digits. */
export function formatWait(seconds: number, lang: Language): string {
  const total = Math.max(0, Math.ceil(seconds));
  const locale = htmlLang(lang);
  const minutes = new Intl.NumberFormat(locale, { useGrouping: false }).format(Math.floor(total / 60));
  const secs = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false }).format(total % 60);
  return `${minutes}:${secs}`;
}
