import { createHmac, randomBytes } from 'node:crypto';
import type { ForgotPasswordInput, ResetPasswordInput } from '@contracts/settings';
import {
  PASSWORD_RESET_MAX_PER_HOUR,
  PASSWORD_RESET_TTL_MINUTES,
  SETTINGS_MESSAGES,
} from '@contracts/settings';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { Mailer, OutgoingEmail } from '../../platform/mailer';
import { clientNetworkKey, type RateLimiter, type RateLimitRule } from '../../platform/rate-limit';
import { hashPassword, passwordProblem } from './password';
import { createTwoFactorRepository } from './two-factor.repository';
import { createPasswordResetRepository, type PasswordResetRepository } from './password-reset.repository';
import type { UserRepository } from './user.repository';

/** Reset requests naming one email address, whoever sends them. */
export const RESET_PER_EMAIL_LIMIT: RateLimitRule = {
  bucket: 'password-reset-email',
  limit: PASSWORD_RESET_MAX_PER_HOUR,
  windowSeconds: 3600,
};
/** Reset requests from one network, whichever addresses they name. */
export const RESET_PER_NETWORK_LIMIT: RateLimitRule = {
  bucket: 'password-reset-ip',
  limit: PASSWORD_RESET_MAX_PER_HOUR,
  windowSeconds: 3600,
};

/**
 * Every answer to a reset request takes at least this long, so the time taken does not say
 * whether a token was made and an email queued (a few milliseconds of database work).
 */
const RESET_REQUEST_MIN_MS = 250;

/** 256 random bits, URL-safe: the secret in an emailed link. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** Link tokens are stored as HMAC-SHA256 under the session secret, per purpose, like sessions. */
export function linkTokenHasher(secret: string, purpose: string) {
  const key = createHmac('sha256', secret).update(`carematch link tokens: ${purpose}`).digest();
  return (token: string) => createHmac('sha256', key).update(token).digest('hex');
}

export function resetEmail(to: string, link: string): OutgoingEmail {
  return {
    to,
    subject: 'Reset your CareMatch password',
    text: [
      `Hello,`,
      ``,
      `Someone asked to reset the password of the CareMatch account that uses this email address.`,
      `To choose a new password, open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes:`,
      ``,
      link,
      ``,
      `The link works once. Choosing a new password signs the account out everywhere.`,
      ``,
      `If you did not ask for this, you can ignore this email: your password stays as it is.`,
      ``,
      `The CareMatch team`,
    ].join('\n'),
  };
}

export function passwordResetNoticeEmail(to: string): OutgoingEmail {
  return {
    to,
    subject: 'Your CareMatch password was reset',
    text: [
      `Hello,`,
      ``,
      `The password of your CareMatch account was just reset with a link sent to this address, and every session was signed out.`,
      ``,
      `If this was not you, reset it again from the sign-in page straight away and contact us.`,
      ``,
      `The CareMatch team`,
    ].join('\n'),
  };
}

interface PasswordResetDeps {
  repository: PasswordResetRepository;
  db: Database;
  users: UserRepository;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  secret: string;
  publicUrl: string;
  now?: () => Date;
  minimumRequestMs?: number;
}

/**
 * Forgotten passwords (decision 0010). Accounts without a password (signed
 * up through OpenID Connect) may set one this way: the link proves they own the address.
 */
export function createPasswordResetService({
  repository,
  db,
  users,
  mailer,
  rateLimiter,
  secret,
  publicUrl,
  now = () => new Date(),
  minimumRequestMs = RESET_REQUEST_MIN_MS,
}: PasswordResetDeps) {
  const hashToken = linkTokenHasher(secret, 'password-reset');

  return {
    /** Always resolves the same way for a known or unknown address (or throws the same 429). */
    async request(input: ForgotPasswordInput, ipAddress: string): Promise<void> {
      const started = Date.now();
      const email = input.email.toLowerCase();
      // Both limits count every request, known address or not, so a 429 reveals nothing either.
      await rateLimiter.enforce(
        RESET_PER_NETWORK_LIMIT,
        clientNetworkKey(ipAddress),
        SETTINGS_MESSAGES.tooManyResetRequests,
      );
      await rateLimiter.enforce(RESET_PER_EMAIL_LIMIT, email, SETTINGS_MESSAGES.tooManyResetRequests);
      const user = await users.findByEmail(input.email);
      if (user) {
        const token = newLinkToken();
        const at = now();
        await db.transaction(async (tx) => {
          await createPasswordResetRepository(tx).insert({
            userId: user.id,
            tokenHash: hashToken(token),
            createdAt: at,
            expiresAt: new Date(at.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
          });
          await mailer.enqueue(
            tx,
            resetEmail(user.email, `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`),
          );
        });
        mailer.dispatchSoon();
      }
      const left = minimumRequestMs - (Date.now() - started);
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    },

    /**
     * Sets the new password, spends the token and every other outstanding one of the account, and
     * ends all its sessions, in one transaction. Does not sign in: the person signs in with the new
     * password, which also proves they typed what they meant.
     */
    async reset(input: ResetPasswordInput): Promise<void> {
      const invalid = () =>
        AppError.badRequest(SETTINGS_MESSAGES.resetLinkInvalid, {
          token: SETTINGS_MESSAGES.resetLinkInvalid,
        });
      const tokenHash = hashToken(input.token);
      const found = await repository.findUsable(tokenHash, now());
      if (!found) throw invalid();
      const problem = passwordProblem(input.newPassword, found.email);
      if (problem) throw AppError.badRequest(problem, { newPassword: problem });
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        const inTx = createPasswordResetRepository(tx);
        const at = now();
        const userId = await inTx.consume(tokenHash, at);
        if (!userId) throw invalid(); // spent by a request racing this one
        await inTx.invalidateForUser(userId, at);
        await inTx.setPassword(userId, passwordHash, at);
        await inTx.deleteSessionsOf(userId);
        // Two-factor stays on (a reset proves the mailbox, not the authenticator, decision 0017;
        // the way out of a lost authenticator is a recovery code); half-done sign-ins that got
        // past the old password end with it.
        await createTwoFactorRepository(tx).deleteChallengesOf(userId);
        await mailer.enqueue(tx, passwordResetNoticeEmail(found.email));
      });
      mailer.dispatchSoon();
    },

    /** Retention: tokens a day past their expiry or use. */
    deleteStale: (before: Date = new Date(now().getTime() - 24 * 3_600_000)) =>
      repository.deleteStale(before),
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
