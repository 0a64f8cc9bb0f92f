import { customerBillingText, type AdminCustomer } from '@contracts/admin';
import { Badge } from '@web/components/ui/badge';

const VARIANT = { renewing: 'success', cancelled: 'muted', refunded: 'destructive' } as const;

/** How the customer's plan ends (renewing, cancelled until a date, refunded), when there is something to say. */
export function CustomerBillingBadge({ customer }: { customer: AdminCustomer }) {
  if (!customer.billing) return null;
  return <Badge variant={VARIANT[customer.billing.state]}>{customerBillingText(customer.billing)}</Badge>;
}
