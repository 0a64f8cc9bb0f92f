import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CarerProfileRow } from '../../db/schema';

/*
 * When a profile is listed (shown in search and to the public): it is active, and its listing has
 * not run out. `listed_until` is 30 days after creation (the introductory period), then the end of
 * the paid carer membership (docs/decisions/0006-payments.md). Both forms below say the same.
 */

export function isListed(profile: Pick<CarerProfileRow, 'isActive' | 'listedUntil'>, now: Date): boolean {
  return profile.isActive && profile.listedUntil > now;
}

/**
 * The rule as one number for the in-memory search (decision 0025): the moment the listing runs
 * out, or -∞ when the profile is never listed (inactive). Listed now ⇔ the result is after now.
 */
export function listedUntilMs(profile: Pick<CarerProfileRow, 'isActive' | 'listedUntil'>): number {
  return profile.isActive ? profile.listedUntil.getTime() : -Infinity;
}

/** The SQL half of the rule beside `is_active = true`: the listing has not run out. */
export const listingCurrent = (listedUntil: AnyPgColumn): SQL => sql`${listedUntil} > now()`;
