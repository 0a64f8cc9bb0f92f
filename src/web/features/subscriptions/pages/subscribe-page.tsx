import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { pricingPath, subscribePlanParam } from '@contracts/paths';
import { PRODUCT_NAME } from '@contracts/brand';
import { RotateCw } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { SUBSCRIPTION_MESSAGES, type SubscribeResponse } from '@contracts/subscriptions';
import { usePaymentReturn } from '@web/features/subscriptions/components/payment-return';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/use-page-title';
import { returnToIn } from '@web/lib/return-to';
import { fetchSubscriptionStatus, refreshAfterPlanChange, useSubscriptionStatus } from '../api/subscriptions';
import { ActiveSubscription } from '../components/active-subscription';
import { CarerPlansNote } from '../components/carer-plans-note';
import { ChoosePlan } from '../components/choose-plan';
import { PaymentDone } from '../components/payment-done';
import { useSubscribe } from '../api/subscriptions';
import { PlanPayment } from '../components/plan-payment';
import { SignInRequired } from '../components/sign-in-required';
import { EmailConfirmationNotice, needsEmailConfirmation } from '@web/components/email-confirmation';

const ACTIVATED_NOTE = {
  monthly: SUBSCRIPTION_MESSAGES.monthlyActivated,
  annual: SUBSCRIPTION_MESSAGES.annualActivated,
} as const;

/**
 * The plan chosen on the pricing page (/subscribe?plan=monthly): its payment is set up as soon as
 * the page opens, as the 3-Month checkout does, so the plans are never offered a second time.
 */
function StartChosenPlan({
  type,
  onStarted,
  onFailed,
}: {
  type: 'monthly' | 'annual';
  onStarted: (payment: SubscribeResponse) => void;
  onFailed: () => void;
}) {
  const subscribe = useSubscribe();
  const started = useRef(false);
  const { mutate } = subscribe;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(
      { type },
      {
        onSuccess: onStarted,
        onError: (error) => {
          toast({
            title: SUBSCRIPTION_MESSAGES.subscribeFailedTitle,
            description: errorMessage(error, SUBSCRIPTION_MESSAGES.subscribeFailedDescription),
            variant: 'destructive',
          });
          onFailed();
        },
      },
    );
  }, [mutate, type, onStarted, onFailed]);
  return <PageSpinner label="Setting up your payment" className="min-h-80" />;
}

function paymentFailed(message: string) {
  toast({ title: SUBSCRIPTION_MESSAGES.paymentFailedTitle, description: message, variant: 'destructive' });
}

/** The signed-in customer's view: their active plan, or the plans and then a payment. */
function Subscription() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const status = useSubscriptionStatus({ enabled: true });
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // The plan chosen on /pricing, and the page (a carer's profile) to offer going back to once paid.
  const chosen = subscribePlanParam(searchParams.get('plan'));
  const returnTo = returnToIn(searchParams);
  const [chooseAgain, setChooseAgain] = useState(false);
  const [paid, setPaid] = useState(false);
  const [payment, setPayment] = useState<SubscribeResponse | null>(null);
  const startFailed = useCallback(() => setChooseAgain(true), []);
  // After a payment or a step back the view changes under the keyboard: its heading takes the focus.
  const [moveFocus, setMoveFocus] = useState(false);

  const activated = useCallback(
    async (type: SubscribeResponse['subscriptionType'] | null) => {
      toast({
        title: SUBSCRIPTION_MESSAGES.subscribeSuccessTitle,
        description: type
          ? `${SUBSCRIPTION_MESSAGES.subscribeSuccessDescription} ${ACTIVATED_NOTE[type]}`
          : SUBSCRIPTION_MESSAGES.subscribeSuccessDescription,
      });
      await refreshAfterPlanChange(queryClient);
      setPayment(null);
      setPaid(true);
    },
    [queryClient],
  );

  const returning = usePaymentReturn({
    activation: 'subscription',
    // Back from the provider's page: the plan the payment switched on names the toast's note.
    onSuccess: async () => {
      const { subscriptionType } = await fetchSubscriptionStatus(queryClient).catch(() => ({
        subscriptionType: null,
      }));
      await activated(
        subscriptionType === 'monthly' || subscriptionType === 'annual' ? subscriptionType : null,
      );
    },
    onFailure: paymentFailed,
  });

  if (status.isPending || returning) {
    return <PageSpinner label={returning ? 'Confirming your payment' : 'Loading your subscription'} />;
  }

  if (status.isError) {
    return (
      <div className="grid gap-6">
        <h1 className="text-center text-3xl font-bold tracking-tight sm:text-4xl">Choose Your Plan</h1>
        <Alert variant="destructive" role="alert" className="flex-col sm:flex-row sm:items-center">
          <p className="flex-1">
            {errorMessage(status.error, 'We could not load your subscription. Please try again.')}
          </p>
          <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </Alert>
      </div>
    );
  }

  if (status.data.hasActiveSubscription) {
    if (!paid) return <ActiveSubscription status={status.data} focusOnShow={moveFocus} />;
    // Just paid: the success and the way back first (it takes the focus), then the plan.
    return (
      <div className="grid gap-10">
        <h1 className="text-center text-3xl font-bold tracking-tight sm:text-4xl">{`Subscribe to ${PRODUCT_NAME}`}</h1>
        <PaymentDone returnTo={returnTo} />
        <ActiveSubscription status={status.data} focusOnShow={false} />
      </div>
    );
  }

  // Paying waits for a confirmed email address (the server answers 403 otherwise).
  if (needsEmailConfirmation(user)) {
    return (
      <div className="grid gap-6">
        <h1 className="text-center text-3xl font-bold tracking-tight sm:text-4xl">Choose Your Plan</h1>
        <EmailConfirmationNotice user={user} />
      </div>
    );
  }

  if (payment) {
    return (
      <>
        <header className="text-center">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{`Subscribe to ${PRODUCT_NAME}`}</h1>
        </header>
        <PlanPayment
          payment={payment}
          onSuccess={() => activated(payment.subscriptionType)}
          onFailure={paymentFailed}
          onBack={() => {
            // A plan chosen on /pricing goes back there to choose another; the old cards otherwise.
            if (chosen) {
              void navigate(pricingPath(returnTo));
              return;
            }
            setPayment(null);
            setMoveFocus(true);
          }}
        />
      </>
    );
  }

  if (chosen && !chooseAgain) {
    return (
      <StartChosenPlan
        type={chosen}
        onStarted={(started) => {
          setMoveFocus(false);
          setPayment(started);
        }}
        onFailed={startFailed}
      />
    );
  }

  return (
    <ChoosePlan
      status={status.data}
      focusOnShow={moveFocus}
      onPaymentStarted={(started) => {
        setMoveFocus(false);
        setPayment(started);
      }}
    />
  );
}

/** Product §2 /subscribe: sign in first; then the active plan, or the Monthly and Annual plans. */
export function SubscribePage() {
  const { user } = useAuth();
  usePageTitle(user ? 'Your Subscription' : 'Choose Your Plan');
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      {!user ? (
        <SignInRequired headingLevel={1} />
      ) : user.userType === 'carer' ? (
        <CarerPlansNote headingLevel={1} />
      ) : (
        <Subscription />
      )}
    </div>
  );
}
