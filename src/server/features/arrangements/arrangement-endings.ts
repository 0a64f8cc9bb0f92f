import { ARRANGEMENT_MESSAGES, describeVisits, type WeeklyVisit } from '@contracts/arrangements';
import type { AccountDeletionPreview } from '@contracts/settings';
import { paths } from '@contracts/paths';
import type { Executor } from '../../db/client';
import { publishLiveEvent } from '../../platform/live-events';
import { enqueueEmail } from '../../platform/mailer';
import { longDate, ukDate } from '../../platform/uk-time';
import { createFamilySide } from '../circle';
import { shortName } from '../messaging';
import { arrangementEndedEmail } from './arrangement-emails';
import { createArrangementsRepository } from './arrangements.repository';

/** Whose arrangements: an account (as family or carer), and/or a carer profile. */
export interface LeavingParty {
  userId: string | null;
  carerId: string | null;
}

/**
 * When an account leaves (deleted by its owner or an admin, suspended, or a carer profile deleted)
 * its arrangements end that day (decision 0024): accepted ones end with their visits to come
 * cancelled, proposals are withdrawn, and the other person is emailed through the outbox and told
 * live. Runs in the caller's transaction, so the ending and the emails commit with the leaving.
 * Ended stays ended: lifting a suspension brings nothing back.
 */
export function createArrangementEndings(tx: Executor, { publicUrl }: { publicUrl: string }) {
  const repository = createArrangementsRepository(tx);
  /** Whether the family is the one leaving (otherwise the carer is). */
  const familyLeaves = (party: LeavingParty, customerId: string | null) =>
    party.userId !== null && customerId === party.userId;

  return {
    /** What leaving would do, for the delete dialog (nothing is changed). */
    async preview(party: LeavingParty): Promise<AccountDeletionPreview> {
      const rows = await repository.openOf(party);
      const names = new Set<string>();
      for (const row of rows) {
        const other = familyLeaves(party, row.arrangement.customerId)
          ? row.carerUserId
            ? shortName(row.carerFirstName, row.carerLastName)
            : null
          : row.arrangement.customerId
            ? shortName(row.customerFirstName, row.customerLastName)
            : null;
        if (other) names.add(other);
      }
      return {
        activeArrangements: rows.filter((row) => row.arrangement.status === 'accepted').length,
        proposedArrangements: rows.filter((row) => row.arrangement.status === 'proposed').length,
        partnerNames: [...names].sort((a, b) => a.localeCompare(b, 'en-GB')),
      };
    },

    /** Ends them at `at`; answers how many arrangements it ended or withdrew. */
    async end(party: LeavingParty, why: 'closed' | 'suspended', at: Date): Promise<number> {
      const rows = await repository.openOf(party);
      const today = ukDate(at);
      for (const row of rows) {
        const { arrangement } = row;
        const wasProposal = arrangement.status === 'proposed';
        if (wasProposal) {
          await repository.update(arrangement.id, {
            status: 'declined',
            declineReason: ARRANGEMENT_MESSAGES.partyGone,
            updatedAt: at,
          });
        } else {
          await repository.update(arrangement.id, { status: 'ended', endDate: today, updatedAt: at });
          await repository.cancelVisitsAfter(arrangement.id, at);
        }
        const familyStays = !familyLeaves(party, arrangement.customerId);
        await publishLiveEvent(tx, [arrangement.customerId, row.carerUserId], {
          type: 'visit',
          conversationId: arrangement.conversationId ?? '',
        });
        // The family side is the holder and their circle (decision 0036), as for any notice of
        // its visits: an ending cancels them, a withdrawn proposal is for those who arrange.
        const to: Array<{ email: string | null; firstName: string | null }> = familyStays
          ? arrangement.customerId
            ? await createFamilySide(tx).alertRecipients(
                arrangement.customerId,
                wasProposal ? 'proposals' : 'visit_notices',
              )
            : []
          : [{ email: row.carerEmail, firstName: row.carerAccountFirstName }];
        const otherName =
          why === 'suspended'
            ? familyStays
              ? shortName(row.carerFirstName, row.carerLastName)
              : shortName(row.customerFirstName, row.customerLastName)
            : null;
        for (const person of to) {
          if (!person.email) continue;
          await enqueueEmail(
            tx,
            arrangementEndedEmail(person.email, person.firstName, {
              why,
              otherName,
              terms: `${describeVisits(arrangement.visits as WeeklyVisit[])}, from ${longDate(arrangement.startDate)}`,
              wasProposal,
              link: `${publicUrl}${paths.myCare}`,
            }),
          );
        }
      }
      return rows.length;
    },
  };
}
export type ArrangementEndings = ReturnType<typeof createArrangementEndings>;
