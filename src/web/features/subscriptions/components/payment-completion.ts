import { useCallback, useEffect, useRef } from 'react';
import { SUBSCRIPTION_MESSAGES } from '@contracts/subscriptions';
import { waitForActivation, type ActivationTarget } from '../api/payments-api';

/** Said when a provider gives no reason of its own. */
export const PAYMENT_FAILED_FALLBACK = SUBSCRIPTION_MESSAGES.paymentFailed;

/**
 * The last step of every payment form: wait until the server has switched the plan on, then
 * hand over to the page. Nothing is called once the form has left the page.
 */
export function usePaymentCompletion(activation: ActivationTarget, onSuccess: () => void | Promise<void>) {
  const gone = useRef(false);
  const onSuccessRef = useRef(onSuccess);
  useEffect(() => {
    onSuccessRef.current = onSuccess;
  });
  useEffect(() => {
    gone.current = false;
    return () => {
      gone.current = true;
    };
  }, []);
  return useCallback(
    async (baseline: string | null) => {
      // On a timeout the payment has still succeeded: the page refetches and shows what the server says.
      await waitForActivation(activation, baseline, () => gone.current);
      if (!gone.current) await onSuccessRef.current();
    },
    [activation],
  );
}
