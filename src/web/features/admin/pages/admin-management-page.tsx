import { Trash2, Pencil } from 'lucide-react';
import {
  ADMIN_CONFIRM,
  ADMIN_TEXT,
  ADMIN_TOASTS,
  type AdminCarer,
  type AdminCustomer,
} from '@contracts/admin';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/use-page-title';
import { useDeleteCarer } from '../api/admin-carers';
import { useDeleteCustomer } from '../api/admin-customers';
import { CarerTable, CustomerTable } from '../components/account-tables';
import { AccountTabs } from '../components/admin-list-tab';
import { carerName, customerName } from '../components/admin-names';
import { AdminOnly } from '../components/admin-only';
import { AdminPageLayout } from '../components/admin-page-layout';
import { CarerDialog } from '../components/carer-dialog';
import { useConfirmedDelete } from '../components/confirmed-delete';
import { CustomerEditDialog } from '../components/customer-edit-dialog';
import { SubscriptionStatusMenu } from '../components/subscription-status-menu';

function CustomersTab() {
  // The server pages, searches and sorts the table.
  const remove = useConfirmedDelete<AdminCustomer, HTMLDivElement>({
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
    <CustomerTable
      source="test"
      text={{
        label: 'Customers',
        searchLabel: 'Search customers',
        noun: 'customers',
        loading: ADMIN_TEXT.loadingCustomers,
        failed: 'We could not load the customers. Please try again.',
        empty: ADMIN_TEXT.noCustomers,
      }}
      tableRef={remove.listRef}
      actions={(customer) => (
        <>
          <CustomerEditDialog customer={customer} variant="management" />
          <Button
            variant="destructive"
            size="sm"
            disabled={remove.deleting}
            onClick={() => remove.ask(customer)}
          >
            <Trash2 aria-hidden="true" />
            Delete<span className="sr-only">{` ${customerName(customer)}`}</span>
          </Button>
          <SubscriptionStatusMenu customer={customer} route="management" />
        </>
      )}
    >
      {remove.dialog}
    </CustomerTable>
  );
}

function CarersTab() {
  const remove = useConfirmedDelete<AdminCarer, HTMLDivElement>({
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
    <CarerTable
      source="test"
      text={{
        label: 'Carers',
        searchLabel: 'Search carers',
        noun: 'carers',
        loading: ADMIN_TEXT.loadingCarers,
        failed: 'We could not load the carers. Please try again.',
        empty: ADMIN_TEXT.noCarers,
      }}
      tableRef={remove.listRef}
      actions={(carer) => {
        const name = carerName(carer);
        return (
          <>
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
            <Button
              variant="destructive"
              size="sm"
              disabled={remove.deleting}
              onClick={() => remove.ask(carer)}
            >
              <Trash2 aria-hidden="true" />
              Delete<span className="sr-only">{` ${name}`}</span>
            </Button>
          </>
        );
      }}
    >
      {remove.dialog}
    </CarerTable>
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
