import type { AdminCarer, AdminCustomer } from '@contracts/admin';
import { ADMIN_TEXT } from '@contracts/admin';
import { formatPounds, PLANS } from '@contracts/pricing';

// '£10/month' and '£100/year' (SPEC section 2), from the plans' prices.
const MONTHLY_PRICE = `${formatPounds(PLANS.monthly.amountPence)}/month`;
const ANNUAL_PRICE = `${formatPounds(PLANS.annual.amountPence)}/year`;

/** SPEC section 2: the full name, or 'Anonymous User' unless first and last name are both present. */
export function customerName(customer: Pick<AdminCustomer, 'firstName' | 'lastName'>): string {
  const first = customer.firstName?.trim();
  const last = customer.lastName?.trim();
  return first && last ? `${first} ${last}` : ADMIN_TEXT.anonymousUser;
}

export function carerName(carer: Pick<AdminCarer, 'firstName' | 'lastName'>): string {
  return `${carer.firstName} ${carer.lastName}`.trim() || 'Carer';
}

/** Admin Management (SPEC section 2): '£10/month' for monthly, '£100/year' otherwise. */
export function managementPlanPrice(type: AdminCustomer['subscriptionType']): string | null {
  if (!type) return null;
  return type === 'monthly' ? MONTHLY_PRICE : ANNUAL_PRICE;
}

/** Admin dashboard: the price of the plan the customer holds. */
export function dashboardPlanPrice(type: AdminCustomer['subscriptionType']): string | null {
  switch (type) {
    case 'monthly':
      return MONTHLY_PRICE;
    case 'annual':
      return ANNUAL_PRICE;
    case 'three_month':
      return `${formatPounds(PLANS.threeMonth.amountPence)}/3 months`;
    default:
      return null;
  }
}
