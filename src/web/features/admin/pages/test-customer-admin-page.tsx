import { Pencil, UserPlus } from 'lucide-react';
import { ADMIN_TEXT, ADMIN_TOASTS, type AdminCarer, type AdminCustomer } from '@contracts/admin';
import { subscriptionDisplayState } from '@web/features/subscriptions';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { formatDateGB, formatRateRange } from '@web/lib/format';
import { usePageTitle } from '@web/lib/use-page-title';
import { useCreateSampleCustomers } from '../api/admin-customers';
import { useCarerList, useCustomerList } from '../api/admin-lists';
import { AccountTabs, AdminListTab } from '../components/admin-list-tab';
import { carerName, customerName, planPrice } from '../components/admin-names';
import { AdminOnly } from '../components/admin-only';
import { AdminPageLayout } from '../components/admin-page-layout';
import { CarerDialog } from '../components/carer-dialog';
import { CarerPhoto, CustomerAvatar } from '../components/customer-avatar';
import { CustomerEditDialog } from '../components/customer-edit-dialog';
import { SubscriptionStatusMenu } from '../components/subscription-status-menu';
import { CustomerBillingBadge } from '../components/customer-billing-badge';

const TITLE = 'Test Customer Account Management';
const BADGE_VARIANT = { Active: 'success', Expired: 'destructive', 'No Subscription': 'muted' } as const;

function CustomerCard({ customer }: { customer: AdminCustomer }) {
  const state = subscriptionDisplayState(customer);
  const price = planPrice(customer.subscriptionType);
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6 md:flex-row md:items-center md:justify-between">
      <div className="flex min-w-0 gap-4">
        <CustomerAvatar customer={customer} fallback="initials" />
        <div className="grid min-w-0 gap-1">
          <h2 className="text-lg font-semibold">{customerName(customer)}</h2>
          <p className="text-sm break-all text-muted-foreground">{customer.email}</p>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant={BADGE_VARIANT[state]}>{state}</Badge>
            <CustomerBillingBadge customer={customer} />
            {price ? <span className="font-medium">{price}</span> : null}
            {customer.subscriptionExpiresAt ? (
              <span className="text-muted-foreground">
                {`${ADMIN_TEXT.expires} ${formatDateGB(customer.subscriptionExpiresAt)}`}
              </span>
            ) : null}
          </div>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <CustomerEditDialog customer={customer} variant="testPage" />
        <SubscriptionStatusMenu customer={customer} route="testPage" />
      </div>
    </Card>
  );
}

function CustomersTab() {
  const customers = useCustomerList('test', '');
  return (
    <AdminListTab
      list={customers}
      loading={ADMIN_TEXT.loadingCustomers}
      failed="We could not load the customers. Please try again."
      empty={ADMIN_TEXT.noCustomers}
      label="Customers"
      noun="customers"
      renderItem={(customer) => <CustomerCard customer={customer} />}
    />
  );
}

function CarerCard({ carer }: { carer: AdminCarer }) {
  const name = carerName(carer);
  return (
    <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <div className="flex min-w-0 gap-4">
        <CarerPhoto carer={carer} />
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold">{name}</h2>
            {carer.isVerified ? <Badge variant="success">{ADMIN_TEXT.verified}</Badge> : null}
          </div>
          <p className="text-sm text-muted-foreground">{carer.specialization}</p>
          <p className="text-sm">{`${carer.location} · ${formatRateRange(carer.hourlyRateMin, carer.hourlyRateMax)}`}</p>
        </div>
      </div>
      <CarerDialog
        mode="testCustomer"
        carer={carer}
        trigger={
          <Button variant="outline" size="sm" className="self-start sm:self-center">
            <Pencil aria-hidden="true" />
            Edit<span className="sr-only">{` ${name}`}</span>
          </Button>
        }
      />
    </Card>
  );
}

function CarersTab() {
  const carers = useCarerList('test', '');
  return (
    <AdminListTab
      list={carers}
      loading={ADMIN_TEXT.loadingCarers}
      failed={ADMIN_TOASTS.testLoadCarersFailed}
      empty={ADMIN_TEXT.noCarers}
      label="Carers"
      noun="carers"
      renderItem={(carer) => <CarerCard carer={carer} />}
    />
  );
}

function CreateSampleCustomersButton() {
  const create = useCreateSampleCustomers();
  return (
    <Button
      aria-disabled={create.isPending || undefined}
      onClick={() => {
        if (create.isPending) return;
        create.mutate(undefined, {
          onSuccess: () =>
            toast({ title: ADMIN_TOASTS.successTitle, description: ADMIN_TOASTS.testAccountsCreated }),
          onError: () =>
            toast({
              variant: 'destructive',
              title: ADMIN_TOASTS.errorTitle,
              description: ADMIN_TOASTS.testCreateAccountsFailed,
            }),
        });
      }}
    >
      {create.isPending ? <Spinner /> : <UserPlus aria-hidden="true" />}
      {ADMIN_TEXT.createTestCustomers}
    </Button>
  );
}

function TestCustomerAdmin() {
  return (
    <AdminPageLayout
      title={TITLE}
      subtitle="Create and manage test customer accounts."
      actions={<CreateSampleCustomersButton />}
    >
      <AccountTabs customers={<CustomersTab />} carers={<CarersTab />} />
    </AdminPageLayout>
  );
}

/** /test-customer-admin (product §2), an admin tool (product.md, difference 6). */
export function TestCustomerAdminPage() {
  usePageTitle(TITLE);
  return (
    <AdminOnly>
      <TestCustomerAdmin />
    </AdminOnly>
  );
}
