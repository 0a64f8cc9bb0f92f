import type { AdminCarer, AdminCustomer } from '@contracts/admin';
import { ADMIN_TEXT } from '@contracts/admin';
import { planPriceLabel } from '@contracts/pricing';

/** Product §2: the full name, or 'Anonymous User' unless first and last name are both present. */
export function customerName(customer: Pick<AdminCustomer, 'firstName' | 'lastName'>): string {
  const first = customer.firstName?.trim();
  const last = customer.lastName?.trim();
  return first && last ? `${first} ${last}` : ADMIN_TEXT.anonymousUser;
}

export function carerName(carer: Pick<AdminCarer, 'firstName' | 'lastName'>): string {
  return `${carer.firstName} ${carer.lastName}`.trim() || 'Carer';
}

/**
 * The price of the plan the customer holds ('£49/3 months', '£10/month', '£100/year'), on every
 * admin screen. The first brief said '£100/year' for anything but monthly; we show the plan the
 * customer actually has (docs/spec-conformance.md).
 */
export function planPrice(type: AdminCustomer['subscriptionType']): string | null {
  return type ? planPriceLabel(type) : null;
}
