import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog; focus returns to it when the dialog closes unconfirmed. */
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The button that closes the dialog and changes nothing. */
  keepLabel: string;
  busy: boolean;
  onConfirm: () => void;
  /** Where focus goes when the dialog closes (the trigger may be gone after a confirmation). */
  onCloseAutoFocus?: (event: Event) => void;
};

/** A modal question before something that cannot be undone from here (cancelling a plan). */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  keepLabel,
  busy,
  onConfirm,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-w-md" closeButton={false} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription asChild>
          <div className="mt-2">{description}</div>
        </DialogDescription>
        <DialogFooter className="mt-6">
          <DialogClose asChild>
            <Button variant="outline" aria-disabled={busy || undefined}>
              {keepLabel}
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            aria-disabled={busy || undefined}
            onClick={() => (busy ? undefined : onConfirm())}
          >
            {busy ? (
              <>
                <Spinner />
                Processing...
              </>
            ) : (
              confirmLabel
            )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
