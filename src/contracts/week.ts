// The days and parts of the day a carer's week is made of, and their labels: no zod here, so the
// search page's filters can show them without loading the schemas (availability.ts has those).

export const WEEK_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
export const DAY_PARTS = ['morning', 'afternoon', 'evening', 'overnight'] as const;
export type DayPart = (typeof DAY_PARTS)[number];

/**
 * What a search's "When" may ask for besides one day or one part of it: the weekdays or the
 * weekend, and the daytime (morning or afternoon). The old availability tags are these: Weekdays
 * is weekdays × daytime, Weekends weekend × daytime, Evenings any day × evening, Nights any day ×
 * overnight (availability.ts `availabilityTagsOf`).
 */
export const SEARCH_DAY_GROUPS = {
  weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
  weekends: ['saturday', 'sunday'],
} as const satisfies Record<string, readonly WeekDay[]>;
export type SearchDayGroup = keyof typeof SEARCH_DAY_GROUPS;
export const SEARCH_DAYTIME: readonly DayPart[] = ['morning', 'afternoon'];
/** A search's day: one day of the week, or a group of them. */
export type SearchDay = WeekDay | SearchDayGroup;
/** A search's part of the day: one part, or the daytime. */
export type SearchDayPart = DayPart | 'daytime';

/** The days a search's day stands for. */
export function daysOf(day: SearchDay): readonly WeekDay[] {
  return day === 'weekdays' || day === 'weekends' ? SEARCH_DAY_GROUPS[day] : [day];
}
/** The parts of the day a search's part stands for. */
export function partsOf(part: SearchDayPart): readonly DayPart[] {
  return part === 'daytime' ? SEARCH_DAYTIME : [part];
}

export const WEEK_DAY_LABELS: Record<WeekDay, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};
export const DAY_PART_LABELS: Record<DayPart, string> = {
  morning: 'Morning',
  afternoon: 'Afternoon',
  evening: 'Evening',
  overnight: 'Overnight',
};
/** What each part of the day covers, for the grid's column headers. */
export const DAY_PART_HOURS: Record<DayPart, string> = {
  morning: '7am to 12pm',
  afternoon: '12pm to 5pm',
  evening: '5pm to 10pm',
  overnight: '10pm to 7am',
};

export type AvailabilitySlot = `${WeekDay}-${DayPart}`;
export const AVAILABILITY_SLOTS = WEEK_DAYS.flatMap((day) =>
  DAY_PARTS.map((part) => `${day}-${part}` as AvailabilitySlot),
) as [AvailabilitySlot, ...AvailabilitySlot[]];

export const slotOf = (day: WeekDay, part: DayPart): AvailabilitySlot => `${day}-${part}`;
