import { useState, type ReactNode, type RefObject } from 'react';
import {
  ADMIN_TABLE_TEXT as T,
  ADMIN_TEXT,
  VERIFICATION_STATUS_WORDS,
  customerPlanState,
  type AdminCarer,
  type AdminCarerSort,
  type AdminCustomer,
  type AdminCustomerSort,
} from '@contracts/admin';
import { Badge } from '@web/components/ui/badge';
import { formatDateGB, formatRateRange } from '@web/lib/format';
import {
  downloadTableCsv,
  useCarerList,
  useCustomerList,
  type AdminList,
  type ListSource,
  type TableSort,
} from '../api/admin-lists';
import { carerName, customerName, planPrice } from './admin-names';
import { AdminTable, type TableColumn } from './admin-table';
import { CustomerBillingBadge } from './customer-billing-badge';

// The customer and carer tables of the admin dashboard and Admin Management: one design, the
// same columns, each page adding its own actions.

const PLAN_VARIANT = { Active: 'success', Expired: 'destructive', 'No Subscription': 'muted' } as const;

const day = (iso: string | null) =>
  iso ? <time dateTime={iso}>{formatDateGB(iso)}</time> : <span className="text-muted-foreground">—</span>;

const suspendedBadge = (suspendedAt: string | null) =>
  suspendedAt ? (
    <Badge variant="destructive" className="mt-1">
      Suspended
    </Badge>
  ) : null;

/** The page's names for its table: the search landmark, the table, the loading and empty lines. */
interface TableText {
  label: string;
  searchLabel: string;
  noun: string;
  loading?: string;
  failed: string;
  empty: string;
}

interface AccountTableProps<T> {
  source: ListSource;
  text: TableText;
  /** The page's buttons for a row (the dashboard's status menu, Management's edit and delete). */
  actions?: (item: T) => ReactNode;
  emptyAction?: ReactNode;
  tableRef?: RefObject<HTMLDivElement | null>;
  children?: ReactNode;
}

const customerColumns: Array<TableColumn<AdminCustomer, AdminCustomerSort>> = [
  {
    header: T.name,
    sort: 'name',
    rowHeader: true,
    className: 'min-w-36',
    cell: (customer) => (
      <>
        <span className="block">{customerName(customer)}</span>
        {suspendedBadge(customer.suspendedAt)}
      </>
    ),
  },
  { header: T.email, sort: 'email', className: 'max-w-64 break-all', cell: (customer) => customer.email },
  {
    header: T.joined,
    sort: 'joined',
    className: 'whitespace-nowrap',
    cell: (customer) => day(customer.createdAt),
  },
  {
    header: T.plan,
    sort: 'plan',
    cell: (customer) => {
      const state = customerPlanState(customer);
      const price = planPrice(customer.subscriptionType);
      return (
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={PLAN_VARIANT[state]}>{state}</Badge>
          {price ? <span className="font-medium whitespace-nowrap">{price}</span> : null}
          <CustomerBillingBadge customer={customer} />
        </div>
      );
    },
  },
  {
    header: T.expires,
    className: 'whitespace-nowrap',
    cell: (customer) => day(customer.subscriptionExpiresAt),
  },
];

const carerColumns: Array<TableColumn<AdminCarer, AdminCarerSort>> = [
  {
    header: T.name,
    sort: 'name',
    rowHeader: true,
    className: 'min-w-36',
    cell: (carer) => (
      <>
        <span className="block">{carerName(carer)}</span>
        {suspendedBadge(carer.suspendedAt)}
      </>
    ),
  },
  {
    header: T.email,
    sort: 'email',
    className: 'max-w-64 break-all',
    cell: (carer) => carer.email ?? <span className="text-muted-foreground">{T.noEmail}</span>,
  },
  { header: T.joined, sort: 'joined', className: 'whitespace-nowrap', cell: (carer) => day(carer.createdAt) },
  {
    header: T.specialisation,
    cell: (carer) => (
      <>
        <span className="block">{carer.specialization}</span>
        <span className="block text-muted-foreground">{carer.location}</span>
      </>
    ),
  },
  {
    header: T.rate,
    className: 'whitespace-nowrap',
    cell: (carer) => formatRateRange(carer.hourlyRateMin, carer.hourlyRateMax),
  },
  {
    header: T.verification,
    sort: 'verification',
    cell: (carer) => (
      <div className="grid justify-items-start gap-1">
        <Badge variant={carer.isVerified ? 'success' : 'muted'}>
          {carer.isVerified ? ADMIN_TEXT.verified : ADMIN_TEXT.unverified}
        </Badge>
        <span className="text-muted-foreground">{VERIFICATION_STATUS_WORDS[carer.verificationStatus]}</span>
      </div>
    ),
  },
];

function withActions<T, S extends string>(
  columns: Array<TableColumn<T, S>>,
  actions?: (item: T) => ReactNode,
): Array<TableColumn<T, S>> {
  if (!actions) return columns;
  return [
    ...columns,
    { header: T.actions, cell: (item) => <div className="flex flex-wrap gap-2">{actions(item)}</div> },
  ];
}

/** What tells the customer table from the carer table: its rows, their columns, its CSV. */
interface AccountKind<T, S extends string> {
  table: 'customers' | 'carers';
  columns: Array<TableColumn<T, S>>;
  useList: (source: ListSource, q: string, sort: TableSort<S>) => AdminList<T>;
}

/** One account table: search and sort kept here, the list asked of the server, newest first. */
function AccountTable<T extends { id: string }, S extends string>({
  kind,
  source,
  text,
  actions,
  emptyAction,
  tableRef,
  children,
}: AccountTableProps<T> & { kind: AccountKind<T, S> }) {
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<TableSort<S>>({ sort: 'joined' as S, order: 'desc' });
  const list = kind.useList(source, q, sort);
  return (
    <AdminTable
      list={list}
      loading={text.loading}
      failed={text.failed}
      search={{ label: text.searchLabel, q, onSearch: setQ }}
      sort={sort}
      onSort={setSort}
      onDownload={() => downloadTableCsv(kind.table, q, sort)}
      empty={text.empty}
      emptyAction={emptyAction}
      label={text.label}
      noun={text.noun}
      columns={withActions(kind.columns, actions)}
      tableRef={tableRef}
    >
      {children}
    </AdminTable>
  );
}

const CUSTOMERS: AccountKind<AdminCustomer, AdminCustomerSort> = {
  table: 'customers',
  columns: customerColumns,
  useList: useCustomerList,
};
const CARERS: AccountKind<AdminCarer, AdminCarerSort> = {
  table: 'carers',
  columns: carerColumns,
  useList: useCarerList,
};

export function CustomerTable(props: AccountTableProps<AdminCustomer>) {
  return <AccountTable kind={CUSTOMERS} {...props} />;
}

export function CarerTable(props: AccountTableProps<AdminCarer>) {
  return <AccountTable kind={CARERS} {...props} />;
}
