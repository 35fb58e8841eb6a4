/**
 * The member centre's calls and formatting (docs/member-centre.md). Loads are quiet (the page shows
 * its own error with Retry) except for a lost session, which shows the please-login notice of the
 * error catalogue. Claims are quiet too: the page says what happened in its own words, by errorCode.
 */
import { call, isApiError } from '../../core/api/client.ts';
import type { Row } from '../../contract/endpoint-row.ts';
import { htmlLang, type Language } from '../../core/i18n/languages.ts';
import { t } from '../../core/i18n/i18n.ts';
import { reactionOf } from '../../contract/errors.ts';

/**
 * Every member-centre call: its failures are the page's to show (a load's error with Retry, a claim's
 * `failureText`), a lost session is the player's (the please-login notice).
 */
export async function load<P, V>(row: Row<P, V>, payload?: NoInfer<P>): Promise<V> {
  const res = await call(row, payload, { alert: false, sessionAlert: true });
  if (res.value === undefined || res.value === null) throw new Error(`${row.path}: no value`);
  return res.value;
}

/** What the player reads when an action failed, by the server's errorCode (docs/api.md, "Member centre"). */
export function failureText(err: unknown): string {
  if (!isApiError(err)) return t('mc.err.failed');
  const code = err.errorCode ?? '';
  if (reactionOf(code) === 'silent') return t('mc.err.too_many');
  if (code === 'network.error') return t(navigator.onLine === false ? 'network.offline' : 'network.unstable');
  if (code === 'ECONNABORTED') return t('timeout_retry_please');
  if (code.endsWith('.expired')) return t('mc.err.expired');
  if (code.endsWith('.not.found')) return t('mc.err.not_found');
  if (code === 'task.not.done') return t('mc.err.not_done');
  if (code === 'rescue.not.eligible') return t('mc.err.not_eligible');
  if (code === 'signin.already.today') return t('mc.err.signed_today');
  // A lost session has its own notice (the error catalogue); anything else: the server's words, else ours.
  return err.serverMessage || t('mc.err.failed');
}

/**
 * An amount in the member's currency, in the player's language, with the currency's own decimals
 * (none for VND); a malformed code shows after the number ("12.50 XYZ").
 */
export function money(amount: number, currency: string, lang: Language): string {
  const locale = htmlLang(lang);
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    }).format(amount);
  } catch {
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}

export const number = (value: number, lang: Language) => new Intl.NumberFormat(htmlLang(lang)).format(value);

/** A day (epoch ms or YYYY-MM-DD, the latter read as that calendar day wherever the phone is). */
export function day(value: number | string, lang: Language): string {
  const date = typeof value === 'number' ? new Date(value) : new Date(`${value}T12:00:00Z`);
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
  if (typeof value === 'string') options.timeZone = 'UTC';
  return new Intl.DateTimeFormat(htmlLang(lang), options).format(date);
}

export const dateTime = (ms: number, lang: Language) =>
  new Intl.DateTimeFormat(htmlLang(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));

/** The phone's IANA time zone: the daily sign-in counts days in it (pinned by the server at the first sign-in). */
export function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
