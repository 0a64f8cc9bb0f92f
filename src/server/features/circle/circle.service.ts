import {
  CIRCLE_INVITATION_DAYS,
  CIRCLE_INVITATIONS_PER_DAY,
  CIRCLE_MAX_MEMBERS,
  CIRCLE_MESSAGES,
  NOTIFICATION_KINDS,
  type Circle,
  type CircleInvitation,
  type CircleInvitationInput,
  type CircleInvitationPreview,
  type CircleMember,
  type CircleMembership,
  type CircleRole,
  type NotificationSettingInput,
  type NotificationSettings,
} from '@contracts/circle';
import { paths } from '@contracts/paths';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { enqueueEmail, type Mailer } from '../../platform/mailer';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit';
import { assertEmailConfirmed, linkTokenHasher, newLinkToken } from '../auth';
import { shortName } from '../../platform/short-name';
import { invitationEmail, memberJoinedEmail, memberRemovedEmail } from './circle-emails';
import { createCircleRepository, type CircleRepository } from './circle.repository';

interface CircleDeps {
  repository: CircleRepository;
  db: Database;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  secret: string;
  publicUrl: string;
  now?: () => Date;
}

/** Invitations per holder a day (resending counts). */
export const CIRCLE_INVITATIONS_LIMIT: RateLimitRule = {
  bucket: 'circle-invitations',
  limit: CIRCLE_INVITATIONS_PER_DAY,
  windowSeconds: 86_400,
};

const DAY_MS = 86_400_000;
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The family circle (decision 0036): invitations, members, leaving, and who is emailed about what. */
export function createCircleService({
  repository,
  db,
  mailer,
  rateLimiter,
  secret,
  publicUrl,
  now = () => new Date(),
}: CircleDeps) {
  const hashToken = linkTokenHasher(secret, 'circle-invitation');
  const settingsLink = `${publicUrl}${paths.settings}`;

  function onlyFamilies(user: UserRow) {
    if (user.role !== 'customer') throw AppError.forbidden(CIRCLE_MESSAGES.onlyFamilies);
  }

  const toInvitation = (row: {
    id: string;
    email: string;
    role: string;
    expiresAt: Date;
  }): CircleInvitation => ({
    id: row.id,
    email: row.email,
    role: row.role as CircleRole,
    expiresAt: row.expiresAt.toISOString(),
  });

  /** A usable invitation by its secret, from a holder whose account is active; else the one 404. */
  async function usable(token: string, executor: CircleRepository = repository, lock = false) {
    const found = await executor.usableInvitation(hashToken(token), now(), lock);
    if (!found || found.holderSuspendedAt) throw AppError.notFound(CIRCLE_MESSAGES.invitationInvalid);
    return found;
  }

  return {
    /** GET /api/circle: the viewer's own circle (families) and the circles they are in. */
    async circleOf(user: UserRow): Promise<Circle> {
      const own = user.role === 'customer';
      const [members, invitations, memberships] = await Promise.all([
        own ? repository.membersOf(user.id) : [],
        own ? repository.openInvitationsOf(user.id, now()) : [],
        repository.membershipsOf(user.id),
      ]);
      return {
        members: members.map((row): CircleMember => ({
          id: row.id,
          firstName: row.firstName ?? '',
          lastName: row.lastName ?? '',
          email: row.email,
          role: row.role as CircleRole,
          joinedAt: row.createdAt.toISOString(),
        })),
        invitations: invitations.map(toInvitation),
        // A suspended holder's circle is out of sight, as their arrangements are.
        memberships: memberships
          .filter((row) => !row.holderSuspendedAt)
          .map((row): CircleMembership => ({
            id: row.id,
            holderName: shortName(row.holderFirstName, row.holderLastName),
            role: row.role as CircleRole,
            joinedAt: row.createdAt.toISOString(),
          })),
      };
    },

    /**
     * POST /api/circle/invitations: emails a single-use link. A new invitation to the same address
     * replaces the open one; members and open invitations together are at most CIRCLE_MAX_MEMBERS.
     */
    async invite(user: UserRow, input: CircleInvitationInput): Promise<CircleInvitation> {
      onlyFamilies(user);
      assertEmailConfirmed(user);
      if (sameEmail(input.email, user.email)) {
        throw AppError.badRequest(CIRCLE_MESSAGES.notYourself, { email: CIRCLE_MESSAGES.notYourself });
      }
      await rateLimiter.enforce(CIRCLE_INVITATIONS_LIMIT, user.id, CIRCLE_MESSAGES.tooManyInvitations);
      const token = newLinkToken();
      const created = await db.transaction(async (tx) => {
        const inTx = createCircleRepository(tx);
        await inTx.lockHolder(user.id);
        const at = now();
        const members = await inTx.membersOf(user.id);
        if (members.some((member) => sameEmail(member.email, input.email))) {
          throw AppError.conflict(CIRCLE_MESSAGES.alreadyMember);
        }
        await inTx.dropOpenInvitationsTo(user.id, input.email);
        const open = await inTx.openInvitationsOf(user.id, at);
        if (members.length + open.length >= CIRCLE_MAX_MEMBERS) throw AppError.conflict(CIRCLE_MESSAGES.full);
        const row = await inTx.insertInvitation({
          holderId: user.id,
          email: input.email,
          role: input.role,
          tokenHash: hashToken(token),
          expiresAt: new Date(at.getTime() + CIRCLE_INVITATION_DAYS * DAY_MS),
          createdAt: at,
        });
        await enqueueEmail(
          tx,
          invitationEmail(
            input.email,
            shortName(user.firstName, user.lastName),
            input.role,
            `${publicUrl}${paths.circleJoin}?token=${encodeURIComponent(token)}`,
          ),
        );
        return row;
      });
      mailer.dispatchSoon();
      return toInvitation(created);
    },

    /** DELETE /api/circle/invitations/{id}: the holder takes back an open invitation. */
    async cancelInvitation(user: UserRow, id: string): Promise<void> {
      onlyFamilies(user);
      if (!isUuid(id) || !(await repository.deleteInvitation(id, user.id))) {
        throw AppError.notFound(CIRCLE_MESSAGES.invitationNotFound);
      }
    },

    /** POST /api/circle/invitations/preview: whose circle the link is for, before accepting. */
    async preview(token: string): Promise<CircleInvitationPreview> {
      const found = await usable(token);
      return {
        holderName: shortName(found.holderFirstName, found.holderLastName),
        email: found.invitation.email,
        role: found.invitation.role as CircleRole,
        expiresAt: found.invitation.expiresAt.toISOString(),
      };
    },

    /**
     * POST /api/circle/invitations/accept: a family account whose proved address is the invited one
     * joins, once. The link alone proves nothing about who opened it: the address must be theirs.
     */
    async accept(user: UserRow, token: string): Promise<CircleMembership> {
      if (user.role !== 'customer') throw AppError.forbidden(CIRCLE_MESSAGES.onlyFamiliesJoin);
      const joined = await db.transaction(async (tx) => {
        const inTx = createCircleRepository(tx);
        const found = await usable(token, inTx, true);
        const { invitation } = found;
        if (invitation.holderId === user.id) throw AppError.conflict(CIRCLE_MESSAGES.ownCircle);
        if (!sameEmail(invitation.email, user.email)) {
          throw AppError.forbidden(CIRCLE_MESSAGES.wrongAccount(invitation.email));
        }
        assertEmailConfirmed(user);
        const at = now();
        if (!(await inTx.useInvitation(invitation.id, at))) {
          throw AppError.notFound(CIRCLE_MESSAGES.invitationInvalid);
        }
        const member = await inTx.upsertMember(invitation.holderId, user.id, invitation.role, at);
        const holder = await inTx.emailOf(invitation.holderId);
        if (holder) {
          await enqueueEmail(
            tx,
            memberJoinedEmail(
              holder.email,
              holder.firstName,
              shortName(user.firstName, user.lastName),
              settingsLink,
            ),
          );
        }
        return {
          id: member.id,
          holderName: shortName(found.holderFirstName, found.holderLastName),
          role: member.role as CircleRole,
          joinedAt: member.createdAt.toISOString(),
        };
      });
      mailer.dispatchSoon();
      return joined;
    },

    /** PATCH /api/circle/members/{id}: the holder changes what a member may do, at once. */
    async setRole(user: UserRow, id: string, role: CircleRole): Promise<CircleMember> {
      onlyFamilies(user);
      const row = isUuid(id) ? await repository.setRole(id, user.id, role, now()) : undefined;
      if (!row) throw AppError.notFound(CIRCLE_MESSAGES.memberNotFound);
      const account = await repository.emailOf(row.memberId);
      return {
        id: row.id,
        firstName: account?.firstName ?? '',
        lastName: account?.lastName ?? '',
        email: account?.email ?? '',
        role: row.role as CircleRole,
        joinedAt: row.createdAt.toISOString(),
      };
    },

    /** DELETE /api/circle/members/{id}: the holder removes a member; their access ends at once. */
    async remove(user: UserRow, id: string): Promise<void> {
      onlyFamilies(user);
      await db.transaction(async (tx) => {
        const inTx = createCircleRepository(tx);
        const row = isUuid(id) ? await inTx.deleteMember(id, user.id, 'holder') : undefined;
        if (!row) throw AppError.notFound(CIRCLE_MESSAGES.memberNotFound);
        const member = await inTx.emailOf(row.memberId);
        if (member) {
          await enqueueEmail(
            tx,
            memberRemovedEmail(member.email, member.firstName, shortName(user.firstName, user.lastName)),
          );
        }
      });
      mailer.dispatchSoon();
    },

    /** DELETE /api/circle/memberships/{id}: a member leaves; their access ends at once. */
    async leave(user: UserRow, id: string): Promise<void> {
      const row = isUuid(id) ? await repository.deleteMember(id, user.id, 'member') : undefined;
      if (!row) throw AppError.notFound(CIRCLE_MESSAGES.membershipNotFound);
    },

    async notificationSettings(user: UserRow): Promise<NotificationSettings> {
      const off = new Set(await repository.emailsOff(user.id));
      return { items: NOTIFICATION_KINDS.map((kind) => ({ kind, email: !off.has(kind) })) };
    },

    async setNotification(user: UserRow, input: NotificationSettingInput): Promise<NotificationSettings> {
      await repository.setEmail(user.id, input.kind, input.email, now());
      return this.notificationSettings(user);
    },

    /** Housekeeping: used and expired invitations go after a day. */
    deleteStaleInvitations: (at: Date = now()) =>
      repository.deleteStaleInvitations(new Date(at.getTime() - DAY_MS)),
  };
}
export type CircleService = ReturnType<typeof createCircleService>;
