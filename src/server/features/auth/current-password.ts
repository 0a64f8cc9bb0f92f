import { ERROR_MESSAGES } from '@contracts/errors';
import { STEP_UP_FRESH_SIGN_IN_MINUTES } from '@contracts/limits';
import { SETTINGS_MESSAGES } from '@contracts/settings';
import type { SessionRow, UserRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { verifyPassword } from './password';
import type { SignInThrottle } from './sign-in-throttle';

/**
 * Step-up before every change to how an account signs in (email, password, two-factor on or off,
 * recovery codes; decision 0017): the current password again, so a stolen session alone cannot
 * make one. Each check reserves its attempt in the sign-in throttle before argon2 runs (the same
 * LOGIN_MAX_FAILURES for the account and address, then 429), so these forms are no faster way to
 * guess, however many run in parallel. A wrong one is 400 with `currentPasswordWrong` on
 * `currentPassword` (401 would read as "signed out").
 *
 * An account without a password (OpenID Connect only) has none to give: a fresh sign-in stands in
 * for it (the session began within STEP_UP_FRESH_SIGN_IN_MINUTES), otherwise 403 asking to sign in
 * again; whatever it typed in the password field is not looked at.
 */
export function createCurrentPasswordCheck(throttle: SignInThrottle, now: () => Date = () => new Date()) {
  return async function checkCurrentPassword(
    user: UserRow,
    session: Pick<SessionRow, 'createdAt'>,
    ipAddress: string,
    password: string,
  ): Promise<void> {
    if (!user.passwordHash) {
      const age = now().getTime() - session.createdAt.getTime();
      if (age > STEP_UP_FRESH_SIGN_IN_MINUTES * 60_000) {
        throw AppError.forbidden(ERROR_MESSAGES.signInAgainToChange);
      }
      return;
    }
    const attempt = await throttle.recheck(user.email.toLowerCase(), ipAddress);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await attempt.failed();
      throw AppError.badRequest(SETTINGS_MESSAGES.currentPasswordWrong, {
        currentPassword: SETTINGS_MESSAGES.currentPasswordWrong,
      });
    }
    await attempt.succeeded();
  };
}
