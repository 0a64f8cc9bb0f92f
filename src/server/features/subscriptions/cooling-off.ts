import { COOLING_OFF_DAYS, type PaymentPlan } from '@contracts/subscriptions';
import type { PaymentRow } from '../../db/schema';
import { PLAN_TERMS } from './plans';
import { paidPeriod } from './refund-takeback';

const DAY_MS = 24 * 3_600_000;
export const COOLING_OFF_MS = COOLING_OFF_DAYS * DAY_MS;

export interface CoolingOffRefund {
  refundPence: number;
  unusedDays: number;
  totalDays: number;
  /** Where the refunded payment's own period began: access before it (an earlier plan) stays. */
  periodStart: Date;
  /** The last moment cancelling still refunds. */
  refundableUntil: Date;
}

/**
 * What cancelling a paid one-time plan at `at` gives back: the whole days of its period not yet
 * begun, pro rata to the price. Undefined outside the cooling-off period (14 days from paying) or
 * when nothing would be given back.
 */
export function coolingOffRefund(
  payment: Pick<PaymentRow, 'plan' | 'amountPence' | 'paidAt' | 'periodEnd' | 'status'>,
  at: Date,
): CoolingOffRefund | undefined {
  const terms = PLAN_TERMS[payment.plan as PaymentPlan];
  if (!terms || terms.purpose !== null || payment.status !== 'succeeded' || !payment.paidAt) return undefined;
  const refundableUntil = new Date(payment.paidAt.getTime() + COOLING_OFF_MS);
  if (at > refundableUntil) return undefined;
  // Bought as an extension, the period began where the earlier access ended, not when it was paid.
  const { start: periodStart, end: periodEnd } = paidPeriod(payment)!;
  const totalDays = Math.max(1, Math.round((periodEnd.getTime() - periodStart.getTime()) / DAY_MS));
  const usedFrom = at > periodStart ? at : periodStart;
  const unusedDays = Math.min(
    totalDays,
    Math.max(0, Math.floor((periodEnd.getTime() - usedFrom.getTime()) / DAY_MS)),
  );
  const refundPence = Math.min(
    payment.amountPence,
    Math.round((payment.amountPence * unusedDays) / totalDays),
  );
  if (refundPence <= 0) return undefined;
  return { refundPence, unusedDays, totalDays, periodStart, refundableUntil };
}
