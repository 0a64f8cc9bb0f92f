import { lazy, Suspense } from 'react';
import { RotateCw } from 'lucide-react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { DemoCardForm } from './demo-card-form';
import { PaymentFormLoading } from './payment-form-loading';
import { usePaymentsConfig } from '../api/payments-api';
import type { PaymentFormProps } from './types';

export type { PaymentFormProps } from './types';

// Stripe's code loads only when a Stripe form is shown, never with the landing page.
const StripePaymentForm = lazy(async () => ({
  default: (await import('./stripe-payment-form')).StripePaymentForm,
}));

/**
 * Product §4 payment form (idle, processing, then success or failure) with the provider the server
 * names: Stripe's Payment Element, or the demo card form when no Stripe keys are set.
 */
export function PaymentForm(props: PaymentFormProps) {
  const config = usePaymentsConfig();
  if (config.isPending) return <PaymentFormLoading />;
  if (config.isError) {
    return (
      <Alert variant="destructive" role="alert" className="flex-col sm:flex-row sm:items-center">
        <p className="flex-1">The payment form could not be loaded. Please try again.</p>
        <Button variant="outline" size="sm" onClick={() => void config.refetch()}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </Alert>
    );
  }
  const { provider, publishableKey } = config.data;
  if (provider === 'stripe' && publishableKey) {
    return (
      <Suspense fallback={<PaymentFormLoading />}>
        <StripePaymentForm publishableKey={publishableKey} {...props} />
      </Suspense>
    );
  }
  return <DemoCardForm {...props} />;
}
