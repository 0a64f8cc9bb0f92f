import { z } from 'zod';
import type { AvailabilityOption } from './options';
import {
  AVAILABILITY_SLOTS,
  DAY_PARTS,
  daysOf,
  partsOf,
  slotOf,
  type SearchDay,
  type SearchDayPart,
  WEEK_DAYS,
  type AvailabilitySlot,
  type DayPart,
  type WeekDay,
} from './week';

// A carer's weekly availability: days × parts of the day, plus live-in and short-notice
// cover. The spec's availability tags (Weekdays, Weekends, Evenings, Nights, Live-in Care,
// Emergency Cover) are derived from it, so every screen and filter that reads them stays true.

export {
  AVAILABILITY_SLOTS,
  DAY_PART_HOURS,
  DAY_PART_LABELS,
  DAY_PARTS,
  SEARCH_DAY_GROUPS,
  SEARCH_DAYTIME,
  slotOf,
  WEEK_DAY_LABELS,
  WEEK_DAYS,
  type AvailabilitySlot,
  type DayPart,
  type SearchDay,
  type SearchDayPart,
  type WeekDay,
} from './week';

/** A week as the server answers it: the slots in week order, no repeats. */
export const WeeklyAvailability = z.object({
  /** The slots the carer is usually free. */
  slots: z.array(z.enum(AVAILABILITY_SLOTS)),
  liveIn: z.boolean(),
  shortNotice: z.boolean(),
});
export type WeeklyAvailability = z.infer<typeof WeeklyAvailability>;

/** A week as a form or an API client sends it: any order, repeats dropped, covers optional. */
export const WeeklyAvailabilityInput = z.object({
  slots: z
    .array(z.enum(AVAILABILITY_SLOTS, { error: 'Unknown day or part of the day' }))
    .max(AVAILABILITY_SLOTS.length)
    .transform((slots) => AVAILABILITY_SLOTS.filter((slot) => slots.includes(slot))),
  liveIn: z.boolean().default(false),
  shortNotice: z.boolean().default(false),
});
export type WeeklyAvailabilityInput = z.input<typeof WeeklyAvailabilityInput>;

export const EMPTY_WEEK: WeeklyAvailability = { slots: [], liveIn: false, shortNotice: false };

const WEEKDAYS: WeekDay[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const WEEKEND: WeekDay[] = ['saturday', 'sunday'];
const DAYTIME: DayPart[] = ['morning', 'afternoon'];

const slots = (days: readonly WeekDay[], parts: readonly DayPart[]) =>
  days.flatMap((day) => parts.map((part) => slotOf(day, part)));

/** The spec's availability tags a week gives, in the spec's order. */
export function availabilityTagsOf(week: WeeklyAvailability): AvailabilityOption[] {
  const has = (candidates: AvailabilitySlot[]) => candidates.some((slot) => week.slots.includes(slot));
  const tags: AvailabilityOption[] = [];
  if (has(slots(WEEKDAYS, DAYTIME))) tags.push('Weekdays');
  if (has(slots(WEEKEND, DAYTIME))) tags.push('Weekends');
  if (has(slots(WEEK_DAYS, ['evening']))) tags.push('Evenings');
  if (has(slots(WEEK_DAYS, ['overnight']))) tags.push('Nights');
  if (week.liveIn) tags.push('Live-in Care');
  if (week.shortNotice) tags.push('Emergency Cover');
  return tags;
}

/**
 * The week a set of tags stands for, for a profile written with tags only (the spec's API, the
 * admin tools, profiles from before the grid): availabilityTagsOf gives the same tags back.
 */
export function weekFromTags(tags: readonly string[]): WeeklyAvailability {
  const chosen = new Set<AvailabilitySlot>();
  const add = (list: AvailabilitySlot[]) => list.forEach((slot) => chosen.add(slot));
  if (tags.includes('Weekdays')) add(slots(WEEKDAYS, DAYTIME));
  if (tags.includes('Weekends')) add(slots(WEEKEND, DAYTIME));
  if (tags.includes('Evenings')) add(slots(WEEK_DAYS, ['evening']));
  if (tags.includes('Nights')) add(slots(WEEK_DAYS, ['overnight']));
  return {
    slots: AVAILABILITY_SLOTS.filter((slot) => chosen.has(slot)),
    liveIn: tags.includes('Live-in Care'),
    shortNotice: tags.includes('Emergency Cover'),
  };
}

/** The slots as a bit set (bit = day × 4 + part), the form the database filters on. */
export function slotMask(list: readonly AvailabilitySlot[]): number {
  return list.reduce((mask, slot) => mask | (1 << AVAILABILITY_SLOTS.indexOf(slot)), 0);
}

export function slotsOfMask(mask: number): AvailabilitySlot[] {
  return AVAILABILITY_SLOTS.filter((_slot, index) => (mask & (1 << index)) !== 0);
}

/** The slots a search's day and part-of-day filter asks for (any one of them will do). */
export function slotsWanted(day: SearchDay | undefined, part: SearchDayPart | undefined): AvailabilitySlot[] {
  return slots(day ? daysOf(day) : WEEK_DAYS, part ? partsOf(part) : DAY_PARTS);
}
