import { CARER_MEMBERSHIP, PLAN_FOR_TYPE } from '@contracts/pricing';
import type { PaymentPlan } from '@contracts/subscriptions';
import type { BillingPurpose } from '../../platform/payments/payment-provider';

/** What each plan costs and gives: the server's prices (the client never sends an amount). */
export const PLAN_TERMS: Record<
  PaymentPlan,
  { label: string; amountPence: number; months: number; purpose: BillingPurpose | null }
> = {
  three_month: { ...PLAN_FOR_TYPE.three_month, purpose: null },
  annual: { ...PLAN_FOR_TYPE.annual, purpose: null },
  monthly: { ...PLAN_FOR_TYPE.monthly, purpose: 'customer_monthly' },
  carer_membership: { ...CARER_MEMBERSHIP, purpose: 'carer_membership' },
};

/** The plan whose invoices a recurring subscription pays. */
export const PLAN_FOR_PURPOSE: Record<BillingPurpose, PaymentPlan> = {
  customer_monthly: 'monthly',
  carer_membership: 'carer_membership',
};
