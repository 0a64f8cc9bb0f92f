import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';

/**
 * The frame of every dialog that asks for something: the title and description that name it,
 * then the body (a form, mostly). With `trigger`, focus goes back to that button on closing;
 * without, the caller opens and closes it.
 */
export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  ...content
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
} & Pick<
  ComponentProps<typeof DialogContent>,
  // role: 'alertdialog' for a destructive confirmation.
  'role' | 'className' | 'onOpenAutoFocus' | 'onCloseAutoFocus'
>) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent {...content}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * A dialog form's Cancel and submit buttons. The submit button is aria-disabled, not disabled,
 * while the request runs, so focus stays on it; the form ignores a second submit.
 */
export function DialogButtons({
  submitLabel,
  pendingLabel,
  pending,
  destructive = false,
  cancelLabel = 'Cancel',
  className,
}: {
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  destructive?: boolean;
  cancelLabel?: string;
  className?: string;
}) {
  return (
    <DialogFooter className={className}>
      <DialogClose asChild>
        <Button variant="outline">{cancelLabel}</Button>
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
          submitLabel
        )}
      </Button>
    </DialogFooter>
  );
}
