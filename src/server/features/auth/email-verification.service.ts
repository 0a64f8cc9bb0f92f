import {
  EMAIL_VERIFICATION_MESSAGES,
  EMAIL_VERIFICATION_RESENDS_PER_HOUR,
  EMAIL_VERIFICATION_TTL_HOURS,
} from '@contracts/auth';
import { paths } from '@contracts/paths';
import type { Database, Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Mailer, OutgoingEmail } from '../../platform/mailer';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit';
import {
  createEmailVerificationRepository,
  type EmailVerificationRepository,
} from './email-verification.repository';
import { linkTokenHasher, newLinkToken } from './password-reset.service';

/** New confirmation links one account may ask for (the first, sent at registration, is not counted). */
export const RESEND_LIMIT: RateLimitRule = {
  bucket: 'email-verification-resend',
  limit: EMAIL_VERIFICATION_RESENDS_PER_HOUR,
  windowSeconds: 3600,
};

/**
 * "Someone tried to register with your address" emails to one address. Registration accepts any
 * address, so without this a stranger's inbox could be filled with them; past the limit the
 * answer to the registration is the same, only the email is skipped.
 */
export const REGISTRATION_NOTICE_LIMIT: RateLimitRule = {
  bucket: 'registration-notice',
  limit: 3,
  windowSeconds: 24 * 3600,
};

const signOff = [``, `The CareMatch team`];

export function verificationEmail(to: string, link: string): OutgoingEmail {
  return {
    to,
    subject: 'Confirm your email address for CareMatch',
    text: [
      `Hello,`,
      ``,
      `Thank you for creating a CareMatch account. To confirm that this address is yours, open this link within ${EMAIL_VERIFICATION_TTL_HOURS} hours:`,
      ``,
      link,
      ``,
      `Until you do, you can sign in and look around, but not message carers, write reviews, pay or send your checks.`,
      `If you did not create an account, ignore this email: nothing more will be sent.`,
      ...signOff,
    ].join('\n'),
  };
}

/** To the owner of an address someone tried to register again: nothing was created. */
export function registrationAttemptEmail(to: string, publicUrl: string): OutgoingEmail {
  return {
    to,
    subject: 'Someone tried to create a CareMatch account with your email address',
    text: [
      `Hello,`,
      ``,
      `Someone tried to create a new CareMatch account with this email address. This address already has an account, so nothing was created and nothing has changed.`,
      ``,
      `If it was you, sign in instead:`,
      `${publicUrl}${paths.login}`,
      ``,
      `If you have forgotten your password, reset it here:`,
      `${publicUrl}${paths.forgotPassword}`,
      ``,
      `If it was not you, you can ignore this email.`,
      ...signOff,
    ].join('\n'),
  };
}

interface EmailVerificationDeps {
  repository: EmailVerificationRepository;
  db: Database;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  secret: string;
  publicUrl: string;
  /** Drops this instance's cached copies of the user's sessions (their user row changed). */
  forgetUser?: (userId: string) => void;
  now?: () => Date;
}

/** Confirming a new account's email address (docs/decisions/0019-email-ownership.md). */
export function createEmailVerificationService({
  repository,
  db,
  mailer,
  rateLimiter,
  secret,
  publicUrl,
  forgetUser,
  now = () => new Date(),
}: EmailVerificationDeps) {
  const hashToken = linkTokenHasher(secret, 'email-verification');
  const invalid = () =>
    AppError.badRequest(EMAIL_VERIFICATION_MESSAGES.linkInvalid, {
      token: EMAIL_VERIFICATION_MESSAGES.linkInvalid,
    });

  /** A new link for the account's current address, written with the caller's transaction. */
  async function issue(tx: Executor, user: Pick<UserRow, 'id' | 'email'>): Promise<void> {
    const token = newLinkToken();
    const at = now();
    await createEmailVerificationRepository(tx).insert({
      userId: user.id,
      email: user.email,
      tokenHash: hashToken(token),
      createdAt: at,
      expiresAt: new Date(at.getTime() + EMAIL_VERIFICATION_TTL_HOURS * 3_600_000),
    });
    await mailer.enqueue(
      tx,
      verificationEmail(user.email, `${publicUrl}${paths.verifyEmail}?token=${encodeURIComponent(token)}`),
    );
  }

  return {
    issue,

    /** Tells the owner of a taken address about the attempt (at most REGISTRATION_NOTICE_LIMIT a day). */
    async noticeRegistrationAttempt(owner: Pick<UserRow, 'email'>): Promise<void> {
      const { allowed } = await rateLimiter.hit(REGISTRATION_NOTICE_LIMIT, owner.email.toLowerCase());
      if (!allowed) return;
      await mailer.enqueue(db, registrationAttemptEmail(owner.email, publicUrl));
      mailer.dispatchSoon();
    },

    /** Spends the link and marks the address proved, in one transaction; the account, updated. */
    async confirm(token: string): Promise<UserRow> {
      const user = await db.transaction(async (tx) => {
        const inTx = createEmailVerificationRepository(tx);
        const at = now();
        const link = await inTx.consume(hashToken(token), at);
        if (!link) throw invalid();
        // The account's address changed since the link was sent: it proves nothing about the new one.
        const updated = await inTx.markVerified(link.userId, link.email, at);
        if (!updated) throw invalid();
        return updated;
      });
      forgetUser?.(user.id);
      return user;
    },

    /** A new link for a signed-in account that has not confirmed yet. */
    async resend(user: UserRow): Promise<void> {
      if (user.emailVerifiedAt) throw AppError.conflict(EMAIL_VERIFICATION_MESSAGES.alreadyConfirmed);
      await rateLimiter.enforce(RESEND_LIMIT, user.id, EMAIL_VERIFICATION_MESSAGES.tooManyResends);
      await db.transaction((tx) => issue(tx, user));
      mailer.dispatchSoon();
    },

    /** Retention: links a day past their expiry or use. */
    deleteStale: (before: Date = new Date(now().getTime() - 24 * 3_600_000)) =>
      repository.deleteStale(before),
  };
}
export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
