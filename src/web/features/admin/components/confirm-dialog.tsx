import type { ReactNode } from 'react';
import { ADMIN_CONFIRM } from '@contracts/admin';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { AdminDialog, DialogClose } from './admin-dialog';

/**
 * The question before a destructive or trust-granting admin action, naming the
 * person and the consequence. An alert dialog: the keyboard starts on its first field, or on
 * Cancel; Esc cancels; the action runs only from its own button. The caller closes it (or keeps it open) once the
 * call has answered, so the spec's toast follows the confirmation as before.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  destructive = true,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  destructive?: boolean;
  /** Extra content between the description and the buttons (a warning, a reason field). */
  children?: ReactNode;
}) {
  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => {
        if (!pending || next) onOpenChange(next);
      }}
      title={title}
      description={description}
      role="alertdialog"
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) onConfirm();
        }}
      >
        {children}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">{ADMIN_CONFIRM.cancel}</Button>
          </DialogClose>
          <Button
            type="submit"
            variant={destructive ? 'destructive' : 'default'}
            aria-disabled={pending || undefined}
          >
            {pending ? (
              <>
                <Spinner />
                {pendingLabel}
              </>
            ) : (
              confirmLabel
            )}
          </Button>
        </div>
      </form>
    </AdminDialog>
  );
}
