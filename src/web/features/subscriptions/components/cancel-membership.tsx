import { useState, type RefObject } from 'react';
import { SUBSCRIPTION_MESSAGES, type CarerMembership } from '@contracts/subscriptions';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDateGB } from '@web/lib/format';
import { useCancelMembership } from '../api/membership';

/** The words of each place the button is shown: Settings says "subscription", the dashboard "Membership". */
const TEXT = {
  settings: {
    button: 'Cancel subscription',
    keep: 'Keep My Membership',
    body: (listedUntil: string | null) =>
      `Your membership will not renew and you will not be charged again. Your profile stays listed until ${listedUntil ? formatLongDateGB(listedUntil) : 'the end of the period paid for'}. We will email you to confirm.`,
    failed: SUBSCRIPTION_MESSAGES.cancelFailed,
  },
  dashboard: {
    button: 'Cancel Membership',
    keep: 'Keep Membership',
    body: (listedUntil: string | null) =>
      `You will not be charged again. Your profile stays listed in search until ${listedUntil ? formatLongDateGB(listedUntil) : 'N/A'}.`,
    failed: 'Failed to cancel your membership. Please try again.',
  },
} as const;

/**
 * Cancelling a carer's membership in two clicks, in Settings and on the dashboard's membership
 * card: shown only while the membership renews (active, or retrying a failed payment). Keep it
 * mounted once shown: cancelling makes it render nothing, and the toast that follows needs the
 * component still there (a mutation's own callbacks end with it).
 */
export function CancelMembershipButton({
  membership,
  place,
  focusAfter,
}: {
  membership: CarerMembership;
  place: keyof typeof TEXT;
  /** Where focus goes after cancelling (the button is gone then). */
  focusAfter: RefObject<HTMLElement | null>;
}) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelMembership();
  if (membership.state !== 'active' && membership.state !== 'past_due') return null;
  const text = TEXT[place];

  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({
          title: 'Membership Cancelled',
          description: SUBSCRIPTION_MESSAGES.membershipCancelledDescription,
        });
      },
      onError: (error) => {
        setConfirming(false);
        toast({ title: 'Error', description: errorMessage(error, text.failed), variant: 'destructive' });
      },
    });

  return (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      trigger={<Button variant="outline">{text.button}</Button>}
      title="Cancel your membership?"
      description={<p>{text.body(membership.listedUntil)}</p>}
      keepLabel={text.keep}
      confirmLabel={text.button}
      busy={cancel.isPending}
      onConfirm={confirm}
      onCloseAutoFocus={(event) => {
        if (cancel.isSuccess) {
          event.preventDefault();
          focusAfter.current?.focus();
        }
      }}
    />
  );
}
