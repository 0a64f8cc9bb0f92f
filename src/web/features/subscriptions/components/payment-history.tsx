import {
  PAYMENT_PLAN_LABELS,
  PAYMENT_STATUS_LABELS,
  type PaymentHistoryItem,
} from '@contracts/subscriptions';
import { formatPounds } from '@contracts/pricing';
import { Badge } from '@web/components/ui/badge';
import { formatDateGB } from '@web/lib/format';

const STATUS_BADGE = {
  succeeded: 'success',
  pending: 'secondary',
  failed: 'destructive',
  refunded: 'muted',
  cancelled: 'muted',
} as const satisfies Record<PaymentHistoryItem['status'], string>;

/** The payments of the /subscribe active view and the carer dashboard: newest first, as the server sends them. */
export function PaymentHistoryTable({
  payments,
  headingId,
  headingLevel = 2,
  title = 'Payment history',
}: {
  payments: readonly PaymentHistoryItem[];
  headingId: string;
  headingLevel?: 2 | 3;
  title?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <Heading id={headingId} className="text-lg font-semibold">
        {title}
      </Heading>
      {payments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No payments yet.</p>
      ) : (
        <table className="w-full text-left text-sm" aria-labelledby={headingId}>
          <thead className="border-b border-border text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Date
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Plan
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Amount
              </th>
              <th scope="col" className="py-2 font-medium">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {payments.map((payment) => (
              <tr key={payment.id} className="border-b border-border last:border-b-0">
                <td className="py-2 pr-3 whitespace-nowrap">{formatDateGB(payment.createdAt)}</td>
                <td className="py-2 pr-3">{PAYMENT_PLAN_LABELS[payment.plan]}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{formatPounds(payment.amountPence)}</td>
                <td className="py-2">
                  <Badge variant={STATUS_BADGE[payment.status]}>
                    {PAYMENT_STATUS_LABELS[payment.status]}
                    {payment.refundedPence !== null && payment.refundedPence < payment.amountPence
                      ? ` ${formatPounds(payment.refundedPence)}`
                      : null}
                  </Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
