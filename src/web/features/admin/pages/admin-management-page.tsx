import { useRef, useState } from 'react';
import { Trash2, Pencil } from 'lucide-react';
import {
  ADMIN_CONFIRM,
  ADMIN_LIST_MESSAGES,
  ADMIN_TEXT,
  ADMIN_TOASTS,
  type AdminCarer,
  type AdminCustomer,
} from '@contracts/admin';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatDateGB, formatRateRange } from '@web/lib/format';
import { usePageTitle } from '@web/lib/use-page-title';
import { useDeleteCarer } from '../api/admin-carers';
import { useDeleteCustomer } from '../api/admin-customers';
import { useCarerList, useCustomerList } from '../api/admin-lists';
import { AdminListFooter, AdminListSearch } from '../components/admin-list-controls';
import { carerName, customerName, managementPlanPrice } from '../components/admin-names';
import { AdminOnly } from '../components/admin-only';
import { AdminPageLayout, EmptyList, ListStatus } from '../components/admin-page-layout';
import { CarerDialog } from '../components/carer-dialog';
import { ConfirmDialog } from '../components/confirm-dialog';
import { CustomerAvatar } from '../components/customer-avatar';
import { CustomerEditDialog } from '../components/customer-edit-dialog';
import { ListError } from '../components/list-error';
import { SubscriptionStatusMenu } from '../components/subscription-status-menu';
import { useTabParam } from '@web/lib/use-tab-param';
import { CustomerBillingBadge } from '../components/customer-billing-badge';

const LIST = 'grid gap-4';
const ACTIONS = 'flex flex-wrap gap-2';

function CustomerCard({
  customer,
  onDelete,
  deleting,
}: {
  customer: AdminCustomer;
  onDelete: (customer: AdminCustomer) => void;
  deleting: boolean;
}) {
  const name = customerName(customer);
  const price = managementPlanPrice(customer.subscriptionType);
  const active = customer.subscriptionStatus === 'active';
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6 lg:flex-row lg:items-center lg:justify-between">
      <div className="flex min-w-0 gap-4">
        <CustomerAvatar customer={customer} />
        <div className="grid min-w-0 gap-1">
          <h2 className="text-lg font-semibold">{name}</h2>
          <p className="text-sm break-all text-muted-foreground">{customer.email}</p>
          <p className="text-sm text-muted-foreground">{`Joined: ${formatDateGB(customer.createdAt)}`}</p>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant={active ? 'success' : 'muted'}>{active ? 'Active' : 'Inactive'}</Badge>
            {customer.suspendedAt ? <Badge variant="destructive">Suspended</Badge> : null}
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
      <div className={ACTIONS}>
        <CustomerEditDialog customer={customer} variant="management" />
        <Button variant="destructive" size="sm" disabled={deleting} onClick={() => onDelete(customer)}>
          <Trash2 aria-hidden="true" />
          Delete<span className="sr-only">{` ${name}`}</span>
        </Button>
        <SubscriptionStatusMenu customer={customer} route="management" />
      </div>
    </Card>
  );
}

function CustomersTab() {
  // The server pages and searches the list.
  const [q, setQ] = useState('');
  const customers = useCustomerList('test', q);
  const remove = useDeleteCustomer();
  // The deleted card (and the button that had focus) is gone: the keyboard goes to the list.
  const listRef = useRef<HTMLUListElement>(null);

  // The spec deletes at one click; here the admin confirms first.
  const [confirming, setConfirming] = useState<AdminCustomer | null>(null);

  function onDelete(customer: AdminCustomer) {
    if (remove.isPending) return;
    remove.mutate(customer.id, {
      onSuccess: () => {
        setConfirming(null);
        toast({ title: ADMIN_TOASTS.successTitle, description: ADMIN_TOASTS.customerDeleted });
        // After the dialog has handed focus back (to a button that is gone).
        setTimeout(() => listRef.current?.focus(), 0);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: ADMIN_TOASTS.errorTitle,
          description: errorMessage(error, ADMIN_TOASTS.customerDeleteFailed),
        }),
    });
  }

  const search = <AdminListSearch label="Search customers" onSearch={setQ} />;
  if (customers.isPending) return <ListStatus>{ADMIN_TEXT.loadingCustomers}</ListStatus>;
  if (customers.isError && !customers.isFetchNextPageError)
    return (
      <ListError
        error={customers.error}
        fallback="We could not load the customers. Please try again."
        onRetry={() => void customers.refetch()}
      />
    );
  if (customers.items.length === 0)
    return (
      <>
        {search}
        <EmptyList title={q ? ADMIN_LIST_MESSAGES.noMatches(q) : ADMIN_TEXT.noCustomers} />
      </>
    );
  return (
    <>
      {search}
      <ul ref={listRef} tabIndex={-1} className={`${LIST} focus:outline-none`} aria-label="Customers">
        {customers.items.map((customer) => (
          <li key={customer.id}>
            <CustomerCard customer={customer} onDelete={setConfirming} deleting={remove.isPending} />
          </li>
        ))}
      </ul>
      <AdminListFooter list={customers} noun="customers" />
      {confirming ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setConfirming(null);
          }}
          title={ADMIN_CONFIRM.deleteCustomerTitle(customerName(confirming))}
          description={ADMIN_CONFIRM.deleteCustomerBody}
          confirmLabel={ADMIN_CONFIRM.deleteCustomerButton}
          pendingLabel={ADMIN_CONFIRM.deleting}
          pending={remove.isPending}
          onConfirm={() => onDelete(confirming)}
        />
      ) : null}
    </>
  );
}

function CarerCard({
  carer,
  onDelete,
  deleting,
}: {
  carer: AdminCarer;
  onDelete: (carer: AdminCarer) => void;
  deleting: boolean;
}) {
  const name = carerName(carer);
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6 lg:flex-row lg:items-center lg:justify-between">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold">{name}</h2>
          {carer.isVerified ? <Badge variant="success">{ADMIN_TEXT.verified}</Badge> : null}
          {carer.suspendedAt ? <Badge variant="destructive">Suspended</Badge> : null}
        </div>
        <p className="text-sm text-muted-foreground">{carer.specialization}</p>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
          <div className="flex gap-1">
            <dt className="font-medium">Location:</dt>
            <dd>{carer.location}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-medium">Rate:</dt>
            <dd>{formatRateRange(carer.hourlyRateMin, carer.hourlyRateMax)}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-medium">Experience:</dt>
            <dd>{carer.experience}</dd>
          </div>
        </dl>
      </div>
      <div className={ACTIONS}>
        <CarerDialog
          mode="management"
          carer={carer}
          trigger={
            <Button variant="outline" size="sm">
              <Pencil aria-hidden="true" />
              Edit<span className="sr-only">{` ${name}`}</span>
            </Button>
          }
        />
        <Button variant="destructive" size="sm" disabled={deleting} onClick={() => onDelete(carer)}>
          <Trash2 aria-hidden="true" />
          Delete<span className="sr-only">{` ${name}`}</span>
        </Button>
      </div>
    </Card>
  );
}

function CarersTab() {
  const [q, setQ] = useState('');
  const carers = useCarerList('test', q);
  const remove = useDeleteCarer();
  // The deleted card (and the button that had focus) is gone: the keyboard goes to the list.
  const listRef = useRef<HTMLUListElement>(null);

  const [confirming, setConfirming] = useState<AdminCarer | null>(null);

  function onDelete(carer: AdminCarer) {
    if (remove.isPending) return;
    remove.mutate(carer.id, {
      onSuccess: () => {
        setConfirming(null);
        toast({ title: ADMIN_TOASTS.successTitle, description: ADMIN_TOASTS.carerDeleted });
        setTimeout(() => listRef.current?.focus(), 0);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: ADMIN_TOASTS.errorTitle,
          description: errorMessage(error, ADMIN_TOASTS.carerDeleteFailed),
        }),
    });
  }

  const search = <AdminListSearch label="Search carers" onSearch={setQ} />;
  if (carers.isPending) return <ListStatus>{ADMIN_TEXT.loadingCarers}</ListStatus>;
  if (carers.isError && !carers.isFetchNextPageError)
    return (
      <ListError
        error={carers.error}
        fallback="We could not load the carers. Please try again."
        onRetry={() => void carers.refetch()}
      />
    );
  if (carers.items.length === 0)
    return (
      <>
        {search}
        <EmptyList title={q ? ADMIN_LIST_MESSAGES.noMatches(q) : ADMIN_TEXT.noCarers} />
      </>
    );
  return (
    <>
      {search}
      <ul ref={listRef} tabIndex={-1} className={`${LIST} focus:outline-none`} aria-label="Carers">
        {carers.items.map((carer) => (
          <li key={carer.id}>
            <CarerCard carer={carer} onDelete={setConfirming} deleting={remove.isPending} />
          </li>
        ))}
      </ul>
      <AdminListFooter list={carers} noun="carers" />
      {confirming ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setConfirming(null);
          }}
          title={ADMIN_CONFIRM.deleteCarerTitle(carerName(confirming))}
          description={ADMIN_CONFIRM.deleteCarerBody}
          confirmLabel={ADMIN_CONFIRM.deleteCarerButton}
          pendingLabel={ADMIN_CONFIRM.deleting}
          pending={remove.isPending}
          onConfirm={() => onDelete(confirming)}
        />
      ) : null}
    </>
  );
}

const MANAGEMENT_TABS = ['customers', 'carers'] as const;

function AdminManagement() {
  const [tab, setTab] = useTabParam(MANAGEMENT_TABS);
  return (
    <AdminPageLayout title={ADMIN_TEXT.managementTitle} subtitle={ADMIN_TEXT.managementSubtitle}>
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

/** /admin-management (product §2), admins only (product.md, difference 6). */
export function AdminManagementPage() {
  usePageTitle(ADMIN_TEXT.managementTitle);
  return (
    <AdminOnly>
      <AdminManagement />
    </AdminOnly>
  );
}
