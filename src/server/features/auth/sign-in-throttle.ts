import { ERROR_MESSAGES } from '@contracts/errors';
import {
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_FAILURES_PER_NETWORK,
} from '@contracts/limits';
import { AppError } from '../../platform/errors';
import {
  clientNetworkKey,
  type RateLimiter,
  type RateLimitRule,
  type Reservation,
} from '../../platform/rate-limit';
import type { LoginFailureRepository } from './login-failure.repository';

const WINDOW_SECONDS = LOGIN_FAILURE_WINDOW_MINUTES * 60;
/** Per account and client network: guessing one account's password. */
export const SIGN_IN_ACCOUNT_LIMIT: RateLimitRule = {
  bucket: 'sign-in',
  limit: LOGIN_MAX_FAILURES,
  windowSeconds: WINDOW_SECONDS,
};
/** Per client network across accounts: password spraying. */
export const SIGN_IN_NETWORK_LIMIT: RateLimitRule = {
  bucket: 'sign-in-network',
  limit: LOGIN_MAX_FAILURES_PER_NETWORK,
  windowSeconds: WINDOW_SECONDS,
};

/** One attempt, reserved before its password was checked; tell it how the check went. */
export interface PasswordAttempt {
  /** Wrong password (or unknown account): the attempt stays counted and is kept as a failed sign-in. */
  failed(): Promise<void>;
  /** Right password: the attempt does not count (and, for a sign-in, forgives earlier failures). */
  succeeded(): Promise<void>;
}

/**
 * The sign-in throttle (decision 0017). Every password check first reserves its attempt in one
 * atomic upsert that counts it and answers "allowed?" (platform/rate-limit.ts `reserve`), so a
 * burst of any number of parallel attempts runs argon2 at most the limit's number of times; past
 * the limit even the right password gets the 429, so a guesser never learns when they hit.
 * Failures stay counted; a success takes its own reservation back. `login_failures` keeps the
 * record of failed sign-ins the data export shows; it no longer decides anything.
 */
export function createSignInThrottle({
  rateLimiter,
  loginFailures,
  now = () => new Date(),
}: {
  rateLimiter: RateLimiter;
  loginFailures: Pick<LoginFailureRepository, 'record' | 'clear'>;
  now?: () => Date;
}) {
  // The address by its network, so an IPv6 client cannot start afresh by moving within its /64.
  const accountKey = (emailKey: string, ipAddress: string) => `${emailKey}\n${clientNetworkKey(ipAddress)}`;
  const refused = (reservation: Reservation) =>
    AppError.tooManyRequests(ERROR_MESSAGES.tooManyLoginAttempts, reservation.retryAfterSeconds);

  return {
    /**
     * A sign-in with a password: LOGIN_MAX_FAILURES per account and network, and
     * LOGIN_MAX_FAILURES_PER_NETWORK across accounts. An attempt the account limit refuses does not
     * count against the network (one account's flood locks out only itself); a right password
     * clears the account's earlier failures from this network, as it always did.
     */
    async signIn(emailKey: string, ipAddress: string): Promise<PasswordAttempt> {
      const account = await rateLimiter.reserve(SIGN_IN_ACCOUNT_LIMIT, accountKey(emailKey, ipAddress));
      if (!account.allowed) throw refused(account);
      const network = await rateLimiter.reserve(SIGN_IN_NETWORK_LIMIT, clientNetworkKey(ipAddress));
      if (!network.allowed) {
        await account.release();
        throw refused(network);
      }
      return {
        failed: () => loginFailures.record(emailKey, ipAddress, now()),
        async succeeded() {
          await account.forgiveEarlier();
          await network.release();
          await loginFailures.clear(emailKey, ipAddress);
        },
      };
    },

    /**
     * The password a signed-in form asks for again: counted with the account's sign-ins from that
     * network (so no form is a side door for guessing), never against the network (a session is
     * needed, so it cannot spray). A right one takes back only itself.
     */
    async recheck(emailKey: string, ipAddress: string): Promise<PasswordAttempt> {
      const account = await rateLimiter.reserve(SIGN_IN_ACCOUNT_LIMIT, accountKey(emailKey, ipAddress));
      if (!account.allowed) throw refused(account);
      return {
        failed: () => loginFailures.record(emailKey, ipAddress, now()),
        succeeded: () => account.release(),
      };
    },

    /** After a password change: the account starts afresh from this network. */
    async clear(emailKey: string, ipAddress: string): Promise<void> {
      await rateLimiter.reset(SIGN_IN_ACCOUNT_LIMIT, accountKey(emailKey, ipAddress));
      await loginFailures.clear(emailKey, ipAddress);
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
