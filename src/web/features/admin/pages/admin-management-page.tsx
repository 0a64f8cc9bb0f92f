import { useState } from 'react';
import { Trash2, Pencil } from 'lucide-react';
import {
  ADMIN_CONFIRM,
  ADMIN_TEXT,
  ADMIN_TOASTS,
  type AdminCarer,
  type AdminCustomer,
} from '@contracts/admin';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { errorMessage } from '@web/lib/api-client';
import { formatDateGB, formatRateRange } from '@web/lib/format';
import { usePageTitle } from '@web/lib/use-page-title';
import { useDeleteCarer } from '../api/admin-carers';
import { useDeleteCustomer } from '../api/admin-customers';
import { useCarerList, useCustomerList } from '../api/admin-lists';
import { AccountTabs, AdminListTab } from '../components/admin-list-tab';
import { carerName, customerName, managementPlanPrice } from '../components/admin-names';
import { AdminOnly } from '../components/admin-only';
import { AdminPageLayout } from '../components/admin-page-layout';
import { CarerDialog } from '../components/carer-dialog';
import { useConfirmedDelete } from '../components/confirmed-delete';
import { CustomerAvatar } from '../components/customer-avatar';
import { CustomerEditDialog } from '../components/customer-edit-dialog';
import { SubscriptionStatusMenu } from '../components/subscription-status-menu';
import { CustomerBillingBadge } from '../components/customer-billing-badge';

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
  const remove = useConfirmedDelete<AdminCustomer>({
    remove: useDeleteCustomer(),
    text: {
      title: (customer) => ADMIN_CONFIRM.deleteCustomerTitle(customerName(customer)),
      body: ADMIN_CONFIRM.deleteCustomerBody,
      button: ADMIN_CONFIRM.deleteCustomerButton,
      deleted: ADMIN_TOASTS.customerDeleted,
      failed: (error) => errorMessage(error, ADMIN_TOASTS.customerDeleteFailed),
    },
  });
  return (
    <AdminListTab
      list={customers}
      loading={ADMIN_TEXT.loadingCustomers}
      failed="We could not load the customers. Please try again."
      search={{ label: 'Search customers', q, onSearch: setQ }}
      empty={ADMIN_TEXT.noCustomers}
      label="Customers"
      noun="customers"
      listRef={remove.listRef}
      renderItem={(customer) => (
        <CustomerCard customer={customer} onDelete={remove.ask} deleting={remove.deleting} />
      )}
    >
      {remove.dialog}
    </AdminListTab>
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
  const remove = useConfirmedDelete<AdminCarer>({
    remove: useDeleteCarer(),
    text: {
      title: (carer) => ADMIN_CONFIRM.deleteCarerTitle(carerName(carer)),
      body: ADMIN_CONFIRM.deleteCarerBody,
      button: ADMIN_CONFIRM.deleteCarerButton,
      deleted: ADMIN_TOASTS.carerDeleted,
      failed: (error) => errorMessage(error, ADMIN_TOASTS.carerDeleteFailed),
    },
  });
  return (
    <AdminListTab
      list={carers}
      loading={ADMIN_TEXT.loadingCarers}
      failed="We could not load the carers. Please try again."
      search={{ label: 'Search carers', q, onSearch: setQ }}
      empty={ADMIN_TEXT.noCarers}
      label="Carers"
      noun="carers"
      listRef={remove.listRef}
      renderItem={(carer) => <CarerCard carer={carer} onDelete={remove.ask} deleting={remove.deleting} />}
    >
      {remove.dialog}
    </AdminListTab>
  );
}

function AdminManagement() {
  return (
    <AdminPageLayout title={ADMIN_TEXT.managementTitle} subtitle={ADMIN_TEXT.managementSubtitle}>
      <AccountTabs customers={<CustomersTab />} carers={<CarersTab />} />
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
