import { ERROR_MESSAGES } from '@contracts/errors';
import { LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_MAX_FAILURES } from '@contracts/limits';
import { SETTINGS_MESSAGES } from '@contracts/settings';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { spendDecoyVerification, verifyPassword } from './password';

const WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;

/** The failed sign-in counter (login_failures), shared so no signed-in form is a side door for guessing. */
export interface FailedSignIns {
  countSince(
    emailKey: string,
    ipAddress: string,
    since: Date,
  ): Promise<{ failures: number; oldest: Date | null }>;
  record(emailKey: string, ipAddress: string, failedAt: Date): Promise<void>;
  clear(emailKey: string, ipAddress: string): Promise<void>;
}

/**
 * Checks the password a signed-in form asks for again (email, password, two-factor changes).
 * Wrong guesses count as failed sign-ins for the account and address (the same
 * LOGIN_MAX_FAILURES limit, then 429), so these forms are no faster way to guess. A wrong one is
 * 400 with `currentPasswordWrong` on `currentPassword` (401 would read as "signed out").
 */
export function createCurrentPasswordCheck(loginFailures: FailedSignIns, now: () => Date = () => new Date()) {
  return async function checkCurrentPassword(
    user: UserRow,
    ipAddress: string,
    password: string,
  ): Promise<void> {
    const emailKey = user.email.toLowerCase();
    const at = now();
    const { failures, oldest } = await loginFailures.countSince(
      emailKey,
      ipAddress,
      new Date(at.getTime() - WINDOW_MS),
    );
    if (failures >= LOGIN_MAX_FAILURES) {
      const retryAfterMs = oldest ? oldest.getTime() + WINDOW_MS - at.getTime() : WINDOW_MS;
      throw AppError.tooManyRequests(ERROR_MESSAGES.tooManyLoginAttempts, retryAfterMs / 1000);
    }
    // An account without a password (OpenID Connect only) has none to give: it sets one through
    // the forgotten-password link first.
    const valid = user.passwordHash
      ? await verifyPassword(user.passwordHash, password)
      : (await spendDecoyVerification(password), false);
    if (!valid) {
      await loginFailures.record(emailKey, ipAddress, at);
      throw AppError.badRequest(SETTINGS_MESSAGES.currentPasswordWrong, {
        currentPassword: SETTINGS_MESSAGES.currentPasswordWrong,
      });
    }
  };
}
