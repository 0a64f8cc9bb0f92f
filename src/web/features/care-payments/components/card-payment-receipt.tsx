import { useCarerCardPayments } from '../api/care-payments';
import { formatPence } from './format';

const ukDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });

/**
 * On the carer's own invoice: the card payment of it, CareMatch's fee, what went back to the
 * family and the payout to their bank. Nothing when the invoice was not paid by card.
 */
export function CardPaymentReceipt({ invoiceId }: { invoiceId: string }) {
  const payments = useCarerCardPayments();
  const payment = payments.data?.find((item) => item.invoiceId === invoiceId);
  if (!payment) return null;
  const { payout } = payment;
  return (
    <section aria-labelledby="card-payment-receipt" className="grid gap-3 rounded-lg border p-4">
      <h2 id="card-payment-receipt" className="text-xl font-semibold">
        Card payment
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Paid by the family</dt>
        <dd className="tabular-nums">
          {formatPence(payment.amountPence)} on {ukDay(payment.paidAt)}
        </dd>
        <dt className="text-muted-foreground">CareMatch fee</dt>
        <dd className="tabular-nums">{formatPence(payment.feePence)}</dd>
        {payment.refundedPence > 0 ? (
          <>
            <dt className="text-muted-foreground">Refunded to the family</dt>
            <dd className="tabular-nums">{formatPence(payment.refundedPence)}</dd>
          </>
        ) : null}
        {payment.lostInDisputePence > 0 ? (
          <>
            <dt className="text-muted-foreground">Lost in a card dispute</dt>
            <dd className="tabular-nums">{formatPence(payment.lostInDisputePence)}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">You keep</dt>
        <dd className="font-semibold tabular-nums">{formatPence(payment.keptPence)}</dd>
      </dl>
      {payment.disputed ? (
        <p>The family's bank disputes this payment: the money is held until it closes.</p>
      ) : null}
      {payout ? (
        <p>
          {payout.status === 'paid'
            ? `Paid out to your bank: ${formatPence(payout.amountPence)} on ${ukDay(payout.arrivalDate)}.`
            : payout.status === 'in_transit'
              ? `On its way to your bank: ${formatPence(payout.amountPence)}, arriving ${ukDay(payout.arrivalDate)}.`
              : `The payout of ${formatPence(payout.amountPence)} to your bank failed: check your bank details with Stripe.`}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          Stripe pays it out to your bank on your payout schedule.
        </p>
      )}
    </section>
  );
}
