import { useSearchParams } from 'react-router';
import { Card } from '@web/components/ui/card';
import { usePageTitle } from '@web/lib/use-page-title';
import {
  filtersFromSearchParams,
  filtersToSearchParams,
  type CarerSearchFilters,
} from '../api/search-carers';
import { SearchActiveFilters } from '../components/search-active-filters';
import { SearchFilters } from '../components/search-filters';
import { SearchQuickTips } from '../components/search-quick-tips';
import { SearchResults } from '../components/search-results';

/**
 * SPEC section 2 carer search, at /carers for everyone and /customer-dashboard when signed in.
 * The filters live in the URL so a search can be shared, reloaded and navigated with Back.
 */
export function CarerSearchPage() {
  usePageTitle('Find Your Perfect Carer');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearchParams(searchParams);
  const applyFilters = (next: CarerSearchFilters) => setSearchParams(filtersToSearchParams(next));

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Find Your Perfect Carer</h1>
      <p className="mt-2 text-lg text-muted-foreground">
        Search verified carers by location, type of care and availability.
      </p>

      <Card className="mt-6 grid gap-5 p-4 sm:p-6">
        <SearchFilters filters={filters} onChange={applyFilters} />
        <SearchActiveFilters filters={filters} onChange={applyFilters} />
      </Card>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <SearchResults filters={filters} />
        <aside aria-label="Search tips">
          <SearchQuickTips />
        </aside>
      </div>
    </div>
  );
}
