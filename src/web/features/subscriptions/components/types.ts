import type { ActivationTarget } from '../api/payments-api';

export type PaymentFormProps = {
  /** From the server's create-subscription, subscribe or carer-membership answer. */
  clientSecret: string;
  /** The idle button text ('Subscribe Now - £49', 'Pay £29'); 'Processing...' while busy. */
  submitLabel: string;
  /** What the payment switches on; the form waits until the server shows it active. */
  activation: ActivationTarget;
  /** The payment is confirmed and the plan or membership is active. */
  onSuccess: () => void | Promise<void>;
  /** The provider refused the payment; `message` is its reason ('Your card was declined.'). */
  onFailure: (message: string) => void;
};
