import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { SUBSCRIPTION_MESSAGES, type CarerMembership } from '@contracts/subscriptions';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { carerMembershipQueryOptions, useCancelMembership } from '@web/features/subscriptions';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDateGB } from '@web/lib/format';
import { FormAlert, SettingsSection } from './settings-section';

const date = (value: string | null) => (value ? formatLongDateGB(value) : 'the end of the period paid for');

function stateText(membership: CarerMembership): string {
  switch (membership.state) {
    case 'active':
      return `Renews automatically: the next payment is on ${date(membership.nextPaymentDate)}.`;
    case 'past_due':
      return `The last payment failed; your profile stays listed until ${date(membership.listedUntil)}.`;
    case 'cancelling':
      return `Cancelled: your profile stays listed until ${date(membership.listedUntil)}. Nothing more will be taken.`;
    case 'introductory':
      return `Your introductory listing runs until ${date(membership.listedUntil)}. Nothing is taken until you start the membership.`;
    case 'lapsed':
      return 'No membership: your profile is not shown in search.';
  }
}

/** A carer's membership in Settings: how it ends, and cancelling it in two clicks. */
export function MembershipSection() {
  const summary = useRef<HTMLParagraphElement>(null);
  const [confirming, setConfirming] = useState(false);
  const membership = useQuery(carerMembershipQueryOptions());
  const cancel = useCancelMembership();
  const renews = membership.data?.state === 'active' || membership.data?.state === 'past_due';

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
        toast({
          title: 'Error',
          description: errorMessage(error, SUBSCRIPTION_MESSAGES.cancelFailed),
          variant: 'destructive',
        });
      },
    });

  return (
    <SettingsSection
      id="membership"
      title="Membership"
      description="Your carer membership, how it ends, and cancelling it."
    >
      {membership.isPending ? (
        <div role="status" className="grid gap-2">
          <span className="sr-only">Loading your membership</span>
          <Skeleton className="h-5 w-72" />
        </div>
      ) : membership.isError ? (
        <FormAlert message="We could not load your membership. Please try again later." />
      ) : (
        <>
          <p ref={summary} tabIndex={-1} className="text-sm focus:outline-none">
            {stateText(membership.data)}
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            {renews ? (
              <ConfirmDialog
                open={confirming}
                onOpenChange={setConfirming}
                trigger={<Button variant="outline">Cancel subscription</Button>}
                title="Cancel your membership?"
                description={
                  <p>{`Your membership will not renew and you will not be charged again. Your profile stays listed until ${date(membership.data.listedUntil)}. We will email you to confirm.`}</p>
                }
                keepLabel="Keep My Membership"
                confirmLabel="Cancel subscription"
                busy={cancel.isPending}
                onConfirm={confirm}
                onCloseAutoFocus={(event) => {
                  if (cancel.isSuccess) {
                    event.preventDefault();
                    summary.current?.focus();
                  }
                }}
              />
            ) : null}
            <Button asChild variant="ghost">
              <Link to={paths.carerDashboard}>Membership and payments</Link>
            </Button>
          </div>
        </>
      )}
    </SettingsSection>
  );
}
