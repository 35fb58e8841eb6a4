/**
 * The tracking payload's rules (docs/tracking.md; docs/product.md §3, §5): the currency code, number
 * formatting, and a withdrawal's revenue sent as negative.
 */
import type { ConversionEvent } from '../../core/tracking/track.ts';
import type { EventPayload } from '../../contract/tracking/wire.ts';

/** TLB is the operator's code for Philippine pesos; every other code is cut to its first 3 letters. */
export function trackingCurrency(code: string | undefined): string | undefined {
  if (!code) return undefined;
  const upper = code.trim().toUpperCase();
  if (!upper) return undefined;
  return upper === 'TLB' ? 'PHP' : upper.slice(0, 3);
}

/**
 * Rounds `n` to `decimals` places (half away from zero, as money is shown); -1 keeps the number's own
 * decimals. Not a finite number: undefined (never NaN in a payload).
 */
export function formatNumber(n: number | string | undefined, decimals: number): number | undefined {
  const value = typeof n === 'string' ? Number(n.trim() === '' ? NaN : n) : n;
  if (value === undefined || !Number.isFinite(value)) return undefined;
  if (decimals === -1) return value;
  const places = Math.max(0, Math.min(10, Math.trunc(decimals)));
  const factor = 10 ** places;
  // toPrecision removes the binary noise (1.005 * 100 = 100.49999…) before rounding.
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  return (Math.sign(value) * Math.round(scaled)) / factor || 0;
}

/** What a feature reports with a money event. */
export interface MoneyInput {
  customerName?: string;
  customerId?: string | number;
  currency?: string;
  amount?: number | string;
  /** Decimals of the merchant's currency: 2 unless told; -1 keeps the amount's own. */
  decimals?: number;
}

/** The SPEC payload, as the contract's wire format has it. */
export type { EventPayload };

/** Events whose revenue is money leaving the operator. */
const OUTGOING: ReadonlySet<ConversionEvent> = new Set(['withdraw']);

/** The payload of `event`: amount as given (rounded), revenue and value signed (a withdrawal is negative). */
export function eventPayload(event: ConversionEvent, input: MoneyInput): EventPayload {
  const amount = formatNumber(input.amount, input.decimals ?? 2);
  const abs = amount === undefined ? undefined : Math.abs(amount);
  const signed = abs === undefined ? undefined : OUTGOING.has(event) ? -abs : abs;
  const out: EventPayload = {};
  if (input.customerName) out.customerName = input.customerName;
  if (input.customerId !== undefined && input.customerId !== '') out.customerId = String(input.customerId);
  const currency = trackingCurrency(input.currency);
  if (currency) out.currency = currency;
  if (abs !== undefined) {
    out.amount = abs;
    out.revenue = signed;
    out.value = signed;
  }
  return out;
}
