import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { List, Map as MapIcon, SearchX } from 'lucide-react';
import { MAP_TEXT } from '@contracts/carers-map';
import { describeSearchTotal, SEARCH_MESSAGES, SEARCH_WITHIN_CHOICES } from '@contracts/carers-search-text';
import type { SearchTotal } from '@contracts/carers';
import { formatCount, SEARCH_SKELETON_CARDS } from '@contracts/limits';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage, ApiError } from '@web/lib/api-client';
import { formatMiles } from '@web/lib/format';
import { RENDER_WHEN_NEAR } from '@web/lib/render-when-near';
import { useCarerSearch, type CarerSearchFilters } from '../api/search-carers';
import { CarerCard } from './carer-card';
import { CarerCardSkeleton } from './carer-card-skeleton';
import { SEARCH_CONTROL_IDS } from './search-filters';
import { Skeleton } from '@web/components/ui/skeleton';

// Leaflet and its clusters load only when the map is chosen.
const CarerMap = lazy(() => import('./carer-map').then((module) => ({ default: module.CarerMap })));

/** List (the primary view) or Map: two toggle buttons beside the results. */
function ViewToggle({ view, onChange }: { view: 'list' | 'map'; onChange: (view: 'list' | 'map') => void }) {
  return (
    <div
      role="group"
      aria-label={MAP_TEXT.viewLabel}
      className="inline-flex rounded-md border border-border p-0.5"
    >
      <Button
        type="button"
        size="sm"
        variant={view === 'list' ? 'default' : 'ghost'}
        aria-pressed={view === 'list'}
        onClick={() => onChange('list')}
      >
        <List aria-hidden="true" />
        {MAP_TEXT.list}
      </Button>
      <Button
        type="button"
        size="sm"
        variant={view === 'map' ? 'default' : 'ghost'}
        aria-pressed={view === 'map'}
        onClick={() => onChange('map')}
      >
        <MapIcon aria-hidden="true" />
        {MAP_TEXT.map}
      </Button>
    </div>
  );
}

const GRID = 'grid grid-cols-1 gap-6 md:grid-cols-2';
/** Cards in the grid's first row (two columns from md). */
const FIRST_ROW = 2;

/** Where the search looked, after the count: " in Leeds", " within 10 miles of LS6 3AB". */
function placeOf(filters: CarerSearchFilters): string {
  if (filters.near) return ` within ${formatMiles(filters.within)} of ${filters.near}`;
  if (filters.location) return ` in ${filters.location}`;
  return '';
}

/**
 * The line above the cards: "29 carers in Leeds", or "Showing 12 of 29 carers in Leeds" while
 * more pages are left; the first page's total is the count in all.
 */
export function resultsAnnouncement(
  status: 'pending' | 'error' | 'success',
  shown: number,
  total: SearchTotal | null | undefined,
  filters: CarerSearchFilters,
): string {
  if (status === 'pending') return 'Loading carers...';
  if (status === 'error') return '';
  if (!total) return `Showing ${shown} ${shown === 1 ? 'carer' : 'carers'}`;
  const all = `${describeSearchTotal(total)}${placeOf(filters)}`;
  return shown < total.count || total.more ? `Showing ${formatCount(shown)} of ${all}` : all;
}

/**
 * The server's message when it does not know the search's place (a 400 on `near`), for the
 * Location box; undefined for any other outcome.
 */
export function nearErrorOf(error: unknown): string | undefined {
  const details = error instanceof ApiError ? error : null;
  if (details?.status !== 400) return undefined;
  return (
    details.fieldErrors.near ??
    (details.serverMessage === SEARCH_MESSAGES.near ? details.serverMessage : undefined)
  );
}

/** The next wider distance the page offers, or null at the widest. */
export function widerWithin(within: number): number | null {
  return SEARCH_WITHIN_CHOICES.find((miles) => miles > within) ?? null;
}

/** Results of the search: skeletons, error, empty state or the card grid with "Load More Carers". */
export function SearchResults({
  filters,
  onChange,
  waiting = false,
}: {
  filters: CarerSearchFilters;
  onChange: (next: CarerSearchFilters) => void;
  /** The page is about to put the customer's saved place in the URL: skeletons until then. */
  waiting?: boolean;
}) {
  const search = useCarerSearch(filters, !waiting);
  // A page of cards is the heaviest render here: drawn from a deferred copy of the answer it is a
  // transition, which React slices into short tasks (the skeletons stay until it is ready, so
  // nothing shifts) instead of one long task that blocks input.
  const data = useDeferredValue(search.data);
  const carers = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const hasData = data !== undefined && !waiting;
  const isPending = !hasData && (!search.isError || waiting);
  const nearError = search.isError && !hasData ? nearErrorOf(search.error) : undefined;
  const wider = filters.near ? widerWithin(filters.within) : null;
  const listRef = useRef<HTMLUListElement>(null);
  const focusIndexAfterLoad = useRef<number | null>(null);
  const [view, setView] = useState<'list' | 'map'>('list');

  // After "Load More Carers", focus the first new card so keyboard users continue from there.
  useEffect(() => {
    const index = focusIndexAfterLoad.current;
    if (index === null) return;
    const link = listRef.current?.children[index]?.querySelector('a');
    if (link) {
      focusIndexAfterLoad.current = null;
      link.focus();
    }
  }, [carers.length]);

  async function loadMore() {
    if (search.isFetchingNextPage) return;
    focusIndexAfterLoad.current = carers.length;
    await search.fetchNextPage();
  }

  return (
    <section aria-labelledby="search-results-heading" aria-busy={isPending}>
      <h2 id="search-results-heading" className="sr-only">
        Search results
      </h2>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="min-h-5 text-sm font-medium text-muted-foreground">
          {nearError ??
            resultsAnnouncement(
              hasData ? 'success' : isPending ? 'pending' : 'error',
              carers.length,
              data?.pages[0]?.total,
              filters,
            )}
        </p>
        {carers.length > 0 ? <ViewToggle view={view} onChange={setView} /> : null}
      </div>

      {isPending ? (
        <ul className={GRID}>
          {Array.from({ length: SEARCH_SKELETON_CARDS }, (_, index) => (
            <li key={index} className="flex min-w-0">
              {/* As the cards: the placeholders below the first row are drawn only near the screen. */}
              <CarerCardSkeleton className={index < FIRST_ROW ? undefined : RENDER_WHEN_NEAR.card} />
            </li>
          ))}
        </ul>
      ) : null}

      {nearError ? (
        <div className="flex flex-col items-center rounded-lg border border-dashed border-border px-6 py-12 text-center">
          <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
          <h3 className="mt-4 text-lg font-semibold">Check the place you searched for</h3>
          <p className="mt-1 text-muted-foreground">
            Type a town or a full postcode in the “Where is care needed?” box, then search again.
          </p>
        </div>
      ) : null}

      {search.isError && !hasData && !nearError && !waiting ? (
        <Alert variant="destructive" role="alert" className="flex-col items-start">
          <p>{errorMessage(search.error, 'We could not load carers. Please try again.')}</p>
          <Button variant="outline" size="sm" onClick={() => void search.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}

      {hasData && carers.length === 0 ? (
        <div className="flex flex-col items-center rounded-lg border border-dashed border-border px-6 py-12 text-center">
          <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
          <h3 className="mt-4 text-lg font-semibold">No Carers Found</h3>
          {filters.near ? (
            <>
              <p className="mt-1 text-muted-foreground">
                {`No carers who travel to you were found within ${formatMiles(filters.within)} of ${filters.near}.`}{' '}
                {wider ? 'Try a wider distance, or fewer filters.' : 'Try fewer filters, or another place.'}
              </p>
              {wider ? (
                <Button
                  variant="outline"
                  className="mt-4"
                  onClick={() => {
                    onChange({ ...filters, within: wider });
                    // The button goes with the empty state: the keyboard goes to the distance it set.
                    // (On a phone the distance is in the closed sheet: its Filters button.)
                    (
                      document.getElementById(SEARCH_CONTROL_IDS.within) ??
                      document.getElementById(SEARCH_CONTROL_IDS.filtersButton)
                    )?.focus();
                  }}
                >
                  {`Search within ${formatMiles(wider)}`}
                </Button>
              ) : null}
            </>
          ) : (
            <p className="mt-1 text-muted-foreground">Try adjusting your search criteria or location</p>
          )}
        </div>
      ) : null}

      {carers.length > 0 && view === 'map' ? (
        <Suspense fallback={<Skeleton className="h-[60vh] min-h-80 w-full rounded-lg" />}>
          <CarerMap carers={carers} />
        </Suspense>
      ) : null}

      {carers.length > 0 && view === 'list' ? (
        <ul ref={listRef} className={GRID}>
          {carers.map((carer, index) => (
            <li key={carer.id} className="flex min-w-0">
              {/* The first row is on the first screen; the cards after it are drawn as they come near. */}
              <CarerCard carer={carer} className={index < FIRST_ROW ? undefined : RENDER_WHEN_NEAR.card} />
            </li>
          ))}
        </ul>
      ) : null}

      {search.isFetchNextPageError ? (
        <Alert variant="destructive" role="alert" className="mt-6">
          {errorMessage(search.error, 'We could not load more carers. Please try again.')}
        </Alert>
      ) : null}

      {search.hasNextPage ? (
        <div className="mt-8 flex justify-center">
          <Button
            variant="outline"
            size="lg"
            onClick={() => void loadMore()}
            aria-disabled={search.isFetchingNextPage || undefined}
          >
            {search.isFetchingNextPage ? (
              <>
                <Spinner />
                Loading...
              </>
            ) : (
              'Load More Carers'
            )}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
