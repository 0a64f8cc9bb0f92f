import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { ANNUAL_SAVING_PENCE, formatPounds, PLANS } from '@contracts/pricing';
import {
  SUBSCRIPTION_MESSAGES,
  type SubscribeResponse,
  type SubscriptionStatus,
} from '@contracts/subscriptions';
import { PlanKeyTerms } from '@web/features/subscriptions/components/plan-key-terms';
import { hasEnded } from '@web/features/subscriptions/components/subscription-state';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDateGB } from '@web/lib/format';
import { useSubscribe } from '../api/subscriptions';
import { MatchingCarersCount } from './matching-carers-count';
import { PlanFeatures } from './plan-features';

const PLAN_CARDS = [
  {
    type: 'monthly',
    plan: PLANS.monthly,
    period: '/month',
    note: 'Billed monthly, cancel anytime',
    button: 'Start Monthly Plan',
    badge: null,
  },
  {
    type: 'annual',
    plan: PLANS.annual,
    period: '/year',
    note: 'One-time payment',
    button: 'Get Annual Plan',
    badge: `Best Value - Save ${formatPounds(ANNUAL_SAVING_PENCE)}`,
  },
] as const;

/** A plan that ran out: product §4's 'Expired', said in words. */
function ExpiredNote({ status }: { status: SubscriptionStatus }) {
  if (!status.expiresAt || !status.subscriptionType || !hasEnded(status.expiresAt)) return null;
  return (
    <Alert className="mt-6">
      <p>
        <span className="font-semibold">Expired: </span>
        {`your access ended on ${formatLongDateGB(status.expiresAt)}. Choose a plan to contact carers again.`}
      </p>
    </Alert>
  );
}

/** Product §2 /subscribe, no active plan: the Monthly and Annual cards; a choice starts a payment. */
export function ChoosePlan({
  status,
  onPaymentStarted,
  focusOnShow,
}: {
  status: SubscriptionStatus;
  onPaymentStarted: (payment: SubscribeResponse) => void;
  focusOnShow: boolean;
}) {
  const subscribe = useSubscribe();
  const heading = useRef<HTMLHeadingElement>(null);
  const pendingType = subscribe.isPending ? subscribe.variables?.type : undefined;

  useEffect(() => {
    if (focusOnShow) heading.current?.focus();
  }, [focusOnShow]);

  const choose = (type: 'monthly' | 'annual') => {
    if (subscribe.isPending) return;
    subscribe.mutate(
      { type },
      {
        onSuccess: onPaymentStarted,
        onError: (error) =>
          toast({
            title: SUBSCRIPTION_MESSAGES.subscribeFailedTitle,
            description: errorMessage(error, SUBSCRIPTION_MESSAGES.subscribeFailedDescription),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <div>
      <header className="text-center">
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-3xl font-bold tracking-tight focus:outline-none sm:text-4xl"
        >
          Choose Your Plan
        </h1>
        <p className="mt-4 text-lg text-muted-foreground">Pick the plan that suits your family.</p>
      </header>
      <ExpiredNote status={status} />
      <MatchingCarersCount className="mt-8" />
      <ul className="mt-10 grid gap-6 md:grid-cols-2" aria-label="Plans">
        {PLAN_CARDS.map(({ type, plan, period, note, button, badge }) => (
          <li key={type}>
            <Card className="flex h-full flex-col p-6 sm:p-8">
              {badge ? <Badge className="mb-3">{badge}</Badge> : null}
              <h2 className="text-xl font-semibold">{plan.label}</h2>
              <p className="mt-4">
                <span className="text-4xl font-bold">{formatPounds(plan.amountPence)}</span>
                <span className="text-muted-foreground">{period}</span>
              </p>
              <p className="mt-1 text-sm text-muted-foreground">{note}</p>
              <PlanKeyTerms plan={type} id={`terms-${type}`} className="mt-4 flex-1" />
              <Button
                size="lg"
                className="mt-6 w-full"
                aria-disabled={subscribe.isPending || undefined}
                onClick={() => choose(type)}
              >
                {pendingType === type ? (
                  <>
                    <Spinner />
                    Processing...
                  </>
                ) : (
                  button
                )}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
      <section aria-labelledby="plans-include" className="mt-10 rounded-lg bg-secondary p-6 sm:p-8">
        <h2 id="plans-include" className="text-lg font-semibold">
          Both plans include
        </h2>
        <PlanFeatures className="mt-4 grid gap-3 sm:grid-cols-2" />
      </section>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Prefer a single payment for a shorter time?{' '}
        <Link to={paths.subscription} className="font-medium text-primary underline underline-offset-4">
          {`${PLANS.threeMonth.label} for ${formatPounds(PLANS.threeMonth.amountPence)}`}
        </Link>
        {' · '}
        <Link to={paths.pricing} className="font-medium text-primary underline underline-offset-4">
          Compare the three plans
        </Link>
      </p>
    </div>
  );
}
