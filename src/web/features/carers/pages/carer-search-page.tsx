import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CARE_REQUESTS_PATH } from '@web/lib/care-requests-path';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useAuth } from '@web/lib/auth';
import { useSearchPlace } from '@web/lib/search-place';
import { usePageTitle } from '@web/lib/use-page-title';
import {
  filtersFromSearchParams,
  filtersToSearchParams,
  useCarerSearch,
  type CarerSearchFilters,
} from '../api/search-carers';
import { SearchActiveFilters } from '../components/search-active-filters';
import { SearchFilters } from '../components/search-filters';
import { SearchQuickTips } from '../components/search-quick-tips';
import { nearErrorOf, SearchResults } from '../components/search-results';

/**
 * A signed-in customer's saved place, put in the URL when they arrive with no place (once per visit
 * of the page: a place they clear stays cleared). Answers the address to replace the URL with, and
 * whether the results should wait (for the saved place, or for the URL to take it).
 */
function useSavedPlaceStart(filters: CarerSearchFilters): { waiting: boolean; startAt: string | null } {
  const { user } = useAuth();
  const { place } = useSearchPlace(user);
  const [phase, setPhase] = useState<'undecided' | 'apply' | 'done'>('undecided');
  const arrivedWithPlace = Boolean(filters.near || filters.location);
  if (phase === 'undecided' && place !== undefined) setPhase(place && !arrivedWithPlace ? 'apply' : 'done');
  if (phase === 'apply' && arrivedWithPlace) setPhase('done');
  const startAt =
    phase === 'apply' && place
      ? filtersToSearchParams({ ...filters, near: place, sort: 'distance' }).toString()
      : null;
  const waiting = phase === 'apply' || (phase === 'undecided' && !arrivedWithPlace);
  return { waiting, startAt };
}

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
 * Product §2 carer search, at /carers for everyone and /customer-dashboard when signed in.
 * The filters live in the URL so a search can be shared, reloaded and navigated with Back.
 */
export function CarerSearchPage() {
  usePageTitle('Find Your Perfect Carer');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearchParams(searchParams);
  const applyFilters = (next: CarerSearchFilters) => setSearchParams(filtersToSearchParams(next));
  const { waiting, startAt } = useSavedPlaceStart(filters);
  useEffect(() => {
    if (startAt !== null) setSearchParams(new URLSearchParams(startAt), { replace: true });
  }, [startAt, setSearchParams]);
  const search = useCarerSearch(filters, !waiting);
  const nearError = search.isError && !search.data ? nearErrorOf(search.error) : undefined;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Find Your Perfect Carer</h1>
      <p className="mt-2 text-lg text-muted-foreground">
        Search verified carers near you by postcode or town, type of care and when you need them.
      </p>

      <Card className="mt-6 grid gap-5 p-4 sm:p-6">
        <SearchFilters
          filters={filters}
          onChange={applyFilters}
          nearError={waiting ? undefined : nearError}
        />
        <SearchActiveFilters filters={filters} onChange={applyFilters} />
      </Card>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <SearchResults filters={filters} onChange={applyFilters} waiting={waiting} />
        <aside aria-label="Search tips">
          <SearchQuickTips />
          <PostRequestPrompt />
        </aside>
      </div>
    </div>
  );
}
