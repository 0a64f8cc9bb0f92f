import { useState } from 'react';
import { Link } from 'react-router';
import { CIRCLE_ROLE_DESCRIPTIONS, CIRCLE_ROLE_LABELS, type CircleMembership } from '@contracts/circle';
import { paths } from '@contracts/paths';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDateGB } from '@web/lib/format';
import { useCircle, useLeaveCircle } from '@web/features/circle';
import { SettingsSection } from './settings-section';
import { CARE_ARRANGEMENTS_NAME } from '@contracts/site-texts';

const LEAVE_FAILED = 'You could not leave the circle. Please try again.';

function MembershipRow({ membership }: { membership: CircleMembership }) {
  const leave = useLeaveCircle();
  const [confirming, setConfirming] = useState(false);
  const nameId = `circle-membership-${membership.id}-name`;
  const whose = `${membership.holderName}’s family circle`;
  return (
    <li className="grid gap-3 py-4 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid min-w-0 gap-1">
        <p id={nameId} className="flex flex-wrap items-center gap-2 font-medium wrap-anywhere">
          {whose}
          <Badge variant="secondary">{CIRCLE_ROLE_LABELS[membership.role]}</Badge>
        </p>
        <p className="text-sm text-muted-foreground">
          {`You ${CIRCLE_ROLE_DESCRIPTIONS[membership.role]}. Joined ${formatLongDateGB(membership.joinedAt)}.`}
        </p>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        trigger={
          <Button variant="outline" className="w-full sm:w-fit" aria-describedby={nameId}>
            Leave
          </Button>
        }
        title={`Leave ${whose}?`}
        description={
          <p>
            You will no longer see their care arrangements, visits or notices. To join again, you need a new
            invitation.
          </p>
        }
        confirmLabel="Leave"
        keepLabel="Stay"
        busy={leave.isPending}
        onConfirm={() =>
          leave.mutate(membership.id, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: 'You left the circle', description: `You are no longer in ${whose}.` });
            },
            onError: (error) => {
              setConfirming(false);
              toast({
                variant: 'destructive',
                title: 'Something went wrong',
                description: errorMessage(error, LEAVE_FAILED),
              });
            },
          })
        }
      />
    </li>
  );
}

/** Settings, for someone in other families' circles: which, what they may do there, and Leave. */
export function CircleMembershipsSection() {
  const circle = useCircle();
  const memberships = circle.data?.memberships ?? [];
  // Nothing to show to someone in no circle (and nothing while loading: the holder's section says so).
  if (memberships.length === 0) return null;
  return (
    <SettingsSection
      id="circles-you-are-in"
      title="Family circles you are in"
      description={
        <>
          Their care arrangements and visits are on{' '}
          <Link to={paths.myCare} className="font-medium text-primary underline underline-offset-4">
            {CARE_ARRANGEMENTS_NAME}
          </Link>
          .
        </>
      }
    >
      <ul aria-label="Family circles you are in" className="divide-y divide-border">
        {memberships.map((membership) => (
          <MembershipRow key={membership.id} membership={membership} />
        ))}
      </ul>
    </SettingsSection>
  );
}
