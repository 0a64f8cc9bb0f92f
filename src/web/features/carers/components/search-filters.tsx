import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { DAY_PART_HOURS, DAY_PART_LABELS, WEEK_DAY_LABELS } from '@contracts/week';
import { SEARCH_DAY_PARTS, SEARCH_DAYS } from '@contracts/carers-search-url';
import { CARER_SEARCH_SORTS as CARER_SORTS } from '@contracts/carers-search-url';
import { SEARCH_WITHIN_CHOICES } from '@contracts/carers-search-text';
import { SEARCH_AVAILABILITY, SEARCH_CARE_TYPES } from '@contracts/options';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { FieldError } from '@web/components/ui/text-field';
import { defaultSortFor, SORT_LABELS, type CarerSearchFilters } from '../api/search-carers';

/** Ids of the filter controls, so clearing an active filter can move focus back to its control. */
export const SEARCH_CONTROL_IDS = {
  location: 'search-location',
  near: 'search-location',
  within: 'search-within',
  careType: 'search-care-type',
  availability: 'search-availability',
  day: 'search-day',
  partOfDay: 'search-part-of-day',
  sort: 'search-sort',
} as const;

const LOCATION_HINT_ID = `${SEARCH_CONTROL_IDS.location}-hint`;
const LOCATION_ERROR_ID = `${SEARCH_CONTROL_IDS.location}-error`;

/** The distance choices, plus one from a hand-edited link (the API takes any whole 1 to 50). */
export function withinChoices(current: number): number[] {
  const choices: number[] = [...SEARCH_WITHIN_CHOICES];
  if (!choices.includes(current)) choices.push(current);
  return choices.sort((a, b) => a - b);
}

/**
 * The filter bar. The place is typed freely and applied on Search or Enter (product §2);
 * the selects apply as soon as they change.
 */
export function SearchFilters({
  filters,
  onChange,
  nearError,
}: {
  filters: CarerSearchFilters;
  onChange: (next: CarerSearchFilters) => void;
  /** The server's message when it does not know the place: shown beside the box. */
  nearError?: string;
}) {
  // The box shows the place searched near, or the town of an old `?location=` link.
  const shownPlace = filters.near || filters.location;
  const [draftPlace, setDraftPlace] = useState(shownPlace);
  // When the URL's place changes (a cleared filter, Back, the saved place), the box shows it again.
  const [lastShown, setLastShown] = useState(shownPlace);
  if (lastShown !== shownPlace) {
    setLastShown(shownPlace);
    setDraftPlace(shownPlace);
  }
  const locationInput = useRef<HTMLInputElement>(null);
  const submitted = useRef(false);

  // A place the server does not know, just searched for: back to the box, which now says why.
  useEffect(() => {
    if (nearError && submitted.current) locationInput.current?.focus();
    submitted.current = false;
  }, [nearError]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const near = draftPlace.trim();
    submitted.current = true;
    onChange({
      ...filters,
      near,
      // The box replaces an old link's town filter.
      location: '',
      // A new place starts nearest first; clearing the place leaves a distance order behind.
      sort: filters.near === near ? filters.sort : defaultSortFor(near),
    });
  }

  // Distance needs a place; with one it is the default, so it comes first.
  const sorts = filters.near
    ? (['distance', ...CARER_SORTS.filter((sort) => sort !== 'distance')] as const)
    : CARER_SORTS.filter((sort) => sort !== 'distance');

  return (
    <form role="search" aria-label="Carers" onSubmit={handleSubmit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem] lg:grid-cols-[minmax(0,1fr)_10rem_auto]">
        <div className="grid content-start gap-2">
          <Label htmlFor={SEARCH_CONTROL_IDS.location}>Location</Label>
          <Input
            ref={locationInput}
            id={SEARCH_CONTROL_IDS.location}
            name="near"
            type="search"
            autoComplete="postal-code"
            maxLength={100}
            placeholder="Postcode or town, like LS6 3AB or Leeds"
            aria-invalid={nearError ? true : undefined}
            aria-describedby={nearError ? `${LOCATION_HINT_ID} ${LOCATION_ERROR_ID}` : LOCATION_HINT_ID}
            value={draftPlace}
            onChange={(event) => setDraftPlace(event.target.value)}
          />
          <p id={LOCATION_HINT_ID} className="sr-only">
            A postcode or town. Carers are listed nearest first.
          </p>
          {nearError ? <FieldError id={LOCATION_ERROR_ID}>{nearError}</FieldError> : null}
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={SEARCH_CONTROL_IDS.within}>Within</Label>
          <Select
            id={SEARCH_CONTROL_IDS.within}
            name="within"
            value={String(filters.within)}
            onChange={(event) => onChange({ ...filters, within: Number(event.target.value) })}
          >
            {withinChoices(filters.within).map((miles) => (
              <option key={miles} value={String(miles)}>
                {`${miles} ${miles === 1 ? 'mile' : 'miles'}`}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" className="sm:col-span-2 lg:col-span-1 lg:mt-[1.375rem]">
          <Search aria-hidden="true" />
          Search
        </Button>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
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
        <OptionFilter
          id={SEARCH_CONTROL_IDS.day}
          name="day"
          label="Day"
          options={['', ...SEARCH_DAYS] as const}
          labels={(day) => (day ? WEEK_DAY_LABELS[day] : 'Any day')}
          value={filters.day}
          onChange={(day) => onChange({ ...filters, day })}
        />
        <OptionFilter
          id={SEARCH_CONTROL_IDS.partOfDay}
          name="partOfDay"
          label="Part of day"
          options={['', ...SEARCH_DAY_PARTS] as const}
          labels={(part) => (part ? `${DAY_PART_LABELS[part]} (${DAY_PART_HOURS[part]})` : 'Any part of day')}
          value={filters.partOfDay}
          onChange={(partOfDay) => onChange({ ...filters, partOfDay })}
        />
        <div className="grid gap-2 sm:col-span-2 lg:col-span-1">
          <Label htmlFor={SEARCH_CONTROL_IDS.sort}>Sort by</Label>
          <Select
            id={SEARCH_CONTROL_IDS.sort}
            name="sort"
            value={filters.sort}
            onChange={(event) =>
              onChange({
                ...filters,
                sort: sorts.find((v) => v === event.target.value) ?? defaultSortFor(filters.near),
              })
            }
          >
            {sorts.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </Select>
        </div>
      </div>
    </form>
  );
}

/** A labelled select over one of the option lists; the first option is the "no filter" default. */
function OptionFilter<T extends string>({
  id,
  name,
  label,
  options,
  labels = (option) => option,
  value,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  options: readonly [T, ...T[]];
  labels?: (option: T) => string;
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
            {labels(option)}
          </option>
        ))}
      </Select>
    </div>
  );
}
