import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ApiError } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/use-page-title';
import { useInvoiceCardPayment, usePayWithSavedCard, useStartInvoicePayment } from '../api/care-payments';
import { DemoInvoiceForm } from '../components/demo-invoice-form';
import { formatPence } from '../components/format';

const StripeInvoiceForm = lazy(async () => ({
  default: (await import('../components/stripe-invoice-form')).StripeInvoiceForm,
}));

const messageOf = (error: unknown) => (error instanceof ApiError ? error.serverMessage : null);

/** `/invoices/:id/pay`: a family pays one invoice by card (decision 0039); linked from the invoice and emails. */
export function InvoicePayPage() {
  const { id = '' } = useParams();
  usePageTitle('Pay by card');
  const [confirmed, setConfirmed] = useState(false);
  const payment = useInvoiceCardPayment(id, confirmed);
  const start = useStartInvoicePayment(id);
  const savedCard = usePayWithSavedCard(id);

  if (payment.isPending)
    return (
      <p role="status" className="px-4 py-16 text-center">
        Loading the invoice…
      </p>
    );
  if (payment.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <h1 className="text-2xl font-semibold">Pay by card</h1>
        <p role="alert" className="mt-4">
          {messageOf(payment.error) ?? 'This invoice could not be loaded.'}
        </p>
      </div>
    );
  }
  const invoice = payment.data;
  const amount = formatPence(invoice.totalPence);
  const label = `Pay ${amount}`;
  const failure = messageOf(start.error) ?? messageOf(savedCard.error);

  return (
    <div className="mx-auto grid max-w-xl gap-6 px-4 py-10">
      <h1 className="text-2xl font-semibold">Pay invoice {invoice.number}</h1>
      <Card>
        <CardHeader>
          <CardTitle>{amount}</CardTitle>
          <CardDescription>
            Paid straight to your carer's own Stripe account. CareMatch never holds the money and never sees
            your card number.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {invoice.state === 'paid' ? (
            <p role="status" className="flex items-center gap-2 font-medium">
              <CheckCircle2 aria-hidden="true" className="size-5 text-primary" />
              Paid. Thank you: a receipt is on its way by email.
            </p>
          ) : invoice.state === 'processing' || confirmed ? (
            <p role="status">Your bank is confirming the payment. This page updates by itself.</p>
          ) : (
            <>
              {invoice.failureMessage ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {invoice.failureMessage}
                </p>
              ) : null}
              {invoice.state === 'unpaid' ? (
                <div className="flex flex-wrap gap-3">
                  {invoice.savedCard ? (
                    <Button
                      onClick={() => savedCard.mutate(undefined)}
                      disabled={savedCard.isPending || start.isPending}
                    >
                      {savedCard.isPending
                        ? 'Paying...'
                        : `Pay ${amount} with ${invoice.savedCard.brand} •••• ${invoice.savedCard.last4}`}
                    </Button>
                  ) : null}
                  <Button
                    variant={invoice.savedCard ? 'outline' : 'default'}
                    onClick={() => start.mutate(undefined)}
                    disabled={start.isPending || savedCard.isPending}
                  >
                    {start.isPending
                      ? 'Opening...'
                      : invoice.savedCard
                        ? 'Pay with another card'
                        : 'Pay by card'}
                  </Button>
                </div>
              ) : null}
              {invoice.state === 'requires_payment' && invoice.clientSecret ? (
                invoice.provider === 'stripe' && invoice.publishableKey && invoice.stripeAccount ? (
                  <Suspense fallback={<p role="status">Loading the secure payment form…</p>}>
                    <StripeInvoiceForm
                      publishableKey={invoice.publishableKey}
                      stripeAccount={invoice.stripeAccount}
                      clientSecret={invoice.clientSecret}
                      label={label}
                      onConfirmed={() => setConfirmed(true)}
                    />
                  </Suspense>
                ) : (
                  <DemoInvoiceForm
                    invoiceId={invoice.invoiceId}
                    clientSecret={invoice.clientSecret}
                    label={label}
                  />
                )
              ) : null}
              {failure ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {failure}
                </p>
              ) : null}
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
