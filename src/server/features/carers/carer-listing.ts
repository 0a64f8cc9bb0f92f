import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CarerProfileRow } from '../../db/schema';

/*
 * When a profile is listed (shown in search and to the public): it is active, an admin has
 * approved its checks (`is_verified`, set by an approval and cleared when it no longer stands),
 * and its listing has not run out. `listed_until` is 30 days after creation (the introductory
 * period), then the end of the paid carer membership (docs/decisions/0006-payments.md). A carer
 * whose checks are not approved is never presented to families as if checked: no search, no
 * public profile (docs/decisions/0026-listed-once-checked.md). The three forms below say the same.
 */

type ListingFields = Pick<CarerProfileRow, 'isActive' | 'isVerified' | 'listedUntil'>;

export function isListed(profile: ListingFields, now: Date): boolean {
  return profile.isActive && profile.isVerified && profile.listedUntil > now;
}

/**
 * The rule as one number for the in-memory search (decision 0025): the moment the listing runs
 * out, or -∞ when the profile is never listed (inactive, or its checks not approved). Listed now
 * ⇔ the result is after now.
 */
export function listedUntilMs(profile: ListingFields): number {
  return profile.isActive && profile.isVerified ? profile.listedUntil.getTime() : -Infinity;
}

/**
 * The SQL half of the rule beside `is_active = true`: the checks are approved and the listing has
 * not run out. Both are plain filters on the rows an index walk reads (nearly every row passes).
 */
export const listingCurrent = (t: { isVerified: AnyPgColumn; listedUntil: AnyPgColumn }): SQL =>
  and(eq(t.isVerified, true), sql`${t.listedUntil} > now()`)!;
