import type { CircleRole, NotificationKind } from '@contracts/circle';
import type { Executor } from '../../db/client';
import { createCircleRepository } from './circle.repository';

/** Which members' roles each kind of event concerns (the holder is always concerned). */
const KIND_CONCERNS: Record<NotificationKind, readonly CircleRole[]> = {
  // A member never reads the holder's messages, so is never told of them.
  messages: [],
  proposals: ['can_arrange'],
  visit_notices: ['can_see', 'can_arrange'],
  no_show_alerts: ['can_see', 'can_arrange'],
  notes: ['can_see', 'can_arrange'],
  // Billing is the holder's.
  renewals: [],
  // Those who may approve or query a timesheet.
  timesheets: ['can_arrange'],
};

export interface FamilyPerson {
  userId: string;
  firstName: string | null;
  role: 'holder' | CircleRole;
}

/** One person to email about a family event. */
export interface FamilyRecipient extends FamilyPerson {
  email: string;
}

/**
 * The family side of an arrangement, for the features that act on one (decision 0036). Pass the
 * caller's transaction so what is read is what the write sees.
 */
export function createFamilySide(db: Executor) {
  const repository = createCircleRepository(db);
  return {
    /**
     * Who may see (the holder and every member) and who may arrange (the holder and "can arrange"
     * members) for the family account `holderId`. A suspended holder's circle sees nothing, and a
     * suspended member is left out.
     */
    async of(holderId: string): Promise<{ maySee: FamilyPerson[]; mayArrange: FamilyPerson[] }> {
      const holder = await repository.emailOf(holderId);
      if (!holder || holder.suspendedAt) return { maySee: [], mayArrange: [] };
      const members = (await repository.membersOf(holderId)).filter((row) => !row.suspendedAt);
      const people: FamilyPerson[] = [
        { userId: holderId, firstName: holder.firstName, role: 'holder' },
        ...members.map((row) => ({
          userId: row.memberId,
          firstName: row.firstName,
          role: row.role as CircleRole,
        })),
      ];
      return { maySee: people, mayArrange: people.filter((person) => person.role !== 'can_see') };
    },

    /**
     * What `userId` is on the family side of `holderId` ('holder', a member's role), or null: the
     * same rule as `of`, for one person, in one statement.
     */
    async roleOf(holderId: string, userId: string): Promise<FamilyPerson['role'] | null> {
      const side = await repository.sideOf(holderId, userId);
      if (!side || side.holderSuspendedAt) return null;
      if (holderId === userId) return 'holder';
      return side.role && !side.memberSuspendedAt ? (side.role as CircleRole) : null;
    },

    /**
     * Who gets a family alert of `kind` for the account `holderId`: the holder and the members the
     * kind concerns, leaving out whoever turned that kind of email off and suspended accounts.
     */
    alertRecipients: (holderId: string, kind: NotificationKind): Promise<FamilyRecipient[]> =>
      repository.recipients(holderId, kind, KIND_CONCERNS[kind]),

    /** Whether `userId` (anyone: a family, a carer) still wants emails of `kind`. */
    wantsEmail: async (userId: string, kind: NotificationKind): Promise<boolean> =>
      !(await repository.emailOff(userId, kind)),
  };
}
export type FamilySide = ReturnType<typeof createFamilySide>;
