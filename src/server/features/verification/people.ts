import { CARER_MESSAGES } from '@contracts/carers';
import { VERIFICATION_MESSAGES } from '@contracts/verification';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { createVerificationRepository } from './verification.repository';

/** A person's name as the admins' screens show it: 'Unnamed' when neither part is given. */
export const fullName = (first: string | null, last: string | null) =>
  [first, last].filter((part) => part && part.trim()).join(' ') || 'Unnamed';

/**
 * The signed-in carer's own profile, whose checks and cover they send: 403 for anyone but a
 * carer, 404 for a carer without a profile.
 */
export async function carerProfileOf(
  db: Executor,
  user: UserRow,
): Promise<{ id: string; isVerified: boolean }> {
  if (user.role !== 'carer') throw AppError.forbidden(CARER_MESSAGES.onlyCarers);
  const profile = await createVerificationRepository(db).findProfileByUserId(user.id);
  if (!profile) throw AppError.notFound(VERIFICATION_MESSAGES.noProfile);
  return profile;
}
