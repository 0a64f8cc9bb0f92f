import { X } from 'lucide-react';
import { formatMiles } from '@web/lib/format';
import { DEFAULT_CARE_TYPE, defaultSortFor, type CarerSearchFilters } from '../api/search-carers';
import { dayLabel, maxRateLabel, SEARCH_CONTROL_IDS, timeLabel } from './search-filters';

type ActiveFilter = {
  key: 'near' | 'location' | 'careType' | 'day' | 'partOfDay' | 'maxRate';
  /** Lower-case words for the clear button's name: 'Clear care type filter'. */
  name: string;
  label: string;
  value: string;
  cleared: CarerSearchFilters;
};

/** The filters in force, as chips; the "When" is one chip for its days and time together. */
export function activeFilters(filters: CarerSearchFilters): ActiveFilter[] {
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
      label: 'Care type',
      value: filters.careType,
      cleared: { ...filters, careType: DEFAULT_CARE_TYPE },
    });
  }
  if (filters.day || filters.partOfDay) {
    const words = [
      filters.day ? dayLabel(filters.day) : '',
      filters.partOfDay ? timeLabel(filters.partOfDay, false) : '',
    ].filter(Boolean);
    active.push({
      key: filters.day ? 'day' : 'partOfDay',
      name: 'when',
      label: 'When',
      value: words.join(', '),
      cleared: { ...filters, day: '', partOfDay: '' },
    });
  }
  if (filters.maxRate !== null) {
    active.push({
      key: 'maxRate',
      name: 'rate',
      label: 'Rate',
      value: maxRateLabel(filters.maxRate),
      cleared: { ...filters, maxRate: null },
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
    // The button disappears with its filter; focus goes back to the control it came from, or on a
    // phone, where that control is in the closed sheet, to the Filters button.
    const control = document.getElementById(SEARCH_CONTROL_IDS[filter.key]);
    (control ?? document.getElementById(SEARCH_CONTROL_IDS.filtersButton))?.focus();
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
              className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-full bg-secondary py-1 pr-1 pl-3 text-sm text-secondary-foreground"
            >
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className="font-medium">{filter.label}:</span> {filter.value}
              </span>
              <button
                type="button"
                aria-label={`Clear ${filter.name} filter`}
                onClick={() => clear(filter)}
                className="inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-secondary-hover"
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
