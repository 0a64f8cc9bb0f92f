import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';

/** Product §2 and §4: the form's button shows its label when idle and 'Processing...' while busy. */
export function PaymentSubmitButton({
  label,
  busy,
  unavailable = false,
}: {
  label: string;
  busy: boolean;
  /** The form cannot be sent yet (the provider's fields are still loading). */
  unavailable?: boolean;
}) {
  return (
    // aria-disabled, not disabled, so the keyboard focus stays on the button while paying.
    <Button type="submit" size="lg" className="w-full" aria-disabled={busy || unavailable || undefined}>
      {busy ? (
        <>
          <Spinner />
          Processing...
        </>
      ) : (
        label
      )}
    </Button>
  );
}
