import { Spinner } from '@web/components/ui/spinner';

/** A spinner with its words, announced politely, while a payment form gets ready. */
export function PaymentFormLoading({ label = 'Loading the payment form' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10 text-muted-foreground">
      <Spinner className="size-6 text-primary" />
      <span>{label}</span>
    </div>
  );
}
