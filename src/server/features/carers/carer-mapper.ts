import { slotsOfMask } from '@contracts/availability';
import type { CarerSummary, OwnCarerProfile, PublicCarer } from '@contracts/carers';
import type { CarerProfileRow } from '../../db/schema';
import { milesFromMetres } from '../../platform/distance';
import { isListed } from './carer-listing';

/** The columns the public shape is made of (search reads only these). */
export type PublicCarerRow = Pick<
  CarerProfileRow,
  | 'id'
  | 'userId'
  | 'firstName'
  | 'lastName'
  | 'photoUrl'
  | 'specialization'
  | 'experience'
  | 'location'
  | 'hourlyRateMin'
  | 'hourlyRateMax'
  | 'description'
  | 'qualifications'
  | 'availability'
  | 'availabilitySlots'
  | 'availabilityUpdatedAt'
  | 'postcodeDistrict'
  | 'travelMiles'
  | 'rating'
  | 'reviewCount'
  | 'isActive'
  | 'isVerified'
>;

/**
 * A carer in a list (search results, the saved list): the public fields a card shows. The home
 * postcode and coordinates never leave the server, only the outward code does.
 */
export function toCarerSummary(row: PublicCarerRow & { distanceMetres?: number }): CarerSummary {
  return {
    id: row.id,
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    photoUrl: row.photoUrl,
    specialization: row.specialization,
    experience: row.experience,
    location: row.location,
    hourlyRateMin: row.hourlyRateMin,
    hourlyRateMax: row.hourlyRateMax,
    description: row.description,
    qualifications: row.qualifications,
    availability: row.availability,
    postcodeDistrict: row.postcodeDistrict,
    travelMiles: row.travelMiles,
    ...(row.distanceMetres !== undefined ? { distanceMiles: milesFromMetres(row.distanceMetres) } : {}),
    rating: Number(row.rating),
    reviewCount: row.reviewCount,
    isActive: row.isActive,
    isVerified: row.isVerified,
    user: row.userId ? { firstName: row.firstName } : null,
  };
}

/** The public shape of a profile (what any visitor may see): the card, the week and when it changed. */
export function toPublicCarer(row: PublicCarerRow & { distanceMetres?: number }): PublicCarer {
  return {
    ...toCarerSummary(row),
    weeklyAvailability: {
      slots: slotsOfMask(row.availabilitySlots),
      liveIn: row.availability.includes('Live-in Care'),
      shortNotice: row.availability.includes('Emergency Cover'),
    },
    availabilityUpdatedAt: row.availabilityUpdatedAt?.toISOString() ?? null,
  };
}

export function toOwnCarerProfile(row: CarerProfileRow, now: Date = new Date()): OwnCarerProfile {
  return {
    ...toPublicCarer(row),
    homePostcode: row.homePostcode,
    homePostcodeChecked: row.homePostcodeChecked,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isListed: isListed(row, now),
    listedUntil: row.listedUntil.toISOString(),
  };
}

const DISTRICT = /^([A-Z]{1,2}\d[A-Z\d]?)$/;
const FULL_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?)\s*\d[A-Z]{2}$/;
const DISTRICT_IN_TEXT = /\b([A-Z]{1,2}\d[A-Z\d]?)(?:\s*\d[A-Z]{2})?\b/;

/** 'LS6' from 'LS6', 'ls6 3ab' or 'LS63AB'; undefined when the text is not a postcode. */
export function postcodeDistrictOf(query: string): string | undefined {
  const compact = query.trim().toUpperCase();
  return DISTRICT.exec(compact)?.[1] ?? FULL_POSTCODE.exec(compact)?.[1];
}

/** A postcode district written anywhere in a location ('Headingley, Leeds LS6' → 'LS6'). */
export function postcodeDistrictIn(location: string): string | null {
  return DISTRICT_IN_TEXT.exec(location.toUpperCase())?.[1] ?? null;
}
