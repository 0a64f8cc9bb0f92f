import type { ReactNode, RefObject } from 'react';
import { ADMIN_LIST_MESSAGES, ADMIN_TEXT } from '@contracts/admin';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useTabParam } from '@web/lib/use-tab-param';
import type { AdminList } from '../api/admin-lists';
import { AdminListFooter, AdminListSearch } from './admin-list-controls';
import { EmptyList, ListStatus } from './admin-page-layout';
import { ListError } from './list-error';

type ListProps<T> = {
  list: AdminList<T>;
  /** The loading line; none where the page waits for the list itself (the dashboard). */
  loading?: string;
  /** Said when the list did not load and the server gave no reason. */
  failed: string;
  search?: { label: string; q: string; onSearch: (q: string) => void };
  /** The empty state's title when nothing is searched for. */
  empty: string;
  /** A button in the empty state ('Add your first carer'). */
  emptyAction?: ReactNode;
  /** The list's accessible name ('Customers'). */
  label: string;
  /** 'Showing 50 of 1,204 customers'. */
  noun: string;
  /** Set where a card can be deleted: focus goes to the list once its card is gone. */
  listRef?: RefObject<HTMLUListElement | null>;
  className?: string;
  itemClassName?: string;
  renderItem: (item: T) => ReactNode;
};

/**
 * A customer or carer list on an admin page: loading, a failed load (with a retry), empty, or the
 * cards a page at a time with 'Load more'. With `search`, the server's search sits above it (not
 * above a failed load: there is nothing to search).
 */
export function AdminListTab<T extends { id: string }>({
  children,
  ...props
}: ListProps<T> & {
  /** After the list: a confirmation dialog. */
  children?: ReactNode;
}) {
  return (
    <>
      <ListBody {...props} />
      {children}
    </>
  );
}

function ListBody<T extends { id: string }>({
  list,
  loading,
  failed,
  search,
  empty,
  emptyAction,
  label,
  noun,
  listRef,
  className = 'grid gap-4',
  itemClassName,
  renderItem,
}: ListProps<T>) {
  if (loading && list.isPending) return <ListStatus>{loading}</ListStatus>;
  if (list.isError && !list.isFetchNextPageError)
    return <ListError error={list.error} fallback={failed} onRetry={() => void list.refetch()} />;
  const searchBox = search ? <AdminListSearch label={search.label} onSearch={search.onSearch} /> : null;
  if (list.items.length === 0)
    return (
      <>
        {searchBox}
        <EmptyList title={search?.q ? ADMIN_LIST_MESSAGES.noMatches(search.q) : empty}>
          {emptyAction}
        </EmptyList>
      </>
    );
  return (
    <>
      {searchBox}
      <ul
        ref={listRef}
        tabIndex={listRef ? -1 : undefined}
        className={listRef ? `${className} focus:outline-none` : className}
        aria-label={label}
      >
        {list.items.map((item) => (
          <li key={item.id} className={itemClassName}>
            {renderItem(item)}
          </li>
        ))}
      </ul>
      <AdminListFooter list={list} noun={noun} />
    </>
  );
}

const ACCOUNT_TABS = ['customers', 'carers'] as const;

/** The 'Customer Accounts' and 'Carer Profiles' tabs of Admin Management and the test customer page. */
export function AccountTabs({ customers, carers }: { customers: ReactNode; carers: ReactNode }) {
  const [tab, setTab] = useTabParam(ACCOUNT_TABS);
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabsList aria-label="Accounts to manage">
        <TabsTrigger value="customers">{ADMIN_TEXT.customerAccountsTab}</TabsTrigger>
        <TabsTrigger value="carers">{ADMIN_TEXT.carerProfilesTab}</TabsTrigger>
      </TabsList>
      <TabsContent value="customers">{customers}</TabsContent>
      <TabsContent value="carers">{carers}</TabsContent>
    </Tabs>
  );
}
