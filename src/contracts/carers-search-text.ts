// What the carer search says and its bounds: no zod here, so the search page and the cards can
// use them without loading the schemas (carers.ts re-exports them beside the schemas).
import { RATE_MAX_POUNDS, SEARCH_MAX_LIMIT, TRAVEL_MILES_MAX, TRAVEL_MILES_MIN } from './limits';

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
  const count = `${total.count.toLocaleString('en-GB')}${total.more ? '+' : ''}`;
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
