import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { CARER_SORTS } from '@contracts/carers';
import { SEARCH_AVAILABILITY, SEARCH_CARE_TYPES } from '@contracts/options';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { SORT_LABELS, type CarerSearchFilters } from '../api/search-carers';

/** Ids of the filter controls, so clearing an active filter can move focus back to its control. */
export const SEARCH_CONTROL_IDS = {
  location: 'search-location',
  careType: 'search-care-type',
  availability: 'search-availability',
  sort: 'search-sort',
} as const;

/**
 * The filter bar. Location is typed freely and applied on Search or Enter (SPEC section 2);
 * the selects apply as soon as they change.
 */
export function SearchFilters({
  filters,
  onChange,
}: {
  filters: CarerSearchFilters;
  onChange: (next: CarerSearchFilters) => void;
}) {
  const [draftLocation, setDraftLocation] = useState(filters.location);
  // When the URL's location changes (a cleared filter, Back), the box shows it again.
  const [shownLocation, setShownLocation] = useState(filters.location);
  if (shownLocation !== filters.location) {
    setShownLocation(filters.location);
    setDraftLocation(filters.location);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onChange({ ...filters, location: draftLocation.trim() });
  }

  return (
    <form
      role="search"
      aria-label="Carers"
      onSubmit={handleSubmit}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto] lg:items-end"
    >
      <div className="grid gap-2 sm:col-span-2 lg:col-span-1">
        <Label htmlFor={SEARCH_CONTROL_IDS.location}>Location</Label>
        <Input
          id={SEARCH_CONTROL_IDS.location}
          name="location"
          type="search"
          autoComplete="address-level2"
          maxLength={100}
          placeholder="Town, county or postcode"
          value={draftLocation}
          onChange={(event) => setDraftLocation(event.target.value)}
        />
      </div>
      <OptionFilter
        id={SEARCH_CONTROL_IDS.careType}
        name="careType"
        label="Care Type"
        options={SEARCH_CARE_TYPES}
        value={filters.careType}
        onChange={(careType) => onChange({ ...filters, careType })}
      />
      <OptionFilter
        id={SEARCH_CONTROL_IDS.availability}
        name="availability"
        label="Availability"
        options={SEARCH_AVAILABILITY}
        value={filters.availability}
        onChange={(availability) => onChange({ ...filters, availability })}
      />
      <div className="grid gap-2">
        <Label htmlFor={SEARCH_CONTROL_IDS.sort}>Sort by</Label>
        <Select
          id={SEARCH_CONTROL_IDS.sort}
          name="sort"
          value={filters.sort}
          onChange={(event) =>
            onChange({ ...filters, sort: CARER_SORTS.find((v) => v === event.target.value) ?? 'best' })
          }
        >
          {CARER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" className="sm:col-span-2 lg:col-span-1">
        <Search aria-hidden="true" />
        Search
      </Button>
    </form>
  );
}

/** A labelled select over one of the SPEC option lists; the first option is the "no filter" default. */
function OptionFilter<T extends string>({
  id,
  name,
  label,
  options,
  value,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  options: readonly [T, ...T[]];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(options.find((option) => option === event.target.value) ?? options[0])}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </Select>
    </div>
  );
}
