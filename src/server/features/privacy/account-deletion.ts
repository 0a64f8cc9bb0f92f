import { ERROR_MESSAGES } from '@contracts/errors';
import { SETTINGS_MESSAGES, type AccountDeletionPreview, type DeleteAccountInput } from '@contracts/settings';
import type { Database, Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { PaymentProvider } from '../../platform/payments/payment-provider';
import { createIdempotencyRepository } from '../../platform/idempotency.repository';
import { createRateLimiter, type RateLimitRule } from '../../platform/rate-limit';
import type { FileStorage } from '../../platform/storage';
import { createArrangementEndings, createCoverLeaving } from '../arrangements';
import { createAuditRecorder } from '../audit';
import { verifyPassword } from '../auth';
import { createAccountDeletionRepository } from './account-deletion.repository';
import { PRIVACY_MESSAGES } from '@contracts/settings';
import { RIGHT_TO_WORK_RETENTION_YEARS } from '@contracts/verification-compliance';

// Account deletion, shared by "Delete my account" (DELETE /api/settings/account)
// and the admins' DELETE /api/test/users/{id}. What goes, what stays anonymous and why:
// docs/decisions/0011-data-export-and-account-deletion.md.

/** What an erased value becomes where an entry has to stay (the audit log). */
export const ERASED = '[erased]';

/** Rate-limit buckets whose keys are made from an email address (lower case). */
const EMAIL_KEYED_BUCKETS = ['contact-ack', 'password-reset-email', 'registration-notice'];
/** Rate-limit buckets whose keys are the account id. */
const USER_KEYED_BUCKETS = ['reports', 'data-export', 'account-delete'];

/** Password attempts at deleting one account: a stolen session cannot guess the password. */
export const DELETE_ATTEMPTS_LIMIT: RateLimitRule = {
  bucket: 'account-delete',
  limit: 5,
  windowSeconds: 900,
};

/** Replaces, anywhere in a JSON value, strings that hold the email or equal a name or phone. */
export function scrubbed(value: unknown, email: string, exact: string[]): unknown {
  const lowerEmail = email.toLowerCase();
  const names = new Set(exact.map((name) => name.trim().toLowerCase()).filter((name) => name.length > 0));
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const lower = node.trim().toLowerCase();
      return lower.includes(lowerEmail) || names.has(lower) ? ERASED : node;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, inner]) => [key, walk(inner)]));
    }
    return node;
  };
  return walk(value);
}

interface ErasureDeps {
  /** The server's secret: rate-limit keys are keyed hashes made with it. */
  secret: string;
  /** The site's address, for the links in the emails to the other people of its arrangements. */
  publicUrl: string;
}

/**
 * Erases an account's personal data inside the caller's transaction and answers the storage keys
 * of its files, which the caller deletes once the transaction has committed.
 */
export function createAccountErasure({ secret, publicUrl }: ErasureDeps) {
  return {
    async erase(tx: Executor, user: UserRow, at: Date): Promise<string[]> {
      const repository = createAccountDeletionRepository(tx);
      const carerId = await repository.carerProfileIdOf(user.id);
      const firstName = user.firstName?.trim() ?? '';
      const lastName = user.lastName?.trim() ?? '';
      const names = [firstName, lastName, `${firstName} ${lastName}`.trim()];
      // Right-to-work evidence stays for the legal period after a carer leaves (decision 0028).
      const deleteAfter = new Date(at);
      deleteAfter.setUTCFullYear(deleteAfter.getUTCFullYear() + RIGHT_TO_WORK_RETENTION_YEARS);
      const kept = carerId
        ? await repository.retainRightToWork(
            carerId,
            `${firstName} ${lastName}`.trim() || user.email,
            at,
            deleteAfter,
          )
        : [];
      const keys = (await repository.fileKeys(user.id)).filter((key) => !kept.includes(key));

      // The audit log stays (a record of what was done), with the person's details blanked.
      const entries = await repository.auditEntriesMentioning(
        user.id,
        [user.id, ...(carerId ? [carerId] : [])],
        [user.email],
      );
      for (const entry of entries) {
        const before = scrubbed(entry.before, user.email, names);
        const after = scrubbed(entry.after, user.email, names);
        if (
          JSON.stringify(before) !== JSON.stringify(entry.before) ||
          JSON.stringify(after) !== JSON.stringify(entry.after)
        ) {
          await repository.rewriteAuditEntry(entry.id, before, after);
        }
      }
      await repository.forgetAuditAddresses(user.id);

      await repository.anonymisePayments(user.id, at);
      await repository.deleteContactEnquiries(user.id);
      await repository.deleteOutboxEmails(user.id, user.email, user.firstName);
      await repository.deleteLoginFailures(user.email);
      // Their memberships and their own circle go with the account (foreign keys); invitations to
      // their address sent by other families go too: they name it.
      await repository.deleteCircleInvitationsTo(user.email);
      const limiter = createRateLimiter(tx, { secret });
      const rule = (bucket: string): RateLimitRule => ({ bucket, limit: 1, windowSeconds: 1 });
      for (const bucket of EMAIL_KEYED_BUCKETS)
        await limiter.reset(rule(bucket), user.email.trim().toLowerCase());
      for (const bucket of USER_KEYED_BUCKETS) await limiter.reset(rule(bucket), user.id);
      // Stored answers of repeated requests (decision 0033): theirs, and a partner's that names them.
      await createIdempotencyRepository(tx).forgetAnswersAbout(user.id, [
        user.id,
        user.email,
        ...[user.firstName, user.lastName].filter((name): name is string => Boolean(name)),
      ]);

      await repository.deleteReviewsBy(user.id);
      await repository.deleteUploadsByKey(keys);
      // Its part in cover goes first (it reads the visits the endings cancel), then its
      // arrangements end today and the other people are told (both after the outbox clean-up
      // above, which would otherwise take the notices of a partner who shares the first name).
      const party = { userId: user.id, carerId: carerId ?? null };
      await createCoverLeaving(tx, { publicUrl }).leave(party, at);
      await createArrangementEndings(tx, { publicUrl }).end(party, 'closed', at);
      await repository.deleteUser(user.id);
      return keys;
    },
  };
}
export type AccountErasure = ReturnType<typeof createAccountErasure>;

interface AccountDeletionDeps {
  db: Database;
  storage: FileStorage;
  provider: PaymentProvider;
  erasure: AccountErasure;
  secret: string;
  publicUrl: string;
  log?: { warn(object: unknown, message: string): void };
  now?: () => Date;
}

export function createAccountDeletion({
  db,
  storage,
  provider,
  erasure,
  secret,
  publicUrl,
  log,
  now = () => new Date(),
}: AccountDeletionDeps) {
  const rateLimiter = createRateLimiter(db, { secret });

  /**
   * Stops every recurring plan of the account with the provider (no card is charged again). A
   * provider failure refuses the deletion with 502 before anything is deleted.
   */
  async function cancelRecurringPlans(userId: string): Promise<string[]> {
    const renewing = await createAccountDeletionRepository(db).renewingSubscriptions(userId);
    for (const subscription of renewing) {
      try {
        await provider.cancelAtPeriodEnd(subscription.providerSubscriptionId);
      } catch (error) {
        log?.warn(
          { err: error, subscriptionId: subscription.id },
          'account deletion: provider cancel failed',
        );
        throw new AppError(502, PRIVACY_MESSAGES.providerUnavailable);
      }
    }
    return renewing.map((subscription) => subscription.id);
  }

  /** After the commit: a failure leaves an orphan file, never a row pointing at a missing one. */
  async function deleteFiles(keys: string[]) {
    await Promise.all(
      keys.map((key) =>
        storage
          .delete(key)
          .catch((error: unknown) => log?.warn({ err: error, key }, 'account deletion: file left')),
      ),
    );
  }

  return {
    cancelRecurringPlans,
    deleteFiles,

    /** What deleting the account would do to its care arrangements, for the dialog to say first. */
    async preview(user: UserRow): Promise<AccountDeletionPreview> {
      const carerId = (await createAccountDeletionRepository(db).carerProfileIdOf(user.id)) ?? null;
      return createArrangementEndings(db, { publicUrl }).preview({ userId: user.id, carerId });
    },

    /**
     * "Delete my account": the password and the typed word confirm it; admins are removed by
     * another admin. Recurring plans are cancelled with the provider first, then one transaction
     * erases everything, then the files go.
     */
    async deleteOwnAccount(user: UserRow, input: DeleteAccountInput): Promise<void> {
      if (user.role === 'admin') throw AppError.forbidden(SETTINGS_MESSAGES.adminCannotSelfDelete);
      await rateLimiter.enforce(DELETE_ATTEMPTS_LIMIT, user.id, ERROR_MESSAGES.tooManyLoginAttempts);
      if (!user.passwordHash) {
        throw AppError.badRequest(PRIVACY_MESSAGES.noPasswordToConfirm, {
          password: PRIVACY_MESSAGES.noPasswordToConfirm,
        });
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        throw AppError.badRequest(SETTINGS_MESSAGES.currentPasswordWrong, {
          password: SETTINGS_MESSAGES.currentPasswordWrong,
        });
      }
      const cancelled = await cancelRecurringPlans(user.id);
      const keys = await db.transaction(async (tx) => {
        const repository = createAccountDeletionRepository(tx);
        const locked = await repository.lockUser(user.id);
        if (!locked) throw AppError.unauthorized();
        const at = now();
        await createAuditRecorder(tx).record({
          actorId: locked.id,
          action: 'account.deleted',
          entityType: 'user',
          entityId: locked.id,
          before: { role: locked.role, subscriptionsCancelled: cancelled.length },
          after: null,
          ipAddress: null,
        });
        return erasure.erase(tx, locked, at);
      });
      await deleteFiles(keys);
    },
  };
}
export type AccountDeletion = ReturnType<typeof createAccountDeletion>;
