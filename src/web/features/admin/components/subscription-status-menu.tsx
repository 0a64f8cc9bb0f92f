import { useState } from 'react';
import { ChevronDown } from 'lucide-react';
import {
  ADMIN_CONFIRM,
  ADMIN_SUBSCRIPTION_ACTIONS,
  ADMIN_TEXT,
  ADMIN_TOASTS,
  type AdminCustomer,
  type AdminSubscriptionAction,
} from '@contracts/admin';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useChangeSubscription, type SubscriptionRoute } from '../api/admin-customers';
import { calendarSubscriptionChange, daysSubscriptionChange } from '../api/subscription-change';
import { customerName } from './admin-names';
import { ConfirmDialog } from './confirm-dialog';

const ACTION_LABELS: Record<AdminSubscriptionAction, string> = {
  activateMonthly: ADMIN_TEXT.activateMonthly,
  activateAnnual: ADMIN_TEXT.activateAnnual,
  deactivate: ADMIN_TEXT.deactivate,
};

/** Product §8: the dashboard's (and test page's) toasts, or Admin Management's. */
const SUCCESS: Record<SubscriptionRoute, string> = {
  dashboard: ADMIN_TOASTS.dashboardSubscriptionUpdated,
  testPage: ADMIN_TOASTS.dashboardSubscriptionUpdated,
  management: ADMIN_TOASTS.subscriptionUpdated,
};
const FAILURE: Record<SubscriptionRoute, string> = {
  dashboard: ADMIN_TOASTS.dashboardSubscriptionFailed,
  testPage: ADMIN_TOASTS.dashboardSubscriptionFailed,
  management: ADMIN_TOASTS.subscriptionUpdateFailed,
};

/**
 * The 'Update Status' choice: Activate Monthly, Activate Annual, Deactivate. A menu button rather
 * than a <select>, so moving through the options with the keyboard never changes anything by itself.
 */
export function SubscriptionStatusMenu({
  customer,
  route,
}: {
  customer: AdminCustomer;
  route: SubscriptionRoute;
}) {
  const change = useChangeSubscription(route);
  // Ending a live plan takes access away, so it asks first.
  const [confirmingEnd, setConfirmingEnd] = useState(false);

  function choose(action: AdminSubscriptionAction) {
    if (change.isPending) return;
    if (action === 'deactivate' && customer.subscriptionStatus === 'active' && !confirmingEnd) {
      setConfirmingEnd(true);
      return;
    }
    const input =
      route === 'management' ? daysSubscriptionChange(action) : calendarSubscriptionChange(action);
    change.mutate(
      { userId: customer.id, input },
      {
        onSuccess: () => {
          setConfirmingEnd(false);
          toast({ title: ADMIN_TOASTS.successTitle, description: SUCCESS[route] });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: ADMIN_TOASTS.errorTitle,
            description: errorMessage(error, FAILURE[route]),
          }),
      },
    );
  }

  return (
    <>
      <SubscriptionMenu customer={customer} pending={change.isPending} onChoose={choose} />
      <ConfirmDialog
        open={confirmingEnd}
        onOpenChange={setConfirmingEnd}
        title={ADMIN_CONFIRM.deactivateTitle(customerName(customer))}
        description={ADMIN_CONFIRM.deactivateBody}
        confirmLabel={ADMIN_CONFIRM.deactivateButton}
        pendingLabel="Saving..."
        pending={change.isPending}
        onConfirm={() => choose('deactivate')}
      />
    </>
  );
}

function SubscriptionMenu({
  customer,
  pending,
  onChoose,
}: {
  customer: AdminCustomer;
  pending: boolean;
  onChoose: (action: AdminSubscriptionAction) => void;
}) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-disabled={pending || undefined}>
          {pending ? <Spinner /> : null}
          {ADMIN_TEXT.updateStatus}
          <span className="sr-only">{` for ${customerName(customer)}`}</span>
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      {/* Portalled inside <main>, so the open menu stays within a landmark. */}
      <DropdownMenuContent align="end" className="min-w-44" container={document.getElementById('main')}>
        {ADMIN_SUBSCRIPTION_ACTIONS.map((action) => (
          <DropdownMenuItem key={action} disabled={pending} onSelect={() => onChoose(action)}>
            {ACTION_LABELS[action]}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
