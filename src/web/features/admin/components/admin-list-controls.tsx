import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Search } from 'lucide-react';
import { ADMIN_LIST_MESSAGES } from '@contracts/admin';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import type { AdminList } from '../api/admin-lists';

/** Search by name or email: the server searches every account, not the page. */
export function AdminListSearch({
  label,
  fieldLabel = ADMIN_LIST_MESSAGES.searchLabel,
  onSearch,
}: {
  /** The search landmark's name ('Search customers'). */
  label: string;
  /** The box's own label: what it searches ('Search by carer name or email'). */
  fieldLabel?: string;
  onSearch: (q: string) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={submit}
      className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-end"
    >
      <div className="grid min-w-0 flex-1 gap-2">
        <Label htmlFor={`${id}-q`}>{fieldLabel}</Label>
        <Input
          id={`${id}-q`}
          type="search"
          value={draft}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => {
            setDraft(event.target.value);
            // Clearing the box shows everyone again.
            if (event.target.value === '') onSearch('');
          }}
        />
      </div>
      <Button type="submit" variant="outline">
        <Search aria-hidden="true" />
        {ADMIN_LIST_MESSAGES.searchButton}
      </Button>
    </form>
  );
}

/** What the footer needs of a paged list (useAdminList, the audit log). */
type PagedList<T> = Pick<
  AdminList<T>,
  'items' | 'total' | 'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'error'
> & { fetchNextPage: () => Promise<unknown> };

/** 'Showing 50 of 1,204 customers' and, while more follow, 'Load more'. */
export function AdminListFooter<T>({ list, noun }: { list: PagedList<T>; noun: string }): ReactNode {
  if (list.items.length === 0) return null;
  return (
    <div className="mt-4 flex flex-col items-center gap-2">
      <p role="status" className="text-sm text-muted-foreground">
        {ADMIN_LIST_MESSAGES.showing(list.items.length, list.total, noun)}
      </p>
      {list.hasNextPage ? (
        <Button
          variant="outline"
          aria-disabled={list.isFetchingNextPage || undefined}
          onClick={() => {
            if (!list.isFetchingNextPage) void list.fetchNextPage();
          }}
        >
          {list.isFetchingNextPage ? (
            <>
              <Spinner />
              {ADMIN_LIST_MESSAGES.loadingMore}
            </>
          ) : (
            ADMIN_LIST_MESSAGES.loadMore
          )}
        </Button>
      ) : null}
      {list.isFetchNextPageError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(list.error, 'Failed to load more.')}
        </p>
      ) : null}
    </div>
  );
}
