import { createHmac } from 'node:crypto';
import type {
  ActiveSession,
  EmailChangeInput,
  PasswordChangeInput,
  ProfileUpdateInput,
  SearchPlaceInput,
} from '@contracts/settings';
import { SEARCH_MESSAGES } from '@contracts/carers';
import { normalisePostcode } from '@contracts/postcodes';
import { EMAIL_CHANGE_TTL_MINUTES, SETTINGS_MESSAGES } from '@contracts/settings';
import { ERROR_MESSAGES } from '@contracts/errors';
import type { Database } from '../../db/client';
import type { SessionRow, UserRow } from '../../db/schema';
import { AppError, isUniqueViolation } from '../../platform/errors';
import type { Mailer } from '../../platform/mailer';
import type { SessionService } from '../../platform/sessions/session.service';
import { createPhotoPipeline } from '../../platform/photos';
import type { FileStorage } from '../../platform/storage';
import {
  createAccountsStore,
  createCurrentPasswordCheck,
  hashPassword,
  passwordProblem,
  linkTokenHasher,
  newLinkToken,
  type SignInThrottle,
} from '../auth';
import { createCarerProfilesStore } from '../carers';
import { deviceName } from './device-name';
import {
  confirmEmailChangeEmail,
  emailChangeRequestedNotice,
  passwordChangedNotice,
} from './settings-emails';
import { createSettingsRepository, type SettingsRepository } from './settings.repository';

interface SettingsServiceDeps {
  repository: SettingsRepository;
  db: Database;
  storage: FileStorage;
  mailer: Mailer;
  sessions: SessionService;
  /** The current-password checks count as sign-in attempts (and a new password clears them). */
  signInThrottle: SignInThrottle;
  secret: string;
  publicUrl: string;
  /** Whether a place a person typed is one search can measure from (the carers' geocoder). */
  findPlace: (text: string) => Promise<unknown>;
  now?: () => Date;
}

/** Who is asking: the signed-in user, their session, and where from. */
export interface SettingsActor {
  user: UserRow;
  session: SessionRow;
  ipAddress: string;
}

/** The account settings (docs/decisions/0010-account-settings-and-password-reset.md). */
export function createSettingsService({
  repository,
  db,
  storage,
  mailer,
  sessions,
  signInThrottle,
  secret,
  publicUrl,
  findPlace,
  now = () => new Date(),
}: SettingsServiceDeps) {
  const hashEmailToken = linkTokenHasher(secret, 'email-change');
  // A session's public handle: a keyed hash of its stored hash, cut short. It names the session
  // for DELETE and cannot be turned back into the stored hash, let alone the cookie.
  const handleKey = createHmac('sha256', secret).update('carematch session handles').digest();
  const handleOf = (idHash: string) =>
    createHmac('sha256', handleKey).update(idHash).digest('base64url').slice(0, 22);

  const checkPassword = createCurrentPasswordCheck(signInThrottle, now);
  const checkCurrentPassword = (actor: SettingsActor, password: string) =>
    checkPassword(actor.user, actor.session, actor.ipAddress, password);

  const photos = createPhotoPipeline(storage);

  return {
    updateProfile: (user: UserRow, input: ProfileUpdateInput) =>
      repository.setName(user.id, input.firstName, input.lastName, now()),

    /**
     * A customer's own place, where carer search starts. Saved only if search can find
     * it, as typed (a postcode normalised); null clears it.
     */
    searchPlace: (user: UserRow) => repository.searchPlaceOf(user.id),

    async setSearchPlace(user: UserRow, input: SearchPlaceInput): Promise<string | null> {
      if (user.role !== 'customer') throw AppError.forbidden(SETTINGS_MESSAGES.onlyCustomersSearchPlace);
      const place =
        input.searchPlace === null ? null : (normalisePostcode(input.searchPlace) ?? input.searchPlace);
      if (place !== null && !(await findPlace(place))) {
        throw AppError.badRequest(SEARCH_MESSAGES.near, { searchPlace: SEARCH_MESSAGES.near });
      }
      const saved = await repository.setSearchPlace(user.id, place, now());
      return saved.searchPlace;
    },

    /**
     * The account's photo, through the photo pipeline (platform/photos.ts). A carer's profile that
     * showed the old avatar (or none) shows the new one too; the old file goes after the commit,
     * unless a profile still shows it.
     */
    async replacePhoto(user: UserRow, upload: Buffer): Promise<UserRow> {
      return photos.replace(upload, (photo) =>
        db.transaction(async (tx) => {
          const at = now();
          const profiles = createCarerProfilesStore(tx);
          await profiles.followAvatar(user.id, photo.url, user.profileImageUrl, at);
          const updated = await createAccountsStore(tx).setAvatar(user.id, photo.url, at);
          await photo.recordIn(tx, {
            ownerId: user.id,
            replaces: [user.profileImageUrl],
            stillShown: profiles.photoShown,
          });
          return updated;
        }),
      );
    },

    /** Emails a link to the new address and a notice to the old; nothing changes until the link is opened. */
    async requestEmailChange(
      actor: SettingsActor,
      input: EmailChangeInput,
    ): Promise<{ pendingEmail: string }> {
      await checkCurrentPassword(actor, input.currentPassword);
      const newEmail = input.newEmail;
      if (newEmail.toLowerCase() === actor.user.email.toLowerCase()) {
        throw AppError.badRequest(SETTINGS_MESSAGES.sameEmail, { newEmail: SETTINGS_MESSAGES.sameEmail });
      }
      if (await repository.emailInUse(newEmail)) {
        throw AppError.conflict(ERROR_MESSAGES.emailTaken, { newEmail: ERROR_MESSAGES.emailTaken });
      }
      const token = newLinkToken();
      const at = now();
      await db.transaction(async (tx) => {
        await createSettingsRepository(tx).replaceEmailRequest({
          userId: actor.user.id,
          newEmail,
          tokenHash: hashEmailToken(token),
          createdAt: at,
          expiresAt: new Date(at.getTime() + EMAIL_CHANGE_TTL_MINUTES * 60_000),
        });
        await mailer.enqueue(
          tx,
          confirmEmailChangeEmail(newEmail, `${publicUrl}/confirm-email?token=${encodeURIComponent(token)}`),
        );
        await mailer.enqueue(tx, emailChangeRequestedNotice(actor.user.email, newEmail));
      });
      mailer.dispatchSoon();
      return { pendingEmail: newEmail };
    },

    /**
     * The link's token alone identifies the account (it may be opened signed out, on another
     * device). Sessions stay; outstanding reset links, sent to the old address, are voided.
     */
    async confirmEmailChange(token: string): Promise<UserRow> {
      try {
        return await db.transaction(async (tx) => {
          const inTx = createSettingsRepository(tx);
          const at = now();
          const request = await inTx.consumeEmailRequest(hashEmailToken(token), at);
          if (!request) {
            throw AppError.badRequest(SETTINGS_MESSAGES.emailChangeLinkInvalid, {
              token: SETTINGS_MESSAGES.emailChangeLinkInvalid,
            });
          }
          if (await inTx.emailInUse(request.newEmail, request.userId)) {
            throw AppError.conflict(ERROR_MESSAGES.emailTaken, { token: ERROR_MESSAGES.emailTaken });
          }
          await inTx.voidResetTokens(request.userId, at);
          return inTx.setEmail(request.userId, request.newEmail, at);
        });
      } catch (error) {
        // Someone registered the address between the check and the update: the unique index decides.
        if (isUniqueViolation(error)) {
          throw AppError.conflict(ERROR_MESSAGES.emailTaken, { token: ERROR_MESSAGES.emailTaken });
        }
        throw error;
      }
    },

    /** New password through the registration rules; every other session ends, this one stays. */
    async changePassword(actor: SettingsActor, input: PasswordChangeInput): Promise<void> {
      await checkCurrentPassword(actor, input.currentPassword);
      const problem = passwordProblem(input.newPassword, actor.user.email);
      if (problem) throw AppError.badRequest(problem, { newPassword: problem });
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        const inTx = createSettingsRepository(tx);
        const at = now();
        await inTx.setPasswordHash(actor.user.id, passwordHash, at);
        await inTx.deleteOtherSessions(actor.user.id, actor.session.idHash);
        await inTx.voidResetTokens(actor.user.id, at);
        await mailer.enqueue(tx, passwordChangedNotice(actor.user.email));
      });
      await signInThrottle.clear(actor.user.email.toLowerCase(), actor.ipAddress);
      mailer.dispatchSoon();
    },

    /** The account's live sessions, the current one first. */
    async listSessions(user: UserRow, current: SessionRow): Promise<ActiveSession[]> {
      const rows = await sessions.listForUser(user.id);
      const ordered = [
        ...rows.filter((row) => row.idHash === current.idHash),
        ...rows.filter((row) => row.idHash !== current.idHash),
      ];
      return ordered.map((row) => ({
        id: handleOf(row.idHash),
        device: deviceName(row.userAgent),
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.idHash === current.idHash,
      }));
    },

    /** Ends one of the user's sessions by its handle; says whether it was the current one. */
    async endSession(user: UserRow, current: SessionRow, handle: string): Promise<{ wasCurrent: boolean }> {
      const rows = await sessions.listForUser(user.id);
      const target = rows.find((row) => handleOf(row.idHash) === handle);
      if (!target || !(await sessions.endForUser(user.id, target.idHash))) {
        throw AppError.notFound(SETTINGS_MESSAGES.sessionNotFound);
      }
      return { wasCurrent: target.idHash === current.idHash };
    },

    endOtherSessions: (user: UserRow, current: SessionRow) => sessions.endAllForUser(user.id, current.idHash),

    /** Retention: email change requests a day past their expiry or use. */
    deleteStaleEmailRequests: (before: Date = new Date(now().getTime() - 24 * 3_600_000)) =>
      repository.deleteStaleEmailRequests(before),
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
