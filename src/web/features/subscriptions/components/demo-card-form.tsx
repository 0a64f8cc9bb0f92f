import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Info } from 'lucide-react';
import { DEMO_CARDS, SUBSCRIPTION_MESSAGES, type DemoCardInput } from '@contracts/subscriptions';
import { Alert } from '@web/components/ui/alert';
import { TextField } from '@web/components/ui/text-field';
import { endpoints } from '@contracts/endpoints';
import { api, ApiError } from '@web/lib/api-client';
import { PAYMENT_FAILED_FALLBACK, usePaymentCompletion } from './payment-completion';
import { PaymentSubmitButton } from './payment-submit-button';
import { activationBaseline } from '../api/payments-api';
import type { PaymentFormProps } from './types';

type CardField = 'cardNumber' | 'expiry' | 'cvc';
const CARD_FIELDS: readonly CardField[] = ['cardNumber', 'expiry', 'cvc'];

const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** Light formatting as people type: '4242 4242 4242 4242', '12 / 34', '123'. */
const FORMATTERS: Record<CardField, (value: string) => string> = {
  cardNumber: (value) => digits(value, 19).replace(/(\d{4})(?=\d)/g, '$1 '),
  expiry: (value) => {
    const d = digits(value, 4);
    return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
  },
  cvc: (value) => digits(value, 4),
};

/**
 * The demo provider's card form (product §10, Demo mode: no card is charged): the same answers as
 * Stripe's test cards, checked by the server, with no card details leaving this machine.
 */
export function DemoCardForm({
  clientSecret,
  submitLabel,
  activation,
  onSuccess,
  onFailure,
}: PaymentFormProps) {
  const id = useId();
  const [values, setValues] = useState<Record<CardField, string>>({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const complete = usePaymentCompletion(activation, onSuccess);
  const fieldId = (field: CardField) => `${id}-${field}`;

  const change = (field: CardField) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = FORMATTERS[field](event.target.value);
    setValues((current) => ({ ...current, [field]: value }));
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    setFailure(null);
    const baseline = await activationBaseline(activation);
    const input: DemoCardInput = { clientSecret, ...values };
    try {
      await api(endpoints.subscriptions.postPaymentsDemoConfirm, { body: input });
    } catch (error) {
      setBusy(false);
      const details = error instanceof ApiError ? error : null;
      const fieldMessages: Partial<Record<CardField, string>> = {};
      for (const field of CARD_FIELDS) {
        const message = details?.fieldErrors[field];
        if (message) fieldMessages[field] = message;
      }
      const firstInvalid = CARD_FIELDS.find((field) => fieldMessages[field]);
      if (firstInvalid) {
        // Render the messages first, so the focused field is announced with its message.
        flushSync(() => setErrors(fieldMessages));
        document.getElementById(fieldId(firstInvalid))?.focus();
        return;
      }
      const message = details?.serverMessage ?? PAYMENT_FAILED_FALLBACK;
      setFailure(message);
      onFailure(message);
      return;
    }
    await complete(baseline);
  }

  const fieldProps = (field: CardField) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    onChange: change(field),
    error: errors[field],
    inputMode: 'numeric' as const,
  });

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate className="grid gap-5">
      <Alert>
        <Info aria-hidden="true" className="text-primary" />
        <div className="grid gap-1">
          <p className="font-medium">{SUBSCRIPTION_MESSAGES.demoNotice}</p>
          <p id={`${id}-cards`} className="text-muted-foreground">
            Test cards: {DEMO_CARDS.success} is accepted, {DEMO_CARDS.declined} is declined and{' '}
            {DEMO_CARDS.insufficientFunds} has insufficient funds. Use any future expiry date and any 3-digit
            CVC.
          </p>
        </div>
      </Alert>
      <TextField
        {...fieldProps('cardNumber')}
        label="Card number"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        aria-describedby={errors.cardNumber ? `${fieldId('cardNumber')}-error ${id}-cards` : `${id}-cards`}
      />
      <div className="grid gap-5 min-[360px]:grid-cols-2">
        <TextField
          {...fieldProps('expiry')}
          label="Expiry"
          hint="MM / YY"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          maxLength={7}
        />
        <TextField
          {...fieldProps('cvc')}
          label="CVC"
          hint="3 or 4 digits"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
        />
      </div>
      {failure ? (
        // The toast announces the failure; this copy stays on screen after the toast has gone.
        <p className="rounded-md border border-destructive bg-destructive-soft p-3 text-sm font-medium text-destructive">
          {failure}
        </p>
      ) : null}
      <PaymentSubmitButton label={submitLabel} busy={busy} />
    </form>
  );
}
