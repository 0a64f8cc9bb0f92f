import { createHash } from 'node:crypto';
import {
  AVAILABILITY_SLOTS,
  availabilityTagsOf,
  slotMask,
  weekFromTags,
  type WeeklyAvailability,
} from '@contracts/availability';
import { TRAVEL_MILES_CHOICES } from '@contracts/carers';
import { createGeocoder } from '../platform/geocoder/geocoder';

/*
 * Where the demo carers live and when they are free, made from each carer's key so the
 * demo is the same on every machine: a postcode in their district, the point kept for it (the
 * district's centre, as for every home: decision 0032), a travel distance, and a week that keeps
 * the carer's tags but is not the same grid for everyone.
 */

const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';
// The built-in data only: the seed never calls a postcode service.
export const builtInPlaces = createGeocoder({});

/** A number from 0 to 1 for a carer and a purpose, the same on every run. */
function unit(key: string, purpose: string): number {
  return createHash('sha256').update(`${key}:${purpose}`).digest().readUInt32BE(0) / 2 ** 32;
}

/** Drops some of the tags' slots (about one in three) while keeping every tag the carer has. */
function variedWeek(key: string, tags: readonly string[]): WeeklyAvailability {
  const full = weekFromTags(tags);
  let week = full;
  for (const slot of AVAILABILITY_SLOTS) {
    if (!week.slots.includes(slot) || unit(key, slot) > 0.33) continue;
    const without = { ...week, slots: week.slots.filter((kept) => kept !== slot) };
    if (availabilityTagsOf(without).join() === availabilityTagsOf(full).join()) week = without;
  }
  return week;
}

export interface DemoHome {
  homePostcode: string;
  homeLatitude: number | null;
  homeLongitude: number | null;
  travelMiles: number;
  availabilitySlots: number;
  availabilityUpdatedAt: Date;
}

export async function demoHomeOf(
  carer: { key: string; postcodeDistrict: string; availability: readonly string[] },
  now: Date,
): Promise<DemoHome> {
  const sector = 1 + Math.floor(unit(carer.key, 'sector') * 9);
  const letter = (n: number) =>
    INWARD_LETTERS[Math.floor(unit(carer.key, `unit${n}`) * INWARD_LETTERS.length)];
  const homePostcode = `${carer.postcodeDistrict} ${sector}${letter(1)}${letter(2)}`;
  const check = await builtInPlaces.checkHomePostcode(homePostcode);
  const centre = check.status === 'not-found' ? null : check.place;
  const travelChoices = TRAVEL_MILES_CHOICES.filter((miles) => miles >= 3 && miles <= 25);
  // The demo carer account travels 10 miles and keeps its whole week: the demo's care requests
  // near Roundhay (seed.ts) are then all theirs to see.
  const isDemoAccount = carer.key === 'demo-carer';
  return {
    homePostcode,
    homeLatitude: centre?.latitude ?? null,
    homeLongitude: centre?.longitude ?? null,
    travelMiles: isDemoAccount
      ? 10
      : travelChoices[Math.floor(unit(carer.key, 'travel') * travelChoices.length)]!,
    availabilitySlots: slotMask(
      (isDemoAccount ? weekFromTags(carer.availability) : variedWeek(carer.key, carer.availability)).slots,
    ),
    // Most updated within the last month; a few past the 60 days after which carers are reminded.
    availabilityUpdatedAt: new Date(now.getTime() - Math.floor(unit(carer.key, 'updated') * 75) * 86_400_000),
  };
}
