import { useEffect, useRef } from 'react';
import { Search } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { formatPounds, planSummary } from '@contracts/pricing';
import type { SubscriptionStatus } from '@contracts/subscriptions';
import { CancelPlanButton } from '@web/features/subscriptions/components/cancel-plan';
import { PaymentHistoryTable } from '@web/features/subscriptions/components/payment-history';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDateGB } from '@web/lib/format';
import { usePaymentHistory, useSubscriptionPlans } from '../api/subscriptions';
import { ExtendAccess } from './extend-access';

const longDate = (value: string | null) => (value ? formatLongDateGB(value) : 'N/A');

function renewalText(status: SubscriptionStatus): string | null {
  if (status.subscriptionType !== 'monthly') return null;
  // The billing period's end: days no-reply protection added run past it, unpaid.
  if (status.renews) return `Yes — next payment on ${longDate(status.nextPaymentAt ?? status.expiresAt)}`;
  return `No — access until ${longDate(status.expiresAt)}`;
}

/** A one-time plan in its first 14 days: cancelling now refunds the unused days. */
function coolingOffText(status: SubscriptionStatus): string | null {
  if (status.renews || status.refundIfCancelledPence === null || !status.refundableUntil) return null;
  return `You can cancel until ${longDate(status.refundableUntil)} and get back ${formatPounds(status.refundIfCancelledPence)} for the days you have not used.`;
}

function PaymentHistoryCard() {
  const history = usePaymentHistory({ enabled: true });
  return (
    <Card className="p-6">
      {history.isPending ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">Loading your payments</span>
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-24" />
        </div>
      ) : history.isError ? (
        <Alert variant="destructive" role="alert">
          {errorMessage(history.error, 'We could not load your payments. Please try again later.')}
        </Alert>
      ) : (
        <PaymentHistoryTable payments={history.data.payments} headingId="payment-history-heading" />
      )}
    </Card>
  );
}

/** Product §2 /subscribe, active: the plan, its status and end date, and cancelling it (two clicks). */
export function ActiveSubscription({
  status,
  focusOnShow,
}: {
  status: SubscriptionStatus;
  /** Move the keyboard focus to the heading (after a payment replaced the form with this view). */
  focusOnShow: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const renewal = renewalText(status);
  const coolingOff = coolingOffText(status);
  const plans = useSubscriptionPlans({ enabled: true });
  // A renewing Monthly plan is cancelled, not extended; the one-time plans say when they can be.
  const extendOptions = status.renews
    ? []
    : (plans.data?.plans ?? []).filter((option) => option.type !== 'monthly');

  useEffect(() => {
    if (focusOnShow) heading.current?.focus();
  }, [focusOnShow]);

  const rows = [
    { label: 'Plan', value: status.subscriptionType ? planSummary(status.subscriptionType) : 'N/A' },
    { label: 'Status', value: <Badge variant="success">Active</Badge> },
    { label: 'Expires', value: longDate(status.expiresAt) },
    ...(renewal ? [{ label: 'Renews', value: renewal }] : []),
    ...(coolingOff ? [{ label: 'Cooling-off', value: coolingOff }] : []),
  ];

  return (
    <div className="grid gap-6">
      <h1
        ref={heading}
        tabIndex={-1}
        className="text-3xl font-bold tracking-tight focus:outline-none sm:text-4xl"
      >
        Active Subscription
      </h1>
      <Card className="p-6">
        <dl className="grid gap-4 sm:grid-cols-2">
          {rows.map(({ label, value }) => (
            <div key={label} className="grid gap-1">
              <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button asChild>
            <Link to={paths.home}>
              <Search aria-hidden="true" />
              Browse Carers
            </Link>
          </Button>
          <CancelPlanButton status={status} focusAfter={heading} />
        </div>
      </Card>
      {extendOptions.length > 0 ? (
        <Card className="p-6">
          <ExtendAccess options={extendOptions} headingLevel={2} />
        </Card>
      ) : null}
      <PaymentHistoryCard />
    </div>
  );
}
