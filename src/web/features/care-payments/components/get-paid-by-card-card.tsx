import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { CreditCard } from 'lucide-react';
import type { CardPaymentsAccount } from '@contracts/care-payments';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api-client';
import { useCardPaymentsAccount, useStartOnboarding } from '../api/care-payments';

const STATUS_WORDS: Record<CardPaymentsAccount['status'], { badge: string; text: string }> = {
  not_started: {
    badge: 'Not set up',
    text: 'Let families pay your invoices by card. Stripe checks who you are and pays the money into your bank.',
  },
  needs_details: {
    badge: 'Needs details',
    text: 'Stripe needs a few more details before families can pay you by card.',
  },
  pending: {
    badge: 'Pending',
    text: 'Stripe is checking your details. This usually takes a few minutes, sometimes a day or two.',
  },
  ready: {
    badge: 'Ready',
    text: 'Families can pay your invoices by card. Stripe pays the money into your bank.',
  },
};

/**
 * While the status loads: the card's own frame, about its height, so the dashboard's tab below
 * does not jump down when it arrives.
 */
function PendingCard() {
  return (
    <Card aria-busy="true">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <CreditCard aria-hidden="true" className="size-5 text-primary" />
          Get paid by card
        </CardTitle>
        <Skeleton className="h-10 w-full sm:h-5" />
      </CardHeader>
      <CardContent className="grid gap-3">
        <Skeleton className="h-15 w-full sm:h-5" />
        <Skeleton className="h-10 w-48" />
        <Skeleton className="h-10 w-full sm:h-5" />
      </CardContent>
    </Card>
  );
}

/** The carer dashboard's "Get paid by card": the connected account's status and its onboarding. */
export function GetPaidByCardCard() {
  const account = useCardPaymentsAccount();
  const onboarding = useStartOnboarding();
  if (account.isPending) return <PendingCard />;
  if (account.isError) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Get paid by card</CardTitle>
          <CardDescription>Your card payments could not be loaded. Please refresh the page.</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  const { status, feePercent, provider } = account.data;
  const words = STATUS_WORDS[status];
  const start = () =>
    onboarding.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
    });
  const failure = onboarding.error instanceof ApiError ? onboarding.error.serverMessage : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <CreditCard aria-hidden="true" className="size-5 text-primary" />
          Get paid by card
          <Badge variant={status === 'ready' ? 'default' : 'secondary'}>{words.badge}</Badge>
        </CardTitle>
        <CardDescription>{words.text}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          {feePercent > 0
            ? `CareMatch keeps ${feePercent}% of each card payment; you keep ${100 - feePercent}% (before Stripe's own processing fee).`
            : "CareMatch takes no fee on card payments (Stripe's own processing fee still applies)."}
          {provider === 'demo' ? ' Demo mode: no real account is made and no card is charged.' : ''}
        </p>
        {status === 'ready' ? null : (
          <div>
            <Button onClick={start} disabled={onboarding.isPending}>
              {onboarding.isPending
                ? 'Opening...'
                : status === 'not_started'
                  ? 'Set up card payments'
                  : 'Continue setup'}
            </Button>
          </div>
        )}
        {failure ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {failure}
          </p>
        ) : null}
        <p className="text-sm">
          <Link to={paths.earnings} className="font-medium text-primary underline-offset-4 hover:underline">
            Your earnings, fees and payouts
          </Link>
          , and the tax-year summary for self-assessment.
        </p>
      </CardContent>
    </Card>
  );
}
