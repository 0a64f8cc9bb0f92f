// What the carer search says and its bounds: no zod here, so the search page and the cards can
// use them without loading the schemas (carers.ts re-exports them beside the schemas).
import { formatCount, RATE_MAX_POUNDS, SEARCH_MAX_LIMIT, TRAVEL_MILES_MAX, TRAVEL_MILES_MIN } from './limits';

export const SEARCH_MESSAGES = {
  careType: 'Unknown care type',
  availability: 'Unknown availability option',
  rate: `Rates must be numbers between 0 and ${RATE_MAX_POUNDS}`,
  sort: 'Sort must be best, rating, price or distance',
  limit: `Limit must be a whole number from 1 to ${SEARCH_MAX_LIMIT}`,
  cursor: 'Invalid cursor: this list has changed, so search again from the first page.',
  location: 'Location can be at most 100 characters',
  near: "We couldn't find that place. Try a town or a full postcode.",
  nearTooLong: 'A place can be at most 100 characters',
  nearRequired: 'Enter a postcode or town',
  within: `Distance must be a whole number of miles from ${TRAVEL_MILES_MIN} to ${TRAVEL_MILES_MAX}`,
  day: 'Unknown day of the week',
  partOfDay: 'Unknown part of the day',
  distanceNeedsNear: 'Sorting by distance needs a place: fill in a postcode or town',
} as const;

/** The "within" choices the search page offers, in miles; the API takes any whole number 1-50. */
export const SEARCH_WITHIN_CHOICES = [5, 10, 25, 50] as const;
export const SEARCH_DEFAULT_WITHIN = 10;

/**
 * Search counts the carers it finds up to this many; beyond, it says "100+". Counting stops there:
 * a wide search need not visit every carer in the circle just to say how many there are.
 */
export const SEARCH_TOTAL_CAP = 100;

/** "29 carers", "1 carer", "100+ carers". */
export function describeSearchTotal(total: { count: number; more: boolean }): string {
  const count = `${formatCount(total.count)}${total.more ? '+' : ''}`;
  return `${count} ${total.count === 1 && !total.more ? 'carer' : 'carers'}`;
}

/** 'Elderly Care Specialist': the card's name when a carer has no full name (product §2). */
export function carerDisplayName(carer: {
  firstName: string;
  lastName: string;
  specialization: string;
}): string {
  const fullName = `${carer.firstName} ${carer.lastName}`.trim();
  return fullName || `${carer.specialization} Specialist`;
}

const DAY_NAMES: Record<string, { one: string; many: string }> = {
  monday: { one: 'Monday', many: 'Mondays' },
  tuesday: { one: 'Tuesday', many: 'Tuesdays' },
  wednesday: { one: 'Wednesday', many: 'Wednesdays' },
  thursday: { one: 'Thursday', many: 'Thursdays' },
  friday: { one: 'Friday', many: 'Fridays' },
  saturday: { one: 'Saturday', many: 'Saturdays' },
  sunday: { one: 'Sunday', many: 'Sundays' },
  weekdays: { one: 'weekday', many: 'weekdays' },
  weekends: { one: 'weekend', many: 'weekends' },
};
const PART_NAMES: Record<string, { alone: string; after: string | null }> = {
  morning: { alone: 'in the mornings', after: 'mornings' },
  afternoon: { alone: 'in the afternoons', after: 'afternoons' },
  evening: { alone: 'in the evenings', after: 'evenings' },
  overnight: { alone: 'overnight', after: null },
  daytime: { alone: 'in the daytime', after: null },
};
const TAG_WEEKS: Record<string, string> = {
  Weekdays: 'on weekdays',
  Weekends: 'at weekends',
  Evenings: 'in the evenings',
  Nights: 'overnight',
  'Live-in Care': 'for live-in care',
  'Emergency Cover': 'for emergency cover',
};

/** "on Tuesday mornings", "at weekends", "overnight on Fridays", "" for any time. */
export function describeSearchWeek(week: {
  day?: string | null;
  partOfDay?: string | null;
  availability?: string | null;
}): string {
  const day = week.day ? DAY_NAMES[week.day] : undefined;
  const part = week.partOfDay ? PART_NAMES[week.partOfDay] : undefined;
  const onDays = day ? `${week.day === 'weekends' ? 'at' : 'on'} ${day.many}` : '';
  if (day && part) return part.after ? `on ${day.one} ${part.after}` : `${part.alone} ${onDays}`;
  if (day) return onDays;
  if (part) return part.alone;
  return week.availability ? (TAG_WEEKS[week.availability] ?? '') : '';
}

/**
 * What the plan chooser says before a family pays: "14 verified carers within 10 miles are free
 * on Tuesday mornings", and plainly when there is nobody yet.
 */
export function describeMatchingCarers(match: {
  count: number;
  more: boolean;
  within: number;
  careType?: string | null;
  day?: string | null;
  partOfDay?: string | null;
  availability?: string | null;
}): string {
  const week = describeSearchWeek(match);
  const forType = match.careType ? ` for ${match.careType}` : '';
  const where = `within ${match.within} ${match.within === 1 ? 'mile' : 'miles'}`;
  if (match.count === 0) {
    return `There are no verified carers${forType} ${where}${week ? ` free ${week}` : ''} yet, so there is nobody to pay for yet. Try a longer distance or another time, or post a care request and we will tell carers near you.`;
  }
  const one = match.count === 1 && !match.more;
  const count = match.more ? `More than ${formatCount(match.count)}` : formatCount(match.count);
  const carers = `${count} verified ${one ? 'carer' : 'carers'}${forType} ${where}`;
  if (!week) return `${carers} ${one ? 'is' : 'are'} listed.`;
  return `${carers} ${one ? 'is' : 'are'} free ${week}.`;
}

/** The plan chooser's count of matching carers (MatchingCarersCount). */
export const MATCHING_CARERS_TEXT = {
  heading: 'Carers who match what you need',
  counting: 'Counting the verified carers near you…',
  fromRequest: (district: string) => `From your care request in ${district}.`,
  fromSearch: (place: string) => `From your search near ${place}.`,
  fromSaved: (place: string) => `From your saved search place, ${place}.`,
  askPlace:
    'Before you pay, see how many verified carers are near you. Type the postcode or town where care is needed.',
  placeLabel: 'Postcode or town',
  placePlaceholder: 'Like LS6 3AB or Leeds',
  show: 'Count carers',
  otherPlace: 'Try another place',
  seeThem: 'See them (free)',
  failed: 'We could not count the carers just now. You can still look at the search before paying.',
} as const;
