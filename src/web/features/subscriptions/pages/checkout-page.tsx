import { useCallback, useEffect, useRef, useState } from 'react';
import { CreditCard, Headset, ShieldCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { SUPPORT_TEXTS, THREE_MONTH_TEXTS } from '@contracts/site-texts';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '@contracts/paths';
import { formatPounds, planName, planPriceLabel, PLANS, PRODUCT_NAME } from '@contracts/pricing';
import { SUBSCRIPTION_MESSAGES, type PlanOption, type SubscriptionStatus } from '@contracts/subscriptions';
import { PaymentForm } from '@web/features/subscriptions/components/payment-form';
import { PlanKeyTerms } from '@web/features/subscriptions/components/plan-key-terms';
import { usePaymentReturn } from '@web/features/subscriptions/components/payment-return';
import { usePaymentsConfig } from '@web/features/subscriptions/api/payments-api';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { ApiError } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/use-page-title';
import { formatLongDateGB } from '@web/lib/format';
import { returnToIn } from '@web/lib/return-to';
import {
  refreshAfterPlanChange,
  useCreateSubscription,
  useSubscriptionPlans,
  useSubscriptionStatus,
} from '../api/subscriptions';
import { ExtendAccess } from '../components/extend-access';
import { PaymentDone } from '../components/payment-done';
import { CarerPlansNote } from '../components/carer-plans-note';
import { PlanFeatures } from '../components/plan-features';
import { SetupError } from '../components/setup-error';
import { SignInRequired } from '../components/sign-in-required';
import { EmailConfirmationNotice, needsEmailConfirmation } from '@web/components/email-confirmation';
import { MatchingCarersCount } from '../components/matching-carers-count';

const plan = PLANS.threeMonth;

function TrustBadges() {
  const config = usePaymentsConfig();
  const provider =
    config.data?.provider === 'stripe'
      ? 'Payments by Stripe'
      : config.data
        ? SUBSCRIPTION_MESSAGES.demoNotice
        : null;
  const badges = [
    { icon: ShieldCheck, text: 'SSL secured' },
    { icon: CreditCard, text: provider ?? 'Secure card payments' },
    { icon: Headset, text: SUPPORT_TEXTS.badge },
  ];
  return (
    <ul className="mt-6 grid gap-3 border-t border-border pt-6 text-sm" aria-label="Your payment is safe">
      {badges.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-center gap-2 text-muted-foreground">
          <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
          {text}
        </li>
      ))}
    </ul>
  );
}

function PlanCard() {
  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-xl font-semibold">{plan.label}</h2>
      <p className="mt-4">
        <span className="text-4xl font-bold">{formatPounds(plan.amountPence)}</span>
        <span className="text-muted-foreground"> per 3 months</span>
      </p>
      <p className="mt-1 text-sm text-muted-foreground">{THREE_MONTH_TEXTS.billing}</p>
      <PlanKeyTerms plan="three_month" id="terms-three-month" className="mt-4" />
      <PlanFeatures className="mt-6 grid gap-3" />
      <TrustBadges />
    </Card>
  );
}

/**
 * Someone without access: the 3-Month Access payment is set up as soon as the page opens (product §7)
 * and taken. The payment row this makes is not history until the card is submitted (decision 0027).
 */
function NewCheckout({
  paymentSucceeded,
  paymentFailed,
}: {
  paymentSucceeded: () => Promise<void>;
  paymentFailed: (message: string) => void;
}) {
  const setup = useCreateSubscription();
  const started = useRef(false);

  const { mutate } = setup;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(undefined, {
      onError: () =>
        toast({
          title: SUBSCRIPTION_MESSAGES.setupFailedTitle,
          description: SUBSCRIPTION_MESSAGES.setupFailedDescription,
          variant: 'destructive',
        }),
    });
  }, [mutate]);

  if (setup.isError) {
    const details = setup.error instanceof ApiError ? setup.error : null;
    // A plan that renews (409) cannot be joined by another: say why, in the server's words.
    const conflict = details?.status === 409 && details.serverMessage;
    return (
      <SetupError
        message={conflict || SUBSCRIPTION_MESSAGES.setupErrorDescription}
        offerPlanPage={Boolean(conflict)}
      />
    );
  }

  if (!setup.isSuccess) {
    return <PageSpinner label="Setting up your payment" className="min-h-80" />;
  }

  return (
    <div className="grid items-start gap-8 lg:grid-cols-2">
      <PlanCard />
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Payment Details</h2>
          </CardTitle>
          <CardDescription>
            {`${plan.label}: ${formatPounds(plan.amountPence)} once, for 3 months of access.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PaymentForm
            clientSecret={setup.data.clientSecret}
            submitLabel={`Subscribe Now - ${formatPounds(plan.amountPence)}`}
            activation="subscription"
            onSuccess={paymentSucceeded}
            onFailure={paymentFailed}
          />
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * Decision 0027: someone whose access runs sees it (also on Back after paying), and an explicit
 * extension with its new end date, or why not yet, never a card form that opened by itself.
 */
function CurrentAccess({ status, option }: { status: SubscriptionStatus; option: PlanOption | undefined }) {
  const type = status.subscriptionType;
  return (
    <div className="grid items-start gap-8 lg:grid-cols-2">
      <PlanCard />
      <Card className="grid gap-6 p-6 sm:p-8">
        <div className="grid gap-2">
          <h2 className="text-xl font-semibold">Your access</h2>
          <p>
            {type
              ? `Your ${planName(type)} (${planPriceLabel(type)}) is active until ${formatLongDateGB(status.expiresAt ?? '')}.`
              : `Your access is active until ${formatLongDateGB(status.expiresAt ?? '')}.`}
          </p>
          <p>
            <Link to={paths.subscribe} className="font-medium text-primary underline underline-offset-4">
              Manage your plan and payments
            </Link>
          </p>
        </div>
        {option ? <ExtendAccess options={[option]} headingLevel={3} /> : null}
      </Card>
    </div>
  );
}

/** Reads the account's plan first: the checkout depends on it. */
function Checkout() {
  const queryClient = useQueryClient();
  // Where the person was before choosing this plan (a carer's profile): offered once they have paid.
  const [searchParams] = useSearchParams();
  const returnTo = returnToIn(searchParams);
  const [paid, setPaid] = useState(false);
  const status = useSubscriptionStatus({ enabled: true });
  const active = status.data?.hasActiveSubscription === true;
  const plans = useSubscriptionPlans({ enabled: active });

  const paymentSucceeded = useCallback(async () => {
    toast({
      title: SUBSCRIPTION_MESSAGES.paymentSuccessTitle,
      description: SUBSCRIPTION_MESSAGES.paymentSuccessDescription,
    });
    await refreshAfterPlanChange(queryClient);
    setPaid(true);
  }, [queryClient]);

  const paymentFailed = useCallback((message: string) => {
    toast({ title: SUBSCRIPTION_MESSAGES.paymentFailedTitle, description: message, variant: 'destructive' });
  }, []);

  const returning = usePaymentReturn({
    activation: 'subscription',
    onSuccess: paymentSucceeded,
    onFailure: paymentFailed,
  });

  if (returning) return <PageSpinner label="Confirming your payment" className="min-h-80" />;
  if (paid) return <PaymentDone returnTo={returnTo} />;
  if (status.isError || plans.isError) {
    return <SetupError message={SUBSCRIPTION_MESSAGES.setupErrorDescription} offerPlanPage={false} />;
  }
  if (status.isPending || (active && plans.isPending)) {
    return <PageSpinner label="Loading your plan" className="min-h-80" />;
  }
  if (active) {
    return (
      <CurrentAccess
        status={status.data}
        option={plans.data?.plans.find((option) => option.type === 'three_month')}
      />
    );
  }
  return (
    <>
      <MatchingCarersCount className="mb-8" />
      <NewCheckout paymentSucceeded={paymentSucceeded} paymentFailed={paymentFailed} />
    </>
  );
}

/** Product §2, Pricing, subscribe and checkout (/subscription): the 3-Month Access plan and its embedded payment form. */
export function CheckoutPage() {
  usePageTitle('Subscribe');
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
      <header className="mb-10 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{`Subscribe to ${PRODUCT_NAME}`}</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          One payment gives your family three months of access to every verified carer.
        </p>
        <p className="mt-2 text-sm text-muted-foreground">
          Monthly or for a year instead?{' '}
          <Link to={paths.pricing} className="font-medium text-primary underline underline-offset-4">
            Compare the three plans
          </Link>
        </p>
      </header>
      {!user ? (
        <SignInRequired headingLevel={2} />
      ) : user.userType === 'carer' ? (
        <CarerPlansNote headingLevel={2} />
      ) : needsEmailConfirmation(user) ? (
        // Paying waits for a confirmed email address (the server answers 403 otherwise).
        <EmailConfirmationNotice user={user} className="mx-auto max-w-2xl" />
      ) : (
        <Checkout />
      )}
    </div>
  );
}
