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
