import {
  ADMIN_TABLE_TEXT as T,
  VERIFICATION_STATUS_WORDS,
  customerBillingText,
  customerPlanState,
  type AdminCarer,
  type AdminCustomer,
} from '@contracts/admin';
import { planPriceLabel } from '@contracts/pricing';
import { ukDate } from '../../platform/uk-time';

// The customer and carer tables as CSV rows: the tables' columns in words (never a stored code),
// dates as the UK day in ISO form (as the money records' CSV). toCsv escapes every cell.

const day = (iso: string | null) => (iso ? ukDate(new Date(iso)) : '');
const yesNo = (value: boolean) => (value ? T.yes : T.no);
const fullName = (first: string | null, last: string | null) =>
  [first?.trim(), last?.trim()].filter(Boolean).join(' ');

export function customerCsvRow(customer: AdminCustomer, now: Date): Record<string, unknown> {
  return {
    [T.name]: fullName(customer.firstName, customer.lastName),
    [T.email]: customer.email,
    [T.joined]: day(customer.createdAt),
    [T.plan]: customerPlanState(customer, now.getTime()),
    Price: customer.subscriptionType ? planPriceLabel(customer.subscriptionType) : '',
    [T.expires]: day(customer.subscriptionExpiresAt),
    Billing: customer.billing ? customerBillingText(customer.billing) : '',
    [T.suspended]: yesNo(customer.suspendedAt !== null),
  };
}

export function carerCsvRow(carer: AdminCarer): Record<string, unknown> {
  return {
    [T.name]: fullName(carer.firstName, carer.lastName),
    [T.email]: carer.email ?? '',
    [T.joined]: day(carer.createdAt),
    [T.specialisation]: carer.specialization,
    [T.location]: carer.location,
    'Rate min (£/hour)': carer.hourlyRateMin,
    'Rate max (£/hour)': carer.hourlyRateMax,
    'Verified badge': yesNo(carer.isVerified),
    [T.verification]: VERIFICATION_STATUS_WORDS[carer.verificationStatus],
    [T.listed]: yesNo(carer.isListed),
    [T.suspended]: yesNo(carer.suspendedAt !== null),
  };
}
