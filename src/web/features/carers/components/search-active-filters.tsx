import { X } from 'lucide-react';
import { DAY_PART_LABELS, WEEK_DAY_LABELS } from '@contracts/week';
import { formatMiles } from '@web/lib/format';
import {
  DEFAULT_AVAILABILITY,
  DEFAULT_CARE_TYPE,
  defaultSortFor,
  type CarerSearchFilters,
} from '../api/search-carers';
import { SEARCH_CONTROL_IDS } from './search-filters';

type ActiveFilter = {
  key: 'near' | 'location' | 'careType' | 'availability' | 'day' | 'partOfDay';
  /** Lower-case words for the clear button's name: 'Clear care type filter'. */
  name: string;
  label: string;
  value: string;
  cleared: CarerSearchFilters;
};

function activeFilters(filters: CarerSearchFilters): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  if (filters.near) {
    active.push({
      key: 'near',
      name: 'place',
      label: 'Near',
      value: `${filters.near}, within ${formatMiles(filters.within)}`,
      // Without a place there is no distance to sort by.
      cleared: {
        ...filters,
        near: '',
        sort: filters.sort === 'distance' ? defaultSortFor('') : filters.sort,
      },
    });
  }
  if (filters.location) {
    active.push({
      key: 'location',
      name: 'location',
      label: 'Location',
      value: filters.location,
      cleared: { ...filters, location: '' },
    });
  }
  if (filters.careType !== DEFAULT_CARE_TYPE) {
    active.push({
      key: 'careType',
      name: 'care type',
      label: 'Care Type',
      value: filters.careType,
      cleared: { ...filters, careType: DEFAULT_CARE_TYPE },
    });
  }
  if (filters.availability !== DEFAULT_AVAILABILITY) {
    active.push({
      key: 'availability',
      name: 'availability',
      label: 'Availability',
      value: filters.availability,
      cleared: { ...filters, availability: DEFAULT_AVAILABILITY },
    });
  }
  if (filters.day) {
    active.push({
      key: 'day',
      name: 'day',
      label: 'Day',
      value: WEEK_DAY_LABELS[filters.day],
      cleared: { ...filters, day: '' },
    });
  }
  if (filters.partOfDay) {
    active.push({
      key: 'partOfDay',
      name: 'part of day',
      label: 'Part of day',
      value: DAY_PART_LABELS[filters.partOfDay],
      cleared: { ...filters, partOfDay: '' },
    });
  }
  return active;
}
/** Product §2: the Active Filters list, each with its own clear button. */
export function SearchActiveFilters({
  filters,
  onChange,
}: {
  filters: CarerSearchFilters;
  onChange: (next: CarerSearchFilters) => void;
}) {
  const active = activeFilters(filters);

  function clear(filter: ActiveFilter) {
    onChange(filter.cleared);
    // The button disappears with its filter; focus goes back to the control it came from.
    document.getElementById(SEARCH_CONTROL_IDS[filter.key])?.focus();
  }

  return (
    <section aria-labelledby="active-filters-heading" className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <h2 id="active-filters-heading" className="text-sm font-semibold text-foreground">
        Active Filters
      </h2>
      {active.length === 0 ? (
        <p className="text-sm text-muted-foreground">None: showing all carers.</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {active.map((filter) => (
            <li
              key={filter.key}
              className="inline-flex items-center gap-1 rounded-full bg-secondary py-1 pr-1 pl-3 text-sm text-secondary-foreground"
            >
              <span>
                <span className="font-medium">{filter.label}:</span> {filter.value}
              </span>
              <button
                type="button"
                aria-label={`Clear ${filter.name} filter`}
                onClick={() => clear(filter)}
                className="inline-flex size-7 items-center justify-center rounded-full hover:bg-secondary-hover"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
