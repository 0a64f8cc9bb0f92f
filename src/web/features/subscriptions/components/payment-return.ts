import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useEditAddress } from '@web/lib/use-edit-address';
import { waitForActivation, type ActivationTarget } from '../api/payments-api';

/** What Stripe adds to the return address after a redirect-based payment method. */
const RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'] as const;

const NOT_COMPLETED = 'Your payment was not completed. Please try again.';

/**
 * Back from a payment method that left the site (a bank's page, say): finish the payment the
 * way the in-page form would, then tidy the address. Returns true while that is under way.
 */
export function usePaymentReturn({
  activation,
  onSuccess,
  onFailure,
}: {
  activation: ActivationTarget;
  onSuccess: () => void | Promise<void>;
  onFailure: (message: string) => void;
}): boolean {
  const [searchParams] = useSearchParams();
  const editAddress = useEditAddress();
  const redirectStatus = searchParams.get('redirect_status');
  // A failed return shows the failure at once; any other waits for the plan to switch on.
  const [returning, setReturning] = useState(redirectStatus !== null && redirectStatus !== 'failed');
  const handled = useRef(false);
  const callbacks = useRef({ onSuccess, onFailure });
  useEffect(() => {
    callbacks.current = { onSuccess, onFailure };
  });

  useEffect(() => {
    if (handled.current || redirectStatus === null) return;
    handled.current = true;
    editAddress(
      (address) => {
        for (const name of RETURN_PARAMS) address.delete(name);
      },
      { replace: true },
    );
    if (redirectStatus === 'failed') {
      callbacks.current.onFailure(NOT_COMPLETED);
      return;
    }
    void waitForActivation(activation, null).then(async () => {
      await callbacks.current.onSuccess();
      setReturning(false);
    });
  }, [activation, redirectStatus, editAddress]);

  return returning;
}
