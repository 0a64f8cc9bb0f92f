import { useEffect, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { planSummary } from '@contracts/pricing';
import { SUBSCRIPTION_MESSAGES, type SubscriptionStatus } from '@contracts/subscriptions';
import { ConfirmDialog } from '@web/components/payments/confirm-dialog';
import { PaymentHistoryTable } from '@web/components/payments/payment-history';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDateGB } from '@web/lib/format';
import { useCancelSubscription, usePaymentHistory, useSubscriptionPlans } from '../api/subscriptions';
import { ExtendAccess } from './extend-access';

const longDate = (value: string | null) => (value ? formatLongDateGB(value) : 'N/A');

function renewalText(status: SubscriptionStatus): string | null {
  if (status.subscriptionType !== 'monthly') return null;
  if (status.renews) return `Yes — next payment on ${longDate(status.expiresAt)}`;
  return `No — access until ${longDate(status.expiresAt)}`;
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

/** SPEC 2 /subscribe, active: the plan, its status and end date, and (issue) cancelling a Monthly plan. */
export function ActiveSubscription({
  status,
  focusOnShow,
}: {
  status: SubscriptionStatus;
  /** Move the keyboard focus to the heading (after a payment replaced the form with this view). */
  focusOnShow: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription();
  const renewal = renewalText(status);
  const plans = useSubscriptionPlans({ enabled: true });
  // A renewing Monthly plan is cancelled, not extended; the one-time plans say when they can be.
  const extendOptions = status.renews
    ? []
    : (plans.data?.plans ?? []).filter((option) => option.type !== 'monthly');

  useEffect(() => {
    if (focusOnShow) heading.current?.focus();
  }, [focusOnShow]);

  const cancelPlan = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({
          title: SUBSCRIPTION_MESSAGES.cancelledTitle,
          description: SUBSCRIPTION_MESSAGES.cancelledDescription,
        });
      },
      onError: (error) => {
        setConfirming(false);
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to cancel your plan. Please try again.'),
          variant: 'destructive',
        });
      },
    });

  const rows = [
    { label: 'Plan', value: status.subscriptionType ? planSummary(status.subscriptionType) : 'N/A' },
    { label: 'Status', value: <Badge variant="success">Active</Badge> },
    { label: 'Expires', value: longDate(status.expiresAt) },
    ...(renewal ? [{ label: 'Renews', value: renewal }] : []),
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
          {status.renews ? (
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              trigger={<Button variant="outline">Cancel Plan</Button>}
              title="Cancel your Monthly plan?"
              description={
                <p>
                  {`Your plan will not renew and you will not be charged again. You keep access until ${longDate(status.expiresAt)}.`}
                </p>
              }
              keepLabel="Keep My Plan"
              confirmLabel="Cancel Plan"
              busy={cancel.isPending}
              onConfirm={cancelPlan}
              onCloseAutoFocus={(event) => {
                // After cancelling, the button that opened the dialog is gone.
                if (cancel.isSuccess) {
                  event.preventDefault();
                  heading.current?.focus();
                }
              }}
            />
          ) : null}
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
