import { ERROR_MESSAGES } from '@contracts/errors';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../platform/errors';

/**
 * Messaging, reviews, payments and verification need an address the account has proved (decision
 * 0019, product.md, difference 10): otherwise anyone could make accounts in someone else's name, or many
 * accounts of their own, and act through them. Services call this, so every route is covered.
 */
export function assertEmailConfirmed(user: Pick<UserRow, 'emailVerifiedAt'>): void {
  if (!user.emailVerifiedAt) throw AppError.forbidden(ERROR_MESSAGES.emailNotConfirmed);
}
