import { useEffect, useRef, useState } from 'react';
import { ArrowLeft, CalendarPlus } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { formatPounds, PLAN_FOR_TYPE, planName } from '@contracts/pricing';
import { SUBSCRIPTION_MESSAGES, type PlanOption } from '@contracts/subscriptions';
import { PaymentForm } from '@web/features/subscriptions/components/payment-form';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDateGB } from '@web/lib/format';
import { refreshAfterPlanChange, useCreateSubscription, useSubscribe } from '../api/subscriptions';

type OneTimeType = 'three_month' | 'annual';

const price = (type: OneTimeType) => formatPounds(PLAN_FOR_TYPE[type].amountPence);

/** 'Pay £49 now and your access runs until 12 June 2027.' */
export function extensionText(option: PlanOption): string {
  const until = option.expiresAtIfPaid ? formatLongDateGB(option.expiresAtIfPaid) : 'N/A';
  return `Pay ${price(option.type as OneTimeType)} once and your access runs until ${until}.`;
}

/**
 * A subscriber pays for more time only by choosing to (decision 0027), having seen the new end
 * date; the server refuses a payment during access without that choice (`extend: true`). A plan the
 * purchase rules refuse now is explained instead of offered (decision 0018).
 */
export function ExtendAccess({
  options,
  headingLevel,
}: {
  /** The one-time plans to offer (3-Month Access on the checkout, both on /subscribe). */
  options: readonly PlanOption[];
  headingLevel: 2 | 3;
}) {
  const queryClient = useQueryClient();
  const createThreeMonth = useCreateSubscription();
  const subscribe = useSubscribe();
  const [payment, setPayment] = useState<{ option: PlanOption; clientSecret: string } | null>(null);
  const [pendingType, setPendingType] = useState<OneTimeType | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const paymentHeading = useRef<HTMLHeadingElement>(null);
  const Heading = `h${headingLevel}` as const;
  const SubHeading = `h${headingLevel + 1}` as 'h3' | 'h4';

  useEffect(() => {
    if (payment) paymentHeading.current?.focus();
  }, [payment]);

  const allowed = options.filter((option) => option.allowed);
  const refused = options.find((option) => !option.allowed);

  const started = (option: PlanOption) => (response: { clientSecret: string }) => {
    setPendingType(null);
    setPayment({ option, clientSecret: response.clientSecret });
  };
  const failed = (error: unknown) => {
    setPendingType(null);
    toast({
      title: SUBSCRIPTION_MESSAGES.subscribeFailedTitle,
      description: errorMessage(error, SUBSCRIPTION_MESSAGES.subscribeFailedDescription),
      variant: 'destructive',
    });
  };

  const choose = (option: PlanOption) => {
    if (pendingType) return;
    const type = option.type as OneTimeType;
    setPendingType(type);
    if (type === 'three_month') {
      createThreeMonth.mutate({ extend: true }, { onSuccess: started(option), onError: failed });
    } else {
      subscribe.mutate({ type, extend: true }, { onSuccess: started(option), onError: failed });
    }
  };

  const paid = async () => {
    const until = payment?.option.expiresAtIfPaid;
    toast({
      title: SUBSCRIPTION_MESSAGES.paymentSuccessTitle,
      description: until
        ? `Your access now runs until ${formatLongDateGB(until)}.`
        : 'Your access has been extended.',
    });
    await refreshAfterPlanChange(queryClient);
    setPayment(null);
    heading.current?.focus();
  };

  return (
    <section aria-labelledby="extend-access-heading" className="grid gap-4">
      <Heading
        id="extend-access-heading"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold focus:outline-none"
      >
        Extend your access
      </Heading>
      {payment ? (
        <div className="grid gap-4">
          <SubHeading ref={paymentHeading} tabIndex={-1} className="font-semibold focus:outline-none">
            Payment Details
          </SubHeading>
          <p className="text-muted-foreground">{`${planName(payment.option.type)}: ${extensionText(payment.option)}`}</p>
          <PaymentForm
            clientSecret={payment.clientSecret}
            submitLabel={`Extend Now - ${price(payment.option.type as OneTimeType)}`}
            activation="subscription"
            onSuccess={paid}
            onFailure={(message) =>
              toast({
                title: SUBSCRIPTION_MESSAGES.paymentFailedTitle,
                description: message,
                variant: 'destructive',
              })
            }
          />
          <Button
            variant="ghost"
            onClick={() => {
              setPayment(null);
              heading.current?.focus();
            }}
          >
            <ArrowLeft aria-hidden="true" />
            Not Now
          </Button>
        </div>
      ) : allowed.length > 0 ? (
        <ul className="grid gap-3" aria-label="Ways to extend">
          {allowed.map((option) => (
            <li
              key={option.type}
              className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-center"
            >
              <div className="grid flex-1 gap-1">
                <p className="font-medium">{planName(option.type)}</p>
                <p className="text-sm text-muted-foreground">{extensionText(option)}</p>
              </div>
              <Button
                variant="outline"
                aria-disabled={pendingType !== null || undefined}
                onClick={() => choose(option)}
              >
                {pendingType === option.type ? (
                  <>
                    <Spinner />
                    Processing...
                  </>
                ) : (
                  <>
                    <CalendarPlus aria-hidden="true" />
                    {`Extend with ${planName(option.type)}`}
                  </>
                )}
              </Button>
            </li>
          ))}
        </ul>
      ) : refused?.reason ? (
        <p className="text-muted-foreground">{refused.reason}</p>
      ) : null}
    </section>
  );
}
