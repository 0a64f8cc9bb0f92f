import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import { useState, type RefObject } from 'react';
import { formatPounds, planName } from '@contracts/pricing';
import { SUBSCRIPTION_MESSAGES, type SubscriptionStatus } from '@contracts/subscriptions';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { endpoints } from '@contracts/endpoints';
import { api, errorMessage } from '@web/lib/api-client';
import { currentUserQueryKey } from '@web/lib/auth';
import { formatLongDateGB } from '@web/lib/format';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { paymentHistoryQueryKey, subscriptionStatusQueryOptions } from '../api/payments-api';
import { subscriptionPlansQueryKey } from '../api/subscriptions';

/** A plan that "Cancel subscription" would change: one that renews, or one still in its cooling-off days. */
export function canCancel(status: SubscriptionStatus): boolean {
  return status.hasActiveSubscription && (status.renews || status.refundIfCancelledPence !== null);
}

/** POST /api/subscription/cancel, then everything that shows the plan is read again. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<SubscriptionStatus> => {
      return api(endpoints.subscriptions.postCancel);
    },
    onSuccess: async (status) => {
      queryClient.setQueryData(subscriptionStatusQueryOptions().queryKey, status);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
        queryClient.invalidateQueries({ queryKey: paymentHistoryQueryKey }),
        queryClient.invalidateQueries({ queryKey: subscriptionPlansQueryKey }),
      ]);
    },
  });
}

/**
 * "Cancel subscription" and its confirmation: the two clicks that end a plan, on /subscribe and in
 * Settings. A renewing plan stops at the end of the period paid for; a one-time plan in its first
 * 14 days ends now and the unused days are refunded (the dialog says how much).
 */
export function CancelPlanButton({
  status,
  focusAfter,
}: {
  status: SubscriptionStatus;
  /** Where focus goes after cancelling (the button is gone then). */
  focusAfter: RefObject<HTMLElement | null>;
}) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription();
  if (!canCancel(status) || !status.subscriptionType) return null;
  const refund = status.renews ? null : status.refundIfCancelledPence;
  const until = status.expiresAt ? formatLongDateGB(status.expiresAt) : null;

  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast(
          refund === null
            ? {
                title: SUBSCRIPTION_MESSAGES.cancelledTitle,
                description: SUBSCRIPTION_MESSAGES.cancelledDescription,
              }
            : {
                title: SUBSCRIPTION_MESSAGES.refundedTitle,
                description: SUBSCRIPTION_MESSAGES.refundedDescription,
              },
        );
      },
      onError: (error) => {
        setConfirming(false);
        toast({
          title: 'Error',
          description: errorMessage(error, SUBSCRIPTION_MESSAGES.cancelFailed),
          variant: 'destructive',
        });
      },
    });

  return (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      trigger={<Button variant="outline">Cancel subscription</Button>}
      title={`Cancel your ${planName(status.subscriptionType)}?`}
      description={
        refund === null ? (
          <p>{`Your plan will not renew and you will not be charged again. You keep access until ${until ?? 'the end of the period you paid for'}. We will email you to confirm.`}</p>
        ) : (
          <p>{`You are within 14 days of paying, so we will refund ${formatPounds(refund)} for the days you have not used, and your access ends now. We will email you to confirm.`}</p>
        )
      }
      keepLabel="Keep My Plan"
      confirmLabel={refund === null ? 'Cancel subscription' : `Cancel and refund ${formatPounds(refund)}`}
      busy={cancel.isPending}
      onConfirm={confirm}
      onCloseAutoFocus={(event) => {
        if (cancel.isSuccess) {
          event.preventDefault();
          focusAfter.current?.focus();
        }
      }}
    />
  );
}
