import { useEffect, useRef } from 'react';
import { ArrowLeft } from 'lucide-react';
import { formatPounds, PLANS } from '@contracts/pricing';
import type { SubscribeResponse } from '@contracts/subscriptions';
import { PaymentForm } from '@web/features/subscriptions/components/payment-form';
import { PlanKeyTerms } from '@web/features/subscriptions/components/plan-key-terms';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

const DESCRIPTIONS = {
  monthly: `${PLANS.monthly.label}: ${formatPounds(PLANS.monthly.amountPence)} a month, billed monthly until you cancel.`,
  annual: `${PLANS.annual.label}: ${formatPounds(PLANS.annual.amountPence)} once, for ${PLANS.annual.months} months of access.`,
} as const;

/** The chosen plan's payment, in a 'Payment Details' card in place of the plan cards. */
export function PlanPayment({
  payment,
  onSuccess,
  onFailure,
  onBack,
}: {
  payment: SubscribeResponse;
  onSuccess: () => Promise<void>;
  onFailure: (message: string) => void;
  onBack: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const plan = PLANS[payment.subscriptionType];

  // The button that opened this card has gone: take the keyboard to the card's heading.
  useEffect(() => heading.current?.focus(), []);

  return (
    <Card className="mx-auto mt-10 max-w-xl">
      <CardHeader>
        <CardTitle asChild>
          <h2 ref={heading} tabIndex={-1} className="focus:outline-none">
            Payment Details
          </h2>
        </CardTitle>
        <CardDescription>{DESCRIPTIONS[payment.subscriptionType]}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <PlanKeyTerms plan={payment.subscriptionType} id="terms-paying" />
        <PaymentForm
          clientSecret={payment.clientSecret}
          submitLabel={`Pay ${formatPounds(plan.amountPence)}`}
          activation="subscription"
          onSuccess={onSuccess}
          onFailure={onFailure}
        />
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Choose a Different Plan
        </Button>
      </CardContent>
    </Card>
  );
}
