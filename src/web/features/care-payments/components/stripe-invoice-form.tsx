// Loaded on demand (see invoice-pay-page.tsx): Stripe's libraries stay out of the other pages.
import { useEffect, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Button } from '@web/components/ui/button';

const FAILED = 'The payment did not go through. Please try again or use another card.';

function InvoiceCheckout({ label, onConfirmed }: { label: string; onConfirmed: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || !ready || busy) return;
    setBusy(true);
    setFailure(null);
    const submitted = await elements.submit();
    if (submitted.error) {
      setBusy(false);
      return;
    }
    const result = await stripe.confirmPayment({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: `${window.location.origin}${window.location.pathname}` },
    });
    setBusy(false);
    if (result.error) {
      if (result.error.type !== 'validation_error') setFailure(result.error.message ?? FAILED);
      return;
    }
    onConfirmed();
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-5">
      <PaymentElement options={{ layout: 'tabs' }} onReady={() => setReady(true)} />
      {failure ? (
        <p
          role="alert"
          className="rounded-md border border-destructive bg-destructive-soft p-3 text-sm font-medium text-destructive"
        >
          {failure}
        </p>
      ) : null}
      <Button type="submit" disabled={!ready || busy}>
        {busy ? 'Processing...' : label}
      </Button>
    </form>
  );
}

/**
 * Stripe's Payment Element for a direct charge: Stripe.js is loaded for the carer's connected
 * account (`stripeAccount`), where the PaymentIntent lives.
 */
export function StripeInvoiceForm({
  publishableKey,
  stripeAccount,
  clientSecret,
  label,
  onConfirmed,
}: {
  publishableKey: string;
  stripeAccount: string;
  clientSecret: string;
  label: string;
  onConfirmed: () => void;
}) {
  const [stripe, setStripe] = useState<Stripe | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadStripe(publishableKey, { stripeAccount })
      .catch(() => null)
      .then((loaded) => {
        if (live) setStripe(loaded);
      });
    return () => {
      live = false;
    };
  }, [publishableKey, stripeAccount]);
  if (stripe === undefined) return <p role="status">Loading the secure payment form…</p>;
  if (stripe === null) {
    return (
      <p role="alert">
        The secure payment form could not be loaded. Check your connection and refresh the page.
      </p>
    );
  }
  return (
    <Elements key={clientSecret} stripe={stripe} options={{ clientSecret, appearance: { theme: 'stripe' } }}>
      <InvoiceCheckout label={label} onConfirmed={onConfirmed} />
    </Elements>
  );
}
