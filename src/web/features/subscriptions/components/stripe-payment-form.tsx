// Loaded on demand (see payment-form.tsx): Stripe's libraries stay out of the initial bundle.
import { useEffect, useState, type FormEvent } from 'react';
import { Lock, RotateCw } from 'lucide-react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { PAYMENT_FAILED_FALLBACK, usePaymentCompletion } from './payment-completion';
import { PaymentFormLoading } from './payment-form-loading';
import type { PaymentFormProps } from './types';
import { PaymentSubmitButton } from './payment-submit-button';
import { activationBaseline } from '../api/payments-api';

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/** One Stripe instance per key for the whole visit; a failed load may be tried again. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => null);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

const PAID_STATUSES = new Set(['succeeded', 'processing', 'requires_capture']);

function StripeCheckoutForm({
  submitLabel,
  activation,
  onSuccess,
  onFailure,
}: Omit<PaymentFormProps, 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const complete = usePaymentCompletion(activation, onSuccess);

  const fail = (message: string) => {
    setBusy(false);
    setFailure(message);
    onFailure(message);
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || !ready || busy) return;
    setBusy(true);
    setFailure(null);
    // The Payment Element checks its own fields and shows their messages beside them.
    const submitted = await elements.submit();
    if (submitted.error) {
      setBusy(false);
      return;
    }
    const baseline = await activationBaseline(activation);
    const result = await stripe.confirmPayment({
      elements,
      redirect: 'if_required',
      // Product §7: the provider's confirm step returns to this site's own origin, to this very
      // address (the chosen plan and the way back to a carer are in its query).
      confirmParams: {
        return_url: `${window.location.origin}${window.location.pathname}${window.location.search}`,
      },
    });
    if (result.error) {
      if (result.error.type === 'validation_error') {
        setBusy(false);
        return;
      }
      fail(result.error.message ?? PAYMENT_FAILED_FALLBACK);
      return;
    }
    if (!PAID_STATUSES.has(result.paymentIntent.status)) {
      fail(PAYMENT_FAILED_FALLBACK);
      return;
    }
    await complete(baseline);
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} className="grid gap-5">
      {ready ? null : <PaymentFormLoading />}
      <PaymentElement options={{ layout: 'tabs' }} onReady={() => setReady(true)} />
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Lock aria-hidden="true" className="size-4" />
        Payments are processed securely by Stripe.
      </p>
      {failure ? (
        <p className="rounded-md border border-destructive bg-destructive-soft p-3 text-sm font-medium text-destructive">
          {failure}
        </p>
      ) : null}
      <PaymentSubmitButton label={submitLabel} busy={busy} unavailable={!ready} />
    </form>
  );
}

/** Stripe's Payment Element for `clientSecret`, confirmed without leaving the page when possible. */
export function StripePaymentForm({
  publishableKey,
  clientSecret,
  ...props
}: PaymentFormProps & { publishableKey: string }) {
  const [stripe, setStripe] = useState<Stripe | null | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    void stripeFor(publishableKey).then((loaded) => {
      if (!live) return;
      if (!loaded) stripeByKey.delete(publishableKey);
      setStripe(loaded);
    });
    return () => {
      live = false;
    };
  }, [publishableKey, attempt]);

  if (stripe === undefined) return <PaymentFormLoading />;
  if (stripe === null) {
    return (
      <Alert variant="destructive" role="alert" className="flex-col sm:flex-row sm:items-center">
        <p className="flex-1">
          The secure payment form could not be loaded. Check your connection and try again.
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            setStripe(undefined);
            setAttempt((n) => n + 1);
          }}
        >
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    // Elements' options are fixed once set: a new payment needs a new provider.
    <Elements key={clientSecret} stripe={stripe} options={{ clientSecret, appearance: { theme: 'stripe' } }}>
      <StripeCheckoutForm {...props} />
    </Elements>
  );
}
