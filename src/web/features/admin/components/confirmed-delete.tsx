import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { ADMIN_CONFIRM, ADMIN_TOASTS } from '@contracts/admin';
import { toast } from '@web/components/ui/use-toast';
import type { MutationResult } from '@web/lib/mutation';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Deleting a card from an admin list: the admin confirms first (the spec deletes at one click),
 * a toast says how it went, and focus goes to the list, since the card and the button that had
 * focus are gone.
 */
export function useConfirmedDelete<T extends { id: string }, E extends HTMLElement = HTMLUListElement>({
  remove,
  text,
}: {
  remove: MutationResult<void, Error, string>;
  text: {
    title: (item: T) => string;
    body: string;
    button: string;
    deleted: string;
    failed: (error: Error) => string;
  };
}): {
  ask: (item: T) => void;
  deleting: boolean;
  listRef: RefObject<E | null>;
  dialog: ReactNode;
} {
  const listRef = useRef<E>(null);
  const [confirming, setConfirming] = useState<T | null>(null);

  function onDelete(item: T) {
    if (remove.isPending) return;
    remove.mutate(item.id, {
      onSuccess: () => {
        setConfirming(null);
        toast({ title: ADMIN_TOASTS.successTitle, description: text.deleted });
        // After the dialog has handed focus back (to a button that is gone).
        setTimeout(() => listRef.current?.focus(), 0);
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: ADMIN_TOASTS.errorTitle, description: text.failed(error) }),
    });
  }

  const dialog = confirming ? (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) setConfirming(null);
      }}
      title={text.title(confirming)}
      description={text.body}
      confirmLabel={text.button}
      pendingLabel={ADMIN_CONFIRM.deleting}
      pending={remove.isPending}
      onConfirm={() => onDelete(confirming)}
    />
  ) : null;
  return { ask: setConfirming, deleting: remove.isPending, listRef, dialog };
}
