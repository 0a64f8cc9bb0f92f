import { useState, type ReactNode, type RefObject } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, Download } from 'lucide-react';
import { ADMIN_LIST_MESSAGES, ADMIN_TABLE_TEXT, defaultSortOrder } from '@contracts/admin';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import type { AdminList, TableSort } from '../api/admin-lists';
import { AdminListFooter, AdminListSearch } from './admin-list-controls';
import { EmptyList, ListStatus } from './admin-page-layout';
import { ListError } from './list-error';

export interface TableColumn<T, S extends string> {
  header: string;
  /** The server's sort key, for a column that sorts. */
  sort?: S;
  /** The first column names the row (a row header). */
  rowHeader?: boolean;
  className?: string;
  cell: (item: T) => ReactNode;
}

type TableProps<T, S extends string> = {
  list: AdminList<T>;
  /** The loading line; none where the page waits for the list itself (the dashboard). */
  loading?: string;
  /** Said when the list did not load and the server gave no reason. */
  failed: string;
  search: { label: string; q: string; onSearch: (q: string) => void };
  sort: TableSort<S>;
  onSort: (sort: TableSort<S>) => void;
  /** The CSV of the table's search and sort, every match; left out where a page offers none. */
  onDownload?: () => Promise<void>;
  /** The empty state's title when nothing is searched for. */
  empty: string;
  emptyAction?: ReactNode;
  /** The table's accessible name ('Customers'). */
  label: string;
  /** 'Showing 50 of 1,204 customers'. */
  noun: string;
  columns: Array<TableColumn<T, S>>;
  /** Set where a row can be deleted: focus goes to the table once its row is gone. */
  tableRef?: RefObject<HTMLDivElement | null>;
  /** After the table: a confirmation dialog. */
  children?: ReactNode;
};

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The admin screens' one list design for customers and carers: the server's search, a table whose
 * column headings sort it (on the server, since it is paged), 'Load more', and the CSV of what
 * the table shows. The table scrolls sideways inside its own region, so a phone's page never does.
 */
export function AdminTable<T extends { id: string }, S extends string>(props: TableProps<T, S>) {
  return (
    // Its width comes from the page, never from the table's: the table scrolls in its region.
    <div className="min-w-0 [contain:inline-size]">
      <TableBody {...props} />
      {props.children}
    </div>
  );
}

function TableBody<T extends { id: string }, S extends string>({
  list,
  loading,
  failed,
  search,
  sort,
  onSort,
  onDownload,
  empty,
  emptyAction,
  label,
  noun,
  columns,
  tableRef,
}: TableProps<T, S>) {
  const [downloading, setDownloading] = useState(false);
  if (loading && list.isPending) return <ListStatus>{loading}</ListStatus>;
  if (list.isError && !list.isFetchNextPageError)
    return <ListError error={list.error} fallback={failed} onRetry={() => void list.refetch()} />;
  const download = async () => {
    if (!onDownload) return;
    setDownloading(true);
    try {
      await onDownload();
    } catch (error) {
      toast({ variant: 'destructive', title: errorMessage(error, 'We could not download the CSV.') });
    } finally {
      setDownloading(false);
    }
  };
  const sortedBy = columns.find((column) => column.sort === sort.sort)?.header;
  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <AdminListSearch label={search.label} onSearch={search.onSearch} />
        </div>
        {onDownload && list.items.length > 0 ? (
          <Button
            variant="outline"
            className="mb-4 self-start sm:self-auto"
            aria-disabled={downloading || undefined}
            onClick={() => {
              if (!downloading) void download();
            }}
          >
            <Download aria-hidden="true" />
            {ADMIN_TABLE_TEXT.downloadCsv}
          </Button>
        ) : null}
      </div>
      {list.items.length === 0 ? (
        <EmptyList title={search.q ? ADMIN_LIST_MESSAGES.noMatches(search.q) : empty}>
          {emptyAction}
        </EmptyList>
      ) : (
        <>
          <div
            ref={tableRef}
            className="relative max-w-full overflow-x-auto rounded-lg border border-border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            tabIndex={0}
            role="region"
            aria-label={label}
          >
            <table className="w-full min-w-[44rem] border-collapse text-left text-sm">
              <caption className="sr-only">
                {label}
                {sortedBy ? `, sorted by ${sortedBy} (${ARIA_SORT[sort.order]})` : null}
              </caption>
              <thead className="bg-muted">
                <tr>
                  {columns.map((column) => {
                    const active = column.sort !== undefined && column.sort === sort.sort;
                    return (
                      <th
                        key={column.header}
                        scope="col"
                        aria-sort={active ? ARIA_SORT[sort.order] : undefined}
                        className="px-3 py-2 font-semibold whitespace-nowrap"
                      >
                        {column.sort ? (
                          <SortButton
                            header={column.header}
                            active={active}
                            order={sort.order}
                            onClick={() => {
                              const key = column.sort!;
                              onSort({
                                sort: key,
                                order: active
                                  ? sort.order === 'asc'
                                    ? 'desc'
                                    : 'asc'
                                  : defaultSortOrder(key),
                              });
                            }}
                          />
                        ) : (
                          column.header
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {list.items.map((item) => (
                  <tr key={item.id} className="border-t border-border align-top">
                    {columns.map((column) =>
                      column.rowHeader ? (
                        <th
                          key={column.header}
                          scope="row"
                          className={`px-3 py-2 font-medium ${column.className ?? ''}`}
                        >
                          {column.cell(item)}
                        </th>
                      ) : (
                        <td key={column.header} className={`px-3 py-2 ${column.className ?? ''}`}>
                          {column.cell(item)}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <AdminListFooter list={list} noun={noun} />
        </>
      )}
    </>
  );
}

function SortButton({
  header,
  active,
  order,
  onClick,
}: {
  header: string;
  active: boolean;
  order: 'asc' | 'desc';
  onClick: () => void;
}) {
  const Icon = !active ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={onClick}
      className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 font-semibold hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      {header}
      <Icon aria-hidden="true" className={active ? 'size-4' : 'size-4 text-muted-foreground'} />
    </button>
  );
}
