import { useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { formatPounds, planSummary } from '@contracts/pricing';
import { SUBSCRIPTION_MESSAGES, type SubscriptionStatus } from '@contracts/subscriptions';
import { CancelPlanButton, useSubscriptionStatus } from '@web/features/subscriptions';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatLongDateGB } from '@web/lib/format';
import { FormAlert, SettingsSection } from './settings-section';

/** How the plan ends, in one sentence. */
function endingText(status: SubscriptionStatus): string {
  const until = status.expiresAt ? formatLongDateGB(status.expiresAt) : null;
  if (status.renews) {
    // The billing period's end; days no-reply protection added run past it, unpaid.
    const next = formatLongDateGB(status.nextPaymentAt ?? status.expiresAt ?? '');
    return next === until
      ? `Renews automatically: the next payment is on ${next}.`
      : `Renews automatically: the next payment is on ${next}. Your access runs until ${until}.`;
  }
  if (status.cancelAtPeriodEnd)
    return `Cancelled: you keep access until ${until}. Nothing more will be taken.`;
  if (status.refundIfCancelledPence !== null && status.refundableUntil) {
    return `${SUBSCRIPTION_MESSAGES.nothingRenews} Access until ${until}. Cancel by ${formatLongDateGB(status.refundableUntil)} to get back ${formatPounds(status.refundIfCancelledPence)} for the days you have not used.`;
  }
  return `${SUBSCRIPTION_MESSAGES.nothingRenews} Access until ${until}.`;
}

/** A family's plan in Settings: what it is, how it ends, and "Cancel subscription" (two clicks). */
export function SubscriptionSection() {
  const heading = useRef<HTMLParagraphElement>(null);
  const status = useSubscriptionStatus({ enabled: true });
  return (
    <SettingsSection
      id="subscription"
      title="Subscription"
      description="Your plan, how it ends, and cancelling it."
    >
      {status.isPending ? (
        <div role="status" className="grid gap-2">
          <span className="sr-only">Loading your plan</span>
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-5 w-72" />
        </div>
      ) : status.isError ? (
        <FormAlert message="We could not load your plan. Please try again later." />
      ) : status.data.hasActiveSubscription && status.data.subscriptionType ? (
        <>
          <p ref={heading} tabIndex={-1} className="font-medium focus:outline-none">
            {planSummary(status.data.subscriptionType)}
          </p>
          <p className="text-sm">{endingText(status.data)}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <CancelPlanButton status={status.data} focusAfter={heading} />
          </div>
        </>
      ) : (
        <p className="text-sm">
          You have no active plan.{' '}
          <Link to={paths.subscribe} className="font-medium underline underline-offset-4">
            Choose a plan
          </Link>
        </p>
      )}
    </SettingsSection>
  );
}
