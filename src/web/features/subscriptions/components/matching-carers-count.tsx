import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Users } from 'lucide-react';
import { describeMatchingCarers, MATCHING_CARERS_TEXT } from '@contracts/carers-search-text';
import {
  DEFAULT_CARE_TYPE,
  DEFAULT_WITHIN,
  filtersFromSearchParams,
  filtersToSearchParams,
  matchingCarersParams,
  whenOfWeek,
  type CarerSearchFilters,
} from '@contracts/carers-search-url';
import { endpoints } from '@contracts/endpoints';
import { paths } from '@contracts/paths';
import type { SearchCareType } from '@contracts/carers-search-url';
import { SEARCH_CARE_TYPES } from '@contracts/options';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/text-field';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth';
import { endpointQuery } from '@web/lib/query-keys';
import { pathParts, returnToIn } from '@web/lib/return-to';
import { useSearchPlace } from '@web/lib/search-place';
import { cn } from '@web/lib/utils';

type MatchFilters = Pick<CarerSearchFilters, 'near' | 'within' | 'careType' | 'day' | 'partOfDay'>;
type Source = { filters: MatchFilters; note: string } | null;

const searchCareType = (value: string): SearchCareType =>
  SEARCH_CARE_TYPES.find((type) => type === value) ?? DEFAULT_CARE_TYPE;

/**
 * Where the family's place and week come from: their open care request, else the search they
 * came from (its query in this page's address), else their saved search place; null: ask.
 */
function useMatchSource(typed: string | null): { source: Source; loading: boolean } {
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const isFamily = user?.role === 'customer' && user.userType === 'customer';
  const requests = useQuery({ ...endpointQuery(endpoints.careRequests.getMine), enabled: isFamily });
  const { place: saved } = useSearchPlace(user);
  if (typed) {
    return {
      source: {
        filters: { near: typed, within: DEFAULT_WITHIN, careType: DEFAULT_CARE_TYPE, day: '', partOfDay: '' },
        note: MATCHING_CARERS_TEXT.fromSearch(typed),
      },
      loading: false,
    };
  }
  if (isFamily && requests.isPending) return { source: null, loading: true };
  const open = requests.data?.items.find((request) => request.status === 'open');
  if (open) {
    return {
      source: {
        filters: {
          near: open.postcodeDistrict,
          within: DEFAULT_WITHIN,
          careType: searchCareType(open.careType),
          ...whenOfWeek(open.pattern),
        },
        note: MATCHING_CARERS_TEXT.fromRequest(open.postcodeDistrict),
      },
      loading: false,
    };
  }
  // The search's own query, or the search this page will return to (`returnTo=/carers?…`).
  const back = pathParts(returnToIn(searchParams));
  const fromSearch = filtersFromSearchParams(
    searchParams.get('near') || back.pathname !== paths.carers ? searchParams : back.query,
  );
  if (fromSearch.near) {
    return {
      source: { filters: fromSearch, note: MATCHING_CARERS_TEXT.fromSearch(fromSearch.near) },
      loading: false,
    };
  }
  if (saved === undefined) return { source: null, loading: true };
  if (saved) {
    return {
      source: {
        filters: { near: saved, within: DEFAULT_WITHIN, careType: DEFAULT_CARE_TYPE, day: '', partOfDay: '' },
        note: MATCHING_CARERS_TEXT.fromSaved(saved),
      },
      loading: false,
    };
  }
  return { source: null, loading: false };
}

function PlaceForm({ onPlace, error }: { onPlace: (place: string) => void; error?: string }) {
  const id = useId();
  const [value, setValue] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (value.trim()) onPlace(value.trim());
  };
  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
      <TextField
        id={`${id}-place`}
        label={MATCHING_CARERS_TEXT.placeLabel}
        placeholder={MATCHING_CARERS_TEXT.placePlaceholder}
        autoComplete="postal-code"
        maxLength={100}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error}
        className="min-w-0 flex-1"
      />
      <Button type="submit" variant="outline">
        {MATCHING_CARERS_TEXT.show}
      </Button>
    </form>
  );
}

/**
 * Before paying: how many verified carers match the family's place, distance and week, counted by
 * the carer search itself (GET /api/carers/matching), and plainly when there are none.
 */
export function MatchingCarersCount({ className }: { className?: string }) {
  const [typed, setTyped] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const { source, loading } = useMatchSource(typed);
  const query = source ? matchingCarersParams(source.filters) : null;
  const count = useQuery({
    ...endpointQuery(endpoints.carers.getMatching, { query: query ?? new URLSearchParams() }),
    enabled: query !== null,
  });
  const placeError =
    count.error instanceof ApiError && count.error.status === 400
      ? (count.error.fieldErrors.near ?? count.error.message)
      : undefined;
  const searchLink = source
    ? `${paths.carers}?${filtersToSearchParams({ ...emptyFilters, ...source.filters })}`
    : null;

  let body;
  if (loading || (source && count.isPending)) {
    body = (
      <p className="flex items-center gap-2 text-muted-foreground">
        <Spinner />
        {MATCHING_CARERS_TEXT.counting}
      </p>
    );
  } else if (!source || asking || placeError) {
    body = (
      <>
        <p className="text-muted-foreground">{MATCHING_CARERS_TEXT.askPlace}</p>
        <PlaceForm
          error={placeError}
          onPlace={(place) => {
            setTyped(place);
            setAsking(false);
          }}
        />
      </>
    );
  } else if (count.isError || !count.data) {
    body = <p className="text-muted-foreground">{MATCHING_CARERS_TEXT.failed}</p>;
  } else {
    body = (
      <>
        <p className="text-lg font-semibold text-foreground" data-testid="matching-carers">
          {describeMatchingCarers({
            ...count.data,
            availability: source.filters.partOfDay === 'livein' ? 'Live-in Care' : null,
          })}
        </p>
        <p className="mt-1 text-sm text-muted-foreground">{source.note}</p>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {count.data.count > 0 && searchLink ? (
            <Link to={searchLink} className="font-medium text-primary underline underline-offset-4">
              {MATCHING_CARERS_TEXT.seeThem}
            </Link>
          ) : null}
          <button
            type="button"
            className="font-medium text-primary underline underline-offset-4"
            onClick={() => setAsking(true)}
          >
            {MATCHING_CARERS_TEXT.otherPlace}
          </button>
        </p>
      </>
    );
  }

  return (
    <section
      aria-labelledby="matching-carers-title"
      aria-live="polite"
      className={cn('rounded-lg border border-border bg-secondary p-4 sm:p-6', className)}
    >
      <h2 id="matching-carers-title" className="flex items-center gap-2 text-lg font-semibold">
        <Users aria-hidden="true" className="size-5 shrink-0 text-primary" />
        {MATCHING_CARERS_TEXT.heading}
      </h2>
      <div className="mt-2 min-w-0 break-words">{body}</div>
    </section>
  );
}

const emptyFilters: CarerSearchFilters = {
  location: '',
  near: '',
  within: DEFAULT_WITHIN,
  careType: DEFAULT_CARE_TYPE,
  day: '',
  partOfDay: '',
  maxRate: null,
  sort: 'distance',
};
