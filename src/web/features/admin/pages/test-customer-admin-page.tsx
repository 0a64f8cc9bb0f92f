import { Pencil, UserPlus } from 'lucide-react';
import { ADMIN_TEXT, ADMIN_TOASTS, type AdminCarer, type AdminCustomer } from '@contracts/admin';
import { subscriptionDisplayState } from '@web/features/subscriptions';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/use-toast';
import { formatDateUSShort, formatRateRange } from '@web/lib/format';
import { usePageTitle } from '@web/lib/use-page-title';
import { useCreateSampleCustomers } from '../api/admin-customers';
import { useCarerList, useCustomerList } from '../api/admin-lists';
import { AdminListFooter } from '../components/admin-list-controls';
import { carerName, customerName, dashboardPlanPrice } from '../components/admin-names';
import { AdminOnly } from '../components/admin-only';
import { AdminPageLayout, EmptyList, ListStatus } from '../components/admin-page-layout';
import { CarerDialog } from '../components/carer-dialog';
import { CarerPhoto, CustomerAvatar } from '../components/customer-avatar';
import { CustomerEditDialog } from '../components/customer-edit-dialog';
import { ListError } from '../components/list-error';
import { SubscriptionStatusMenu } from '../components/subscription-status-menu';
import { useTabParam } from '@web/lib/use-tab-param';
import { CustomerBillingBadge } from '../components/customer-billing-badge';

const TITLE = 'Test Customer Account Management';
const BADGE_VARIANT = { Active: 'success', Expired: 'destructive', 'No Subscription': 'muted' } as const;

function CustomerCard({ customer }: { customer: AdminCustomer }) {
  const state = subscriptionDisplayState(customer);
  const price = dashboardPlanPrice(customer.subscriptionType);
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
                {`${ADMIN_TEXT.expires} ${formatDateUSShort(customer.subscriptionExpiresAt)}`}
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
  if (customers.isPending) return <ListStatus>{ADMIN_TEXT.loadingCustomers}</ListStatus>;
  if (customers.isError && !customers.isFetchNextPageError)
    return (
      <ListError
        error={customers.error}
        fallback="We could not load the customers. Please try again."
        onRetry={() => void customers.refetch()}
      />
    );
  if (customers.items.length === 0) return <EmptyList title={ADMIN_TEXT.noCustomers} />;
  return (
    <>
      <ul className="grid gap-4" aria-label="Customers">
        {customers.items.map((customer) => (
          <li key={customer.id}>
            <CustomerCard customer={customer} />
          </li>
        ))}
      </ul>
      <AdminListFooter list={customers} noun="customers" />
    </>
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
  if (carers.isPending) return <ListStatus>{ADMIN_TEXT.loadingCarers}</ListStatus>;
  if (carers.isError && !carers.isFetchNextPageError)
    return (
      <ListError
        error={carers.error}
        fallback={ADMIN_TOASTS.testLoadCarersFailed}
        onRetry={() => void carers.refetch()}
      />
    );
  if (carers.items.length === 0) return <EmptyList title={ADMIN_TEXT.noCarers} />;
  return (
    <>
      <ul className="grid gap-4" aria-label="Carers">
        {carers.items.map((carer) => (
          <li key={carer.id}>
            <CarerCard carer={carer} />
          </li>
        ))}
      </ul>
      <AdminListFooter list={carers} noun="carers" />
    </>
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

const ACCOUNT_TABS = ['customers', 'carers'] as const;

function TestCustomerAdmin() {
  const [tab, setTab] = useTabParam(ACCOUNT_TABS);
  return (
    <AdminPageLayout
      title={TITLE}
      subtitle="Create and manage test customer accounts."
      actions={<CreateSampleCustomersButton />}
    >
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Accounts to manage">
          <TabsTrigger value="customers">{ADMIN_TEXT.customerAccountsTab}</TabsTrigger>
          <TabsTrigger value="carers">{ADMIN_TEXT.carerProfilesTab}</TabsTrigger>
        </TabsList>
        <TabsContent value="customers">
          <CustomersTab />
        </TabsContent>
        <TabsContent value="carers">
          <CarersTab />
        </TabsContent>
      </Tabs>
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
