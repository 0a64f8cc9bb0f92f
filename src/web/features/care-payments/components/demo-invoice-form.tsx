import { useId, useState, type FormEvent } from 'react';
import { DEMO_AUTHENTICATION_CARD } from '@contracts/care-payments';
import { DEMO_CARDS } from '@contracts/subscriptions';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/text-field';
import { ApiError } from '@web/lib/api-client';
import { useConfirmDemoPayment } from '../api/care-payments';

/** The demo provider's card form for an invoice (no card is charged): Stripe's test cards' answers. */
export function DemoInvoiceForm({
  invoiceId,
  clientSecret,
  label,
}: {
  invoiceId: string;
  clientSecret: string;
  label: string;
}) {
  const id = useId();
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const confirm = useConfirmDemoPayment(invoiceId);
  const error = confirm.error instanceof ApiError ? confirm.error : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    confirm.mutate({ clientSecret, ...card });
  }
  const field = (name: keyof typeof card) => ({
    id: `${id}-${name}`,
    name,
    value: card[name],
    inputMode: 'numeric' as const,
    error: error?.fieldErrors[name],
    onChange: (event: { target: { value: string } }) =>
      setCard((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <p id={`${id}-cards`} className="text-sm text-muted-foreground">
        Demo mode: no card is charged. {DEMO_CARDS.success} pays, {DEMO_CARDS.declined} is declined, and{' '}
        {DEMO_AUTHENTICATION_CARD} asks for your bank's confirmation when saved for automatic payments. Any
        future expiry and any 3-digit CVC.
      </p>
      <TextField
        {...field('cardNumber')}
        label="Card number"
        autoComplete="cc-number"
        aria-describedby={`${id}-cards`}
      />
      <div className="grid gap-5 min-[360px]:grid-cols-2">
        <TextField {...field('expiry')} label="Expiry" hint="MM / YY" autoComplete="cc-exp" />
        <TextField {...field('cvc')} label="CVC" hint="3 or 4 digits" autoComplete="cc-csc" />
      </div>
      {error && Object.keys(error.fieldErrors).length === 0 ? (
        <p
          role="alert"
          className="rounded-md border border-destructive bg-destructive-soft p-3 text-sm font-medium text-destructive"
        >
          {error.serverMessage ?? 'The payment did not go through.'}
        </p>
      ) : null}
      <Button type="submit" disabled={confirm.isPending}>
        {confirm.isPending ? 'Processing...' : label}
      </Button>
    </form>
  );
}
