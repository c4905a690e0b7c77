import type { PaymentMethod, Plan } from '@app/contracts/billing';
import { unitsToDisplay } from '../credits/credits.rules';
import type { PaymentMethodRow, PlanRow } from './billing.repo';

/** Renewal attempts before a membership whose card keeps failing ends. */
export const MAX_RENEWAL_ATTEMPTS = 3;
/** A failed renewal is tried again this long after the last attempt. */
export const RENEWAL_RETRY_MS = 24 * 3600_000;
/** Credits on sale in the purchase modal. */
export const CREDIT_PACKS = [100, 500, 1000, 5000];

/** `YYYY-MM-DD` of a moment (UTC). */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The same day a month later, clamped to the month's last day (31 Jan → 28/29 Feb). */
export function addMonth(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d, last))).toISOString().slice(0, 10);
}

/** Only the first and last four digits of a card are kept. */
export const maskCard = (n: string) => {
  const digits = n.replace(/[^0-9*]/g, '');
  if (digits.length < 8) return n ? '****' : '';
  return `${digits.slice(0, 4)}-****-****-${digits.slice(-4)}`;
};

export const toPlan = (p: PlanRow): Plan => ({
  id: p.id,
  ko_name: p.koName,
  en_name: p.enName,
  krw_month_price: p.krwMonthPrice,
  credit: unitsToDisplay(p.creditUnits),
  is_low_llm_free: p.isLowLlmFree,
});

export const toPaymentMethod = (m: PaymentMethodRow): PaymentMethod => ({ id: m.id, card_name: m.cardName, card_number: m.maskedCardNumber, type: m.provider === 'payple' ? 'card' : m.provider });
