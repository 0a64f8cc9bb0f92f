import { useCallback, useEffect, useRef, useState } from 'react';
import { RotateCw } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { CARER_MEMBERSHIP, formatPounds } from '@contracts/pricing';
import {
  SUBSCRIPTION_MESSAGES,
  type CarerMembership,
  type CarerMembershipState,
} from '@contracts/subscriptions';
import { LISTING_MESSAGES } from '@contracts/verification';
import { PaymentForm } from '@web/features/subscriptions/components/payment-form';
import { PlanKeyTerms } from '@web/features/subscriptions/components/plan-key-terms';
import { PaymentHistoryTable } from '@web/features/subscriptions/components/payment-history';
import { usePaymentReturn } from '@web/features/subscriptions/components/payment-return';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDateGB } from '@web/lib/format';
import { refreshAfterMembershipChange, useCarerMembership, useStartMembership } from '../api/membership';
import { CancelMembershipButton } from './cancel-membership';
import { EmailConfirmationNotice, needsEmailConfirmation } from '@web/components/email-confirmation';
import { useAuth } from '@web/lib/auth';

const PRICE = `${formatPounds(CARER_MEMBERSHIP.amountPence)}/month`;
const PAY_LABEL = `Pay ${formatPounds(CARER_MEMBERSHIP.amountPence)}`;

const longDate = (value: string | null) => (value ? formatLongDateGB(value) : 'N/A');

const BADGES: Record<
  CarerMembershipState,
  { text: string; variant: 'success' | 'secondary' | 'muted' | 'destructive' }
> = {
  introductory: { text: 'Introductory', variant: 'secondary' },
  active: { text: 'Active', variant: 'success' },
  cancelling: { text: 'Cancelled', variant: 'muted' },
  past_due: { text: 'Payment failed', variant: 'destructive' },
  lapsed: { text: 'Not listed', variant: 'muted' },
};

/** The period a carer whose checks are not approved yet has paid for or been given: it does not list them. */
function periodBeforeChecks(membership: CarerMembership): string {
  switch (membership.state) {
    case 'introductory':
      return `Introductory period until ${longDate(membership.listedUntil)}.`;
    case 'active':
      return membership.nextPaymentDate
        ? `Membership active. Next payment on ${longDate(membership.nextPaymentDate)}.`
        : 'Membership active.';
    case 'cancelling':
      return `Membership cancelled — it ends on ${longDate(membership.listedUntil)}.`;
    case 'past_due':
      return 'Your last payment failed.';
    case 'lapsed':
      return 'No membership.';
  }
}

function stateText(membership: CarerMembership, checksApproved: boolean): string {
  // Listed needs both: a current period and approved checks (decision 0026).
  if (!checksApproved) return `${periodBeforeChecks(membership)} ${LISTING_MESSAGES.listedOnceApproved}`;
  switch (membership.state) {
    case 'introductory':
      return `Introductory period — listed until ${longDate(membership.listedUntil)}`;
    case 'active':
      return membership.nextPaymentDate
        ? `Listed in search. Next payment on ${longDate(membership.nextPaymentDate)}`
        : 'Listed in search.';
    case 'cancelling':
      return `Membership cancelled — listed until ${longDate(membership.listedUntil)}`;
    case 'past_due':
      return membership.nextPaymentDate
        ? `Your last payment failed — listed until ${longDate(membership.listedUntil)}. We will try again on ${longDate(membership.nextPaymentDate)}.`
        : `Your last payment failed — listed until ${longDate(membership.listedUntil)}`;
    case 'lapsed':
      return 'Not listed in search — start your membership to appear to families';
  }
}

/** What paying now gives, said before the button (decision 0027). */
function ifPaidText(membership: CarerMembership): string {
  const until = longDate(membership.listedUntilIfPaid);
  const monthly = `${formatPounds(CARER_MEMBERSHIP.amountPence)} is then taken each month until you cancel.`;
  return membership.renewalNeedsChoice
    ? `Your membership is paid until ${longDate(membership.listedUntil)} and will not renew. Renewing now starts a new membership: you pay ${formatPounds(CARER_MEMBERSHIP.amountPence)} today and it runs until ${until}; ${monthly}`
    : `Paying ${formatPounds(CARER_MEMBERSHIP.amountPence)} now starts your membership, running until ${until}; ${monthly}`;
}

/** The button that starts a payment; null while a membership is live (active, or retrying a failed payment). */
function startLabel(membership: CarerMembership): string | null {
  if (membership.state === 'active' || membership.state === 'past_due') return null;
  const paidBefore = membership.payments.some(
    (payment) => payment.plan === 'carer_membership' && payment.status === 'succeeded',
  );
  return membership.state === 'introductory' || !paidBefore ? 'Start Membership' : 'Renew Membership';
}

function Membership({
  membership,
  checksApproved,
}: {
  membership: CarerMembership;
  checksApproved: boolean;
}) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const paymentHeading = useRef<HTMLHeadingElement>(null);
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const start = useStartMembership();
  const label = startLabel(membership);
  const badge = BADGES[membership.state];

  useEffect(() => {
    if (clientSecret) paymentHeading.current?.focus();
  }, [clientSecret]);

  const paid = useCallback(async () => {
    toast({
      title: SUBSCRIPTION_MESSAGES.paymentSuccessTitle,
      description: checksApproved
        ? 'Your membership is active. Families can find your profile in search.'
        : `Your membership is active. ${LISTING_MESSAGES.listedOnceApproved}`,
    });
    await refreshAfterMembershipChange(queryClient);
    setClientSecret(null);
    heading.current?.focus();
  }, [queryClient, checksApproved]);

  const paymentFailed = useCallback((message: string) => {
    toast({ title: SUBSCRIPTION_MESSAGES.paymentFailedTitle, description: message, variant: 'destructive' });
  }, []);

  const returning = usePaymentReturn({
    activation: 'carer-membership',
    onSuccess: paid,
    onFailure: paymentFailed,
  });

  const startPayment = () => {
    if (start.isPending) return;
    // Renewing while a cancelled membership still lists the profile is an explicit choice (decision
    // 0027): the text beside the button gave the new listing date.
    start.mutate(membership.renewalNeedsChoice ? { extend: true } : undefined, {
      onSuccess: (started) => setClientSecret(started.clientSecret),
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to start your membership. Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
            Membership
          </h2>
          <p className="text-sm text-muted-foreground">{`${CARER_MEMBERSHIP.label}: ${PRICE}`}</p>
        </div>
        <Badge variant={badge.variant}>{badge.text}</Badge>
      </div>
      <p className="mt-3 font-medium">
        {returning ? 'Confirming your payment…' : stateText(membership, checksApproved)}
      </p>

      {clientSecret ? (
        <section aria-labelledby="membership-payment-heading" className="mt-6 grid max-w-xl gap-4">
          <h3
            id="membership-payment-heading"
            ref={paymentHeading}
            tabIndex={-1}
            className="text-base font-semibold focus:outline-none"
          >
            Payment Details
          </h3>
          <PlanKeyTerms plan="carer_membership" id="terms-membership-paying" headingLevel={3} />
          <PaymentForm
            clientSecret={clientSecret}
            submitLabel={PAY_LABEL}
            activation="carer-membership"
            onSuccess={paid}
            onFailure={paymentFailed}
          />
          <Button
            variant="ghost"
            onClick={() => {
              setClientSecret(null);
              heading.current?.focus();
            }}
          >
            Not Now
          </Button>
        </section>
      ) : (
        <div className="mt-4 flex flex-wrap gap-3">
          {label && needsEmailConfirmation(user) ? (
            // Paying waits for a confirmed email address (the server answers 403 otherwise).
            <EmailConfirmationNotice user={user} />
          ) : label ? (
            <>
              {membership.listedUntilIfPaid ? (
                <p className="w-full text-sm text-muted-foreground">{ifPaidText(membership)}</p>
              ) : null}
              <PlanKeyTerms plan="carer_membership" id="terms-membership" className="w-full max-w-xl" />
              <Button aria-disabled={start.isPending || returning || undefined} onClick={startPayment}>
                {start.isPending ? (
                  <>
                    <Spinner />
                    Processing...
                  </>
                ) : (
                  label
                )}
              </Button>
            </>
          ) : null}
          {/* Always mounted: cancelling turns the membership into one to renew, and its toast must
              still follow. It shows itself only while the membership renews (no start button then). */}
          <CancelMembershipButton membership={membership} place="dashboard" focusAfter={heading} />
        </div>
      )}

      <div className="mt-6 border-t border-border pt-4">
        <PaymentHistoryTable
          payments={membership.payments}
          headingId="membership-payments-heading"
          headingLevel={3}
          title="Membership payments"
        />
      </div>
    </>
  );
}

/** The carer dashboard's membership card: state, £29/month, start or cancel, and the payments. */
/** `checksApproved`: the profile's checks are approved, so a current period lists it. */
export function MembershipCard({ checksApproved }: { checksApproved: boolean }) {
  const membership = useCarerMembership();
  return (
    <Card className="mb-8 p-6">
      {membership.isPending ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">Loading your membership</span>
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-5 w-72 max-w-full" />
          <Skeleton className="h-10 w-44" />
        </div>
      ) : membership.isError ? (
        <Alert variant="destructive" role="alert" className="flex-col sm:flex-row sm:items-center">
          <p className="flex-1">
            {errorMessage(membership.error, 'We could not load your membership. Please try again.')}
          </p>
          <Button variant="outline" size="sm" onClick={() => void membership.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </Alert>
      ) : (
        <Membership membership={membership.data} checksApproved={checksApproved} />
      )}
    </Card>
  );
}
