import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CARE_REQUESTS_PATH } from '@web/lib/care-requests-path';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useEditAddress } from '@web/lib/use-edit-address';
import { useMediaQuery } from '@web/lib/use-media-query';
import { describeSearchTotal } from '@contracts/carers-search-text';
import { paths } from '@contracts/paths';
import { SlidersHorizontal } from 'lucide-react';
import { useAuth } from '@web/lib/auth';
import { useSearchPlace } from '@web/lib/search-place';
import { usePageTitle } from '@web/lib/use-page-title';
import { queryClient } from '@web/lib/query-client';
import {
  carerSearchQueryOptions,
  filtersFromSearchParams,
  filtersToSearchParams,
  useCarerSearch,
  type CarerSearchFilters,
} from '../api/search-carers';
import { activeFilters, SearchActiveFilters } from '../components/search-active-filters';
import { PlaceSearch, SEARCH_CONTROL_IDS, SearchFilters } from '../components/search-filters';
import { SearchContactNotice } from '../components/contact-area';
import { SearchQuickTips } from '../components/search-quick-tips';
import { nearErrorOf, SearchResults } from '../components/search-results';

/**
 * A visit that starts here asks for its first results as soon as this code runs (the router
 * preloads it while the sign-in check is out), not once that check has answered and the page has
 * mounted: the answer (already on its way, the server's preload) is then usually in the cache for
 * the page's first render, which draws the cards at once instead of skeletons, a second render and
 * a second layout (docs/performance.md). The same request the page makes, so nothing is asked twice.
 */
if (typeof window !== 'undefined' && window.location.pathname === paths.carers) {
  const filters = filtersFromSearchParams(new URLSearchParams(window.location.search));
  void queryClient.prefetchInfiniteQuery(carerSearchQueryOptions(filters));
}

/**
 * A signed-in customer's saved place, put in the URL when they arrive with no place (once per visit
 * of the page: a place they clear stays cleared). Answers the place to put in the URL, and
 * whether the results should wait (for the saved place, or for the URL to take it).
 */
function useSavedPlaceStart(filters: CarerSearchFilters): { waiting: boolean; placeToApply: string | null } {
  const { user } = useAuth();
  const { place } = useSearchPlace(user);
  const [phase, setPhase] = useState<'undecided' | 'apply' | 'done'>('undecided');
  const arrivedWithPlace = Boolean(filters.near || filters.location);
  if (phase === 'undecided' && place !== undefined) setPhase(place && !arrivedWithPlace ? 'apply' : 'done');
  if (phase === 'apply' && arrivedWithPlace) setPhase('done');
  const placeToApply = phase === 'apply' && place ? place : null;
  const waiting = phase === 'apply' || (phase === 'undecided' && !arrivedWithPlace);
  return { waiting, placeToApply };
}

/** Where the filters stay open beside the results (Tailwind's lg). */
const WIDE_SCREEN = '(min-width: 1024px)';

/** A signed-in family may let carers come to them instead. */
function PostRequestPrompt() {
  const { user } = useAuth();
  if (user?.role !== 'customer') return null;
  return (
    <Card className="mt-6 grid gap-3 p-5">
      <h2 className="text-lg font-semibold">Let carers come to you</h2>
      <p className="text-sm text-muted-foreground">
        Post what care is needed, where and when: carers near you who match can answer. It is free.
      </p>
      <Button asChild variant="outline" className="w-fit">
        <Link to={CARE_REQUESTS_PATH}>Post a care request</Link>
      </Button>
    </Card>
  );
}

/**
 * The sheet (a Radix dialog, ~19 KB) loads when the Filters button is first pointed at, touched or
 * focused, so it is usually there by the press; a visit that never opens it never loads it. Loaded
 * once the page had painted, its code ran while the first cards were drawn, on a phone's slow CPU
 * (docs/performance.md, /carers).
 */
const loadFiltersSheet = () => import('../components/search-filters-sheet');
const prepareFiltersSheet = () => void loadFiltersSheet();
const LazyFiltersSheet = lazy(() =>
  loadFiltersSheet().then((module) => ({ default: module.SearchFiltersSheet })),
);

/**
 * On a phone the filters are one "Filters" button that opens a sheet, so the results come first;
 * every change applies at once, and the sheet's last button shows the results.
 */
function FiltersSheet({
  filters,
  onChange,
  showLabel,
}: {
  filters: CarerSearchFilters;
  onChange: (next: CarerSearchFilters) => void;
  /** 'Show 12 carers' once the count is known. */
  showLabel: string;
}) {
  const [open, setOpen] = useState(false);
  // The place is its own box above; the count is of what the sheet sets.
  const count = activeFilters(filters).filter(
    (filter) => filter.key !== 'near' && filter.key !== 'location',
  ).length;
  return (
    <>
      <Button
        id={SEARCH_CONTROL_IDS.filtersButton}
        variant="outline"
        className="w-full sm:w-auto"
        aria-haspopup="dialog"
        onPointerEnter={prepareFiltersSheet}
        onPointerDown={prepareFiltersSheet}
        onFocus={prepareFiltersSheet}
        onClick={() => setOpen(true)}
      >
        <SlidersHorizontal aria-hidden="true" />
        Filters
        {count > 0 ? (
          <span className="rounded-full bg-primary px-2 text-xs leading-5 text-primary-foreground">
            {count}
            <span className="sr-only"> active</span>
          </span>
        ) : null}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <LazyFiltersSheet
            open={open}
            onOpenChange={setOpen}
            filters={filters}
            onChange={onChange}
            showLabel={showLabel}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** 'Show 12 carers' when the search has answered, 'Show results' before. */
function useShowLabel(filters: CarerSearchFilters, enabled: boolean): string {
  const search = useCarerSearch(filters, enabled);
  const total = search.data?.pages[0]?.total;
  return total ? `Show ${describeSearchTotal(total)}` : 'Show results';
}

function SearchAside({ className }: { className?: string }) {
  return (
    <aside aria-label="Search tips" className={className}>
      <SearchQuickTips />
      <PostRequestPrompt />
    </aside>
  );
}

/**
 * Product §2 carer search, at /carers for everyone and /customer-dashboard when signed in.
 * The filters live in the URL so a search can be shared, reloaded and navigated with Back. On a
 * phone the results come first, the filters behind one button; a desktop keeps them in a side panel.
 */
export function CarerSearchPage() {
  usePageTitle('Find Your Perfect Carer');
  const [searchParams] = useSearchParams();
  const editAddress = useEditAddress();
  const filters = filtersFromSearchParams(searchParams);
  // A filter changes the results below, not the page: it stays where it is. A control builds `next`
  // from the filters it was drawn with; the address can already hold a newer change whose render is
  // still to come (a navigation renders in a transition, slow on a busy phone), so only what this
  // control changed is applied, to the address as it is now: two quick changes both stay.
  const applyFilters = (next: CarerSearchFilters) => {
    const changed = (Object.keys(next) as Array<keyof CarerSearchFilters>).filter(
      (key) => next[key] !== filters[key],
    );
    editAddress(
      (address) =>
        filtersToSearchParams({
          ...filtersFromSearchParams(address),
          ...Object.fromEntries(changed.map((key) => [key, next[key]])),
        }),
      { preventScrollReset: true },
    );
  };
  const { waiting, placeToApply } = useSavedPlaceStart(filters);
  useEffect(() => {
    if (placeToApply === null) return;
    // Onto the address as it is now: a filter chosen while the saved place was on its way stays,
    // and a place typed meanwhile wins.
    editAddress(
      (address) => {
        const now = filtersFromSearchParams(address);
        return now.near || now.location
          ? address
          : filtersToSearchParams({ ...now, near: placeToApply, sort: 'distance' });
      },
      { replace: true, preventScrollReset: true },
    );
  }, [placeToApply, editAddress]);
  const search = useCarerSearch(filters, !waiting);
  const nearError = search.isError && !search.data ? nearErrorOf(search.error) : undefined;
  const wide = useMediaQuery(WIDE_SCREEN);
  const showLabel = useShowLabel(filters, !waiting);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight sm:text-4xl">Find Your Perfect Carer</h1>
      <p className="mt-2 hidden text-lg text-muted-foreground sm:block">
        Search verified carers near you by postcode or town, type of care and when you need them.
      </p>

      <div className="mt-4 grid gap-4 sm:mt-6">
        <PlaceSearch filters={filters} onChange={applyFilters} nearError={waiting ? undefined : nearError} />
        {wide ? null : <FiltersSheet filters={filters} onChange={applyFilters} showLabel={showLabel} />}
        <SearchActiveFilters filters={filters} onChange={applyFilters} />
        <SearchContactNotice />
      </div>

      <div className="mt-6 grid gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
        {wide ? (
          <div className="grid content-start gap-6">
            <Card className="p-5">
              <h2 className="mb-4 text-lg font-semibold">Filters</h2>
              <SearchFilters filters={filters} onChange={applyFilters} />
            </Card>
            <SearchAside />
          </div>
        ) : null}
        <SearchResults filters={filters} onChange={applyFilters} waiting={waiting} />
        {wide ? null : <SearchAside />}
      </div>
    </div>
  );
}
