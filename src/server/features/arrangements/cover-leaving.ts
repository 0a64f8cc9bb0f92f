import { paths } from '@contracts/paths';
import type { Executor } from '../../db/client';
import { publishLiveEvent } from '../../platform/live-events';
import { enqueueEmail } from '../../platform/mailer';
import { longDate, ukDate, ukTime } from '../../platform/uk-time';
import { createFamilySide } from '../circle';
import type { LeavingParty } from './arrangement-endings';
import { coverCancelledEmail, coverWithdrawnEmail } from './cover-emails';
import { createCoverRepository } from './cover.repository';

const whenOf = (startsAt: Date) => `${longDate(ukDate(startsAt))} at ${ukTime(startsAt)}`;

/**
 * When an account or a carer profile leaves CareMatch, its part in cover (decision 0037) goes with
 * it, in the caller's transaction, before the rows that name it: a family's cover plans and open
 * offers; a backup's place in others' plans and open offers, and the visits to come they took are
 * uncovered again. The people left are told. Answered offers stay in the other party's record
 * (decision 0011), unnamed once the profile or account is gone.
 */
export function createCoverLeaving(tx: Executor, { publicUrl }: { publicUrl: string }) {
  const repository = createCoverRepository(tx);
  return {
    async leave(party: LeavingParty, at: Date): Promise<void> {
      if (party.userId) {
        for (const visit of await repository.familyLeaves(party.userId, at)) {
          await enqueueEmail(
            tx,
            coverCancelledEmail(
              visit.email,
              visit.firstName,
              whenOf(visit.startsAt),
              `${publicUrl}${paths.carerDashboard}`,
            ),
          );
        }
      }
      if (party.carerId) {
        const family = createFamilySide(tx);
        for (const visit of await repository.backupLeaves(party.carerId, at)) {
          if (!visit.customerId || visit.customerId === party.userId) continue;
          for (const person of await family.alertRecipients(visit.customerId, 'visit_notices')) {
            await enqueueEmail(
              tx,
              coverWithdrawnEmail(
                person.email,
                person.firstName,
                whenOf(visit.startsAt),
                `${publicUrl}${paths.myCare}`,
              ),
            );
          }
          await publishLiveEvent(
            tx,
            (await family.of(visit.customerId)).maySee.map((person) => person.userId),
            {
              type: 'visit',
              conversationId: visit.conversationId ?? '',
            },
          );
        }
      }
    },
  };
}
export type CoverLeaving = ReturnType<typeof createCoverLeaving>;
