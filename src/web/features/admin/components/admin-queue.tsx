import { Fragment, type ReactNode } from 'react';
import { ADMIN_LIST_MESSAGES } from '@contracts/admin';
import { errorMessage } from '@web/lib/api-client';
import type { AdminList } from '../api/admin-lists';
import { AdminListFooter, AdminListSearch } from './admin-list-controls';
import { QueueEmpty, QueueError, QueueLoading } from './queue-states';
import { StatusFilter } from './status-filter';

/**
 * An admin dashboard queue tab (verifications, safeguarding): its heading, a status filter, the
 * server's search, then loading, error, empty or the list a page at a time. The tab owns the
 * filter, the search and the list's query; this draws them the same way everywhere.
 */
export function AdminQueue<F extends string, T extends { id: string }>({
  headingId,
  icon,
  title,
  intro,
  filter,
  search,
  list,
  q,
  text,
  renderItem,
}: {
  headingId: string;
  /** Shown before the title, hidden from assistive technology. */
  icon?: ReactNode;
  title: string;
  intro: string;
  filter: { value: F; options: readonly { value: F; label: string }[]; onChange: (value: F) => void };
  search: { label: string; fieldLabel: string; onSearch: (q: string) => void };
  list: AdminList<T>;
  /** The search the list answers, for the 'no matches' text. */
  q: string;
  text: {
    loading: string;
    failed: string;
    /** Said when nothing is in the chosen state and no search is on. */
    empty: string;
    /** The list's accessible name ('Reports'). */
    listLabel: string;
    /** 'Showing 20 of 31 reports'. */
    noun: string;
  };
  /** One `<li>` per item. */
  renderItem: (item: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold">
            {icon}
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{intro}</p>
        </div>
        <StatusFilter label="Show" value={filter.value} options={filter.options} onChange={filter.onChange} />
      </div>
      <AdminListSearch label={search.label} fieldLabel={search.fieldLabel} onSearch={search.onSearch} />
      {list.isPending ? <QueueLoading label={text.loading} /> : null}
      {list.isError && !list.isFetchNextPageError ? (
        <QueueError message={errorMessage(list.error, text.failed)} onRetry={() => void list.refetch()} />
      ) : null}
      {list.isSuccess && list.items.length === 0 ? (
        <QueueEmpty>{q ? ADMIN_LIST_MESSAGES.noMatches(q) : text.empty}</QueueEmpty>
      ) : null}
      {list.isSuccess && list.items.length > 0 ? (
        <>
          <ul className="grid gap-4" aria-label={text.listLabel}>
            {list.items.map((item) => (
              <Fragment key={item.id}>{renderItem(item)}</Fragment>
            ))}
          </ul>
          <AdminListFooter list={list} noun={text.noun} />
        </>
      ) : null}
    </section>
  );
}
