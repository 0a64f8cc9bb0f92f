import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { DAY_PART_HOURS, DAY_PART_LABELS, WEEK_DAY_LABELS, type SearchDay } from '@contracts/week';
import {
  CARER_SEARCH_SORTS as CARER_SORTS,
  SEARCH_DAY_CHOICES,
  SEARCH_MAX_RATE_CHOICES,
  SEARCH_TIME_CHOICES,
  type SearchWhenTime,
} from '@contracts/carers-search-url';
import { SEARCH_WITHIN_CHOICES } from '@contracts/carers-search-text';
import { SEARCH_CARE_TYPES } from '@contracts/options';
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
  day: 'search-day',
  partOfDay: 'search-part-of-day',
  maxRate: 'search-max-rate',
  sort: 'search-sort',
  /** The phone's "Filters" button, where focus goes when the control itself is in the closed sheet. */
  filtersButton: 'search-filters-button',
} as const;

const LOCATION_HINT_ID = `${SEARCH_CONTROL_IDS.location}-hint`;
const LOCATION_ERROR_ID = `${SEARCH_CONTROL_IDS.location}-error`;

/** The distance choices, plus one from a hand-edited link (the API takes any whole 1 to 50). */
export function withinChoices(current: number): number[] {
  const choices: number[] = [...SEARCH_WITHIN_CHOICES];
  if (!choices.includes(current)) choices.push(current);
  return choices.sort((a, b) => a - b);
}

/** 'Weekdays', 'Monday'. */
export function dayLabel(day: SearchDay): string {
  if (day === 'weekdays') return 'Weekdays';
  if (day === 'weekends') return 'Weekends';
  return WEEK_DAY_LABELS[day];
}

/** 'Daytime (7am to 5pm)', 'Morning (7am to 12pm)', 'Live-in care (day and night)'. */
export function timeLabel(time: SearchWhenTime, withHours = true): string {
  if (time === 'livein') return withHours ? 'Live-in care (day and night)' : 'Live-in care';
  if (time === 'daytime') return withHours ? 'Daytime (7am to 5pm)' : 'Daytime';
  return withHours ? `${DAY_PART_LABELS[time]} (${DAY_PART_HOURS[time]})` : DAY_PART_LABELS[time];
}

/** 'Up to £20 an hour'. */
export function maxRateLabel(pounds: number): string {
  return `Up to £${pounds} an hour`;
}

/**
 * Where care is needed: a postcode or town, typed freely and applied on Search or Enter (product
 * §2). Always above the results, on a phone as on a desktop.
 */
export function PlaceSearch({
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

  return (
    <form role="search" aria-label="Carers" onSubmit={handleSubmit} className="grid gap-2">
      <Label htmlFor={SEARCH_CONTROL_IDS.location}>Where is care needed?</Label>
      <div className="flex gap-2">
        <Input
          ref={locationInput}
          id={SEARCH_CONTROL_IDS.location}
          name="near"
          type="search"
          autoComplete="postal-code"
          maxLength={100}
          placeholder="Postcode or town, like LS6 3AB or Leeds"
          className="min-w-0 flex-1"
          aria-invalid={nearError ? true : undefined}
          aria-describedby={nearError ? `${LOCATION_HINT_ID} ${LOCATION_ERROR_ID}` : LOCATION_HINT_ID}
          value={draftPlace}
          onChange={(event) => setDraftPlace(event.target.value)}
        />
        <Button type="submit">
          <Search aria-hidden="true" />
          Search
        </Button>
      </div>
      <p id={LOCATION_HINT_ID} className="sr-only">
        A postcode or town. Carers are listed nearest first.
      </p>
      {nearError ? <FieldError id={LOCATION_ERROR_ID}>{nearError}</FieldError> : null}
    </form>
  );
}

/**
 * The filters (care type, when, rate, distance, sort): in the phone's Filters sheet, or the
 * desktop's side panel. Each applies as soon as it changes.
 */
export function SearchFilters({
  filters,
  onChange,
}: {
  filters: CarerSearchFilters;
  onChange: (next: CarerSearchFilters) => void;
}) {
  // Distance needs a place; with one it is the default, so it comes first.
  const sorts = filters.near
    ? (['distance', ...CARER_SORTS.filter((sort) => sort !== 'distance')] as const)
    : CARER_SORTS.filter((sort) => sort !== 'distance');
  const liveIn = filters.partOfDay === 'livein';

  return (
    <div className="grid gap-5" data-testid="search-filters">
      <OptionFilter
        id={SEARCH_CONTROL_IDS.careType}
        name="careType"
        label="Care type"
        options={SEARCH_CARE_TYPES}
        value={filters.careType}
        onChange={(careType) => onChange({ ...filters, careType })}
      />

      {/* One "When": the days and the time of day together (the old availability tags are these). */}
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm leading-none font-medium">When</legend>
        <OptionFilter
          id={SEARCH_CONTROL_IDS.day}
          name="day"
          label="Days"
          options={['', ...SEARCH_DAY_CHOICES] as const}
          labels={(day) => (day ? dayLabel(day) : 'Any day')}
          value={liveIn ? '' : filters.day}
          disabled={liveIn}
          hint={liveIn ? 'Live-in care is every day.' : undefined}
          onChange={(day) => onChange({ ...filters, day })}
        />
        <OptionFilter
          id={SEARCH_CONTROL_IDS.partOfDay}
          name="partOfDay"
          label="Time of day"
          options={['', ...SEARCH_TIME_CHOICES] as const}
          labels={(time) => (time ? timeLabel(time) : 'Any time')}
          value={filters.partOfDay}
          onChange={(partOfDay) =>
            onChange({ ...filters, partOfDay, day: partOfDay === 'livein' ? '' : filters.day })
          }
        />
      </fieldset>

      <OptionFilter
        id={SEARCH_CONTROL_IDS.maxRate}
        name="maxRate"
        label="Hourly rate"
        options={['', ...SEARCH_MAX_RATE_CHOICES.map(String)] as const}
        labels={(pounds) => (pounds ? maxRateLabel(Number(pounds)) : 'Any rate')}
        value={filters.maxRate === null ? '' : String(filters.maxRate)}
        extra={
          filters.maxRate !== null && !SEARCH_MAX_RATE_CHOICES.some((pounds) => pounds === filters.maxRate)
            ? String(filters.maxRate)
            : undefined
        }
        onChange={(pounds) => onChange({ ...filters, maxRate: pounds ? Number(pounds) : null })}
      />

      <div className="grid gap-2">
        <Label htmlFor={SEARCH_CONTROL_IDS.within}>Distance</Label>
        <Select
          id={SEARCH_CONTROL_IDS.within}
          name="within"
          value={String(filters.within)}
          onChange={(event) => onChange({ ...filters, within: Number(event.target.value) })}
        >
          {withinChoices(filters.within).map((miles) => (
            <option key={miles} value={String(miles)}>
              {`Within ${miles} ${miles === 1 ? 'mile' : 'miles'}`}
            </option>
          ))}
        </Select>
      </div>

      <div className="grid gap-2">
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
  extra,
  disabled,
  hint,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  options: readonly [T, ...T[]];
  labels?: (option: T) => string;
  value: T | string;
  /** A value from a hand-edited link that the list does not offer, shown so the select is true. */
  extra?: string | undefined;
  disabled?: boolean;
  hint?: string | undefined;
  onChange: (value: T) => void;
}) {
  const hintId = `${id}-hint`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange(options.find((option) => option === event.target.value) ?? options[0])}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {labels(option)}
          </option>
        ))}
        {extra ? <option value={extra}>{`Up to £${extra} an hour`}</option> : null}
      </Select>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
