import type { ReactNode } from 'react';
import { ADMIN_CONFIRM } from '@contracts/admin';
import { DialogButtons, FormDialog } from '@web/components/form-dialog';

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
    <FormDialog
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
        className="mt-4 grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) onConfirm();
        }}
      >
        {children}
        <DialogButtons
          cancelLabel={ADMIN_CONFIRM.cancel}
          submitLabel={confirmLabel}
          pendingLabel={pendingLabel}
          pending={pending}
          destructive={destructive}
        />
      </form>
    </FormDialog>
  );
}
