import { ARRANGEMENT_MESSAGES, type Arrangement } from '@contracts/arrangements';
import { DELETED_USER_NAME } from '@contracts/messaging';
import { paths } from '@contracts/paths';
import {
  NOTE_REPLIES_MAX,
  VISIT_RECORD_MESSAGES,
  recordedAtProblem,
  recordedTimesProblem,
  visitRecordChoices,
  type CareDetails,
  type CheckInInput,
  type CheckOutInput,
  type HistoryQuery,
  type NoteReplyInput,
  type RecordAfterwardsInput,
  type VisitHistory,
  type VisitRecord,
} from '@contracts/visit-records';
import type { Database, Executor } from '../../db/client';
import type { UserRow, VisitRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { publishLiveEvent } from '../../platform/live-events';
import { enqueueEmail, type Mailer } from '../../platform/mailer';
import { longDate, ukDate, ukInstant, ukTime } from '../../platform/uk-time';
import { assertEmailConfirmed } from '../auth';
import { createFamilySide } from '../circle';
import { shortName } from '../messaging';
import { createArrangementsRepository, type ArrangementsRepository } from './arrangements.repository';
import type { ArrangementsService } from './arrangements.service';
import { VISIT_NOTE_EMAIL_KIND, visitNoteEmail } from './visit-record-emails';
import { createVisitRecordsRepository, type VisitRecordsRepository } from './visit-records.repository';

interface VisitRecordsDeps {
  db: Database;
  arrangements: ArrangementsService;
  mailer: Mailer;
  publicUrl: string;
  now?: () => Date;
}

type FoundVisit = NonNullable<Awaited<ReturnType<ArrangementsRepository['visitFor']>>>;

/**
 * Visits that happened (decision 0024, "What we record"): the carer's check-in and check-out (the
 * times only), a visit recorded afterwards, the note with the family's ticks, the family's
 * replies and the history. Only the arrangement's two people and the family's circle see any of it
 * (404 to anyone else, `involves` in arrangements.repository.ts); the family side, circle
 * included, replies, and the holder and "can arrange" members set the care details (decision 0036).
 */
export function createVisitRecordsService({
  db,
  arrangements,
  mailer,
  publicUrl,
  now = () => new Date(),
}: VisitRecordsDeps) {
  const repository = createVisitRecordsRepository(db);
  const arrangementsRepository = createArrangementsRepository(db);
  const link = `${publicUrl}${paths.myCare}`;

  /** The visits as `viewerId` reads them, each with its note and the note's replies. */
  async function toRecords(
    reader: VisitRecordsRepository,
    rows: VisitRow[],
    viewerId: string,
    carerName: string,
  ): Promise<VisitRecord[]> {
    const ids = rows.map((row) => row.id);
    const notes = new Map((await reader.notesOf(ids)).map((note) => [note.visitId, note]));
    const replies = await reader.repliesOf(ids);
    return rows.map((row) => {
      const note = notes.get(row.id);
      return {
        id: row.id,
        arrangementId: row.arrangementId,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
        date: ukDate(row.startsAt),
        start: ukTime(row.startsAt),
        end: ukTime(row.endsAt),
        status: row.status as VisitRecord['status'],
        notice: row.notice as VisitRecord['notice'],
        minutesLate: row.noticeMinutes,
        noticeNote: row.noticeNote,
        checkedInAt: row.checkedInAt?.toISOString() ?? null,
        checkedOutAt: row.checkedOutAt?.toISOString() ?? null,
        recordedAfterwards: row.recordedAfterwardsAt !== null,
        recordedReason: row.recordedReason,
        carerName,
        note: note
          ? {
              text: note.text,
              ticks: note.ticks as string[],
              writtenAt: note.writtenAt.toISOString(),
              replies: replies
                .filter((reply) => reply.visitId === row.id)
                .map((reply) => ({
                  id: reply.id,
                  authorName:
                    reply.authorId === viewerId
                      ? 'You'
                      : reply.authorId
                        ? shortName(reply.authorFirstName, reply.authorLastName)
                        : DELETED_USER_NAME,
                  mine: reply.authorId === viewerId,
                  text: reply.text,
                  createdAt: reply.createdAt.toISOString(),
                })),
            }
          : null,
      };
    });
  }

  const carerNameOf = (found: {
    carerUserId: string | null;
    carerFirstName: string | null;
    carerLastName: string | null;
  }) => (found.carerUserId ? shortName(found.carerFirstName, found.carerLastName) : DELETED_USER_NAME);
  /** Who did the visit: the backup who took it (decision 0037), or the arrangement's carer. */
  const visitCarerNameOf = (found: FoundVisit) =>
    found.visit.coveredBy
      ? found.coverUserId
        ? shortName(found.coverFirstName, found.coverLastName)
        : DELETED_USER_NAME
      : carerNameOf(found);

  /** Ticks must come from the arrangement's set as it is now (compared without case). */
  function checkTicks(found: FoundVisit, ticks: string[]): string[] {
    const offered = new Map(
      (found.arrangement.noteTicks as string[]).map((tick) => [tick.toLowerCase(), tick]),
    );
    return ticks.map((tick) => {
      const match = offered.get(tick.toLowerCase());
      if (!match) {
        throw AppError.badRequest(VISIT_RECORD_MESSAGES.tickNotOffered, {
          ticks: VISIT_RECORD_MESSAGES.tickNotOffered,
        });
      }
      return match;
    });
  }

  /**
   * One write about a visit, in one transaction with the visit locked: the visit must be one of the
   * user's (404), and `apply` checks the rest and writes. Both people's open pages are told; the
   * visit as it now is is the answer.
   */
  async function onVisit(
    user: UserRow,
    visitId: string,
    apply: (context: {
      tx: Executor;
      inTx: VisitRecordsRepository;
      found: FoundVisit;
      at: Date;
    }) => Promise<void>,
    recordedAt?: string,
  ): Promise<VisitRecord> {
    assertEmailConfirmed(user);
    if (!isUuid(visitId)) throw AppError.notFound(ARRANGEMENT_MESSAGES.visitNotFound);
    const at = stepTime(recordedAt);
    let answer: VisitRecord | undefined;
    await db.transaction(async (tx) => {
      const found = await createArrangementsRepository(tx).visitFor(visitId, user.id);
      if (!found) throw AppError.notFound(ARRANGEMENT_MESSAGES.visitNotFound);
      const inTx = createVisitRecordsRepository(tx);
      await apply({ tx, inTx, found, at });
      const family = found.arrangement.customerId
        ? (await createFamilySide(tx).of(found.arrangement.customerId)).maySee.map((person) => person.userId)
        : [];
      await publishLiveEvent(tx, [...family, found.carerUserId, found.coverUserId], {
        type: 'visit',
        conversationId: found.arrangement.conversationId ?? '',
      });
      const visit = await inTx.visit(visitId);
      [answer] = await toRecords(inTx, [visit!], user.id, visitCarerNameOf(found));
    });
    mailer.dispatchSoon();
    return answer!;
  }

  /**
   * The time of a step: the server's, or the one the phone recorded for a step made offline and
   * sent later, when that is sane (recordedAtProblem); the windows are then judged at that time.
   */
  function stepTime(recordedAt: string | undefined): Date {
    const serverNow = now();
    if (!recordedAt) return serverNow;
    const at = new Date(recordedAt);
    const problem = recordedAtProblem(at, serverNow);
    if (problem)
      throw AppError.badRequest(VISIT_RECORD_MESSAGES[problem], { at: VISIT_RECORD_MESSAGES[problem] });
    return at;
  }

  /**
   * Whether `user` is on the family side of the holder `holderId` with the right (the circle
   * feature's one rule, decision 0036): `maySee` is the holder and every member, `mayArrange` the
   * holder and "can arrange" members. The carer is on neither.
   */
  async function onFamilySide(
    executor: Executor,
    holderId: string | null,
    user: UserRow,
    right: 'maySee' | 'mayArrange',
  ): Promise<boolean> {
    if (!holderId) return false;
    const side = await createFamilySide(executor).of(holderId);
    return side[right].some((person) => person.userId === user.id);
  }

  function carerOnly(user: UserRow, found: FoundVisit) {
    // A visit a backup took (decision 0037) is the backup's to record, like the regular carer's.
    const visitCarer = found.visit.coveredBy ? found.coverUserId : found.carerUserId;
    if (visitCarer !== user.id) throw AppError.forbidden(VISIT_RECORD_MESSAGES.onlyCarer);
    if (found.visit.status === 'cancelled') throw AppError.conflict(VISIT_RECORD_MESSAGES.visitCancelled);
  }

  /** The note, if it says anything, and the family's email about it (in the same transaction). */
  async function writeNote(
    tx: Executor,
    inTx: VisitRecordsRepository,
    found: FoundVisit,
    input: { note: string; ticks: string[] },
    at: Date,
  ) {
    const ticks = checkTicks(found, input.ticks);
    if (input.note === '' && ticks.length === 0) return;
    await inTx.insertNote({ visitId: found.visit.id, text: input.note, ticks, writtenAt: at });
    if (!found.arrangement.customerId) return;
    // The holder and the circle, each unless they turned note emails off.
    const when = `${longDate(ukDate(found.visit.startsAt))} at ${ukTime(found.visit.startsAt)}`;
    const family = createFamilySide(tx);
    for (const person of await family.alertRecipients(found.arrangement.customerId, VISIT_NOTE_EMAIL_KIND)) {
      await enqueueEmail(
        tx,
        visitNoteEmail(person.email, person.firstName, visitCarerNameOf(found), when, link),
      );
    }
  }

  return {
    /** The carer checks in: one tap, the time recorded (never where). */
    checkIn: (user: UserRow, visitId: string, input?: CheckInInput) =>
      onVisit(
        user,
        visitId,
        async ({ inTx, found, at }) => {
          carerOnly(user, found);
          if (found.visit.checkedInAt) throw AppError.conflict(VISIT_RECORD_MESSAGES.alreadyCheckedIn);
          if (!visitRecordChoices(found.visit, at).checkIn) {
            throw AppError.conflict(
              at < found.visit.startsAt
                ? VISIT_RECORD_MESSAGES.checkInTooEarly
                : VISIT_RECORD_MESSAGES.checkInTooLate,
            );
          }
          await inTx.updateVisit(visitId, { checkedInAt: at });
        },
        input?.at,
      ),

    /** The carer checks out, with the note (optional) and its ticks. */
    checkOut: (user: UserRow, visitId: string, input: CheckOutInput) =>
      onVisit(
        user,
        visitId,
        async ({ tx, inTx, found, at }) => {
          carerOnly(user, found);
          if (!found.visit.checkedInAt) throw AppError.conflict(VISIT_RECORD_MESSAGES.notCheckedIn);
          if (found.visit.checkedOutAt) throw AppError.conflict(VISIT_RECORD_MESSAGES.alreadyCheckedOut);
          if (!visitRecordChoices(found.visit, at).checkOut) {
            throw AppError.conflict(VISIT_RECORD_MESSAGES.checkOutTooLate);
          }
          // A check-out in the same instant as the check-in still ends after it.
          const left = at > found.visit.checkedInAt ? at : new Date(found.visit.checkedInAt.getTime() + 1);
          await inTx.updateVisit(visitId, { checkedOutAt: left });
          await writeNote(tx, inTx, found, input, at);
        },
        input.at,
      ),

    /** A visit not checked into, recorded afterwards with the real times, a reason and the note. */
    recordAfterwards: (user: UserRow, visitId: string, input: RecordAfterwardsInput) =>
      onVisit(user, visitId, async ({ tx, inTx, found, at }) => {
        carerOnly(user, found);
        if (found.visit.checkedOutAt) throw AppError.conflict(VISIT_RECORD_MESSAGES.alreadyCheckedOut);
        if (!visitRecordChoices(found.visit, at).recordAfterwards) {
          throw AppError.conflict(
            at < found.visit.startsAt || found.visit.checkedInAt
              ? VISIT_RECORD_MESSAGES.recordNotYet
              : VISIT_RECORD_MESSAGES.recordTooLate,
          );
        }
        const arrived = ukInstant(input.date, input.arrived);
        const left = ukInstant(input.date, input.left);
        const problem = recordedTimesProblem(found.visit, arrived, left, at);
        if (problem) {
          const field = problem === 'arrivedOutOfRange' ? 'arrived' : 'left';
          throw AppError.badRequest(VISIT_RECORD_MESSAGES[problem], {
            [field]: VISIT_RECORD_MESSAGES[problem],
          });
        }
        await inTx.updateVisit(visitId, {
          checkedInAt: arrived,
          checkedOutAt: left,
          recordedAfterwardsAt: at,
          recordedReason: input.reason,
        });
        await writeNote(tx, inTx, found, input, at);
      }),

    /** The family side, its circle included, replies under a note (the carer answers in Messages). */
    reply: (user: UserRow, visitId: string, input: NoteReplyInput) =>
      onVisit(user, visitId, async ({ tx, inTx, found, at }) => {
        if (!(await onFamilySide(tx, found.arrangement.customerId, user, 'maySee'))) {
          throw AppError.forbidden(VISIT_RECORD_MESSAGES.onlyFamilyReplies);
        }
        const [note] = await inTx.notesOf([visitId]);
        if (!note) throw AppError.conflict(VISIT_RECORD_MESSAGES.noNote);
        if ((await inTx.replyCount(visitId)) >= NOTE_REPLIES_MAX) {
          throw AppError.conflict(VISIT_RECORD_MESSAGES.tooManyReplies);
        }
        await inTx.insertReply({ visitId, authorId: user.id, text: input.text, createdAt: at });
      }),

    /** Past visits of an arrangement (started before now), newest first, a page at a time. */
    async history(user: UserRow, arrangementId: string, query: HistoryQuery): Promise<VisitHistory> {
      const arrangement = isUuid(arrangementId)
        ? await arrangementsRepository.findFor(arrangementId, user.id)
        : undefined;
      if (!arrangement) throw AppError.notFound(ARRANGEMENT_MESSAGES.notFound);
      const at = now();
      const before = query.before && new Date(query.before) < at ? new Date(query.before) : at;
      const rows = await repository.pastVisits(arrangementId, before, query.limit);
      const page = rows.slice(0, query.limit);
      const items = await toRecords(repository, page, user.id, carerNameOf(arrangement));
      return {
        items,
        nextBefore: rows.length > query.limit ? page.at(-1)!.startsAt.toISOString() : null,
      };
    },

    /** The family sets who the care is for, the notes the carer needs and the note ticks. */
    async setCareDetails(user: UserRow, arrangementId: string, details: CareDetails): Promise<Arrangement> {
      assertEmailConfirmed(user);
      const row = isUuid(arrangementId)
        ? await arrangementsRepository.findFor(arrangementId, user.id)
        : undefined;
      if (!row) throw AppError.notFound(ARRANGEMENT_MESSAGES.notFound);
      if (!(await onFamilySide(db, row.customerId, user, 'mayArrange'))) {
        throw AppError.forbidden(VISIT_RECORD_MESSAGES.onlyFamily);
      }
      await arrangementsRepository.update(row.id, { ...details, updatedAt: now() });
      return arrangements.get(user, arrangementId);
    },
  };
}
export type VisitRecordsService = ReturnType<typeof createVisitRecordsService>;
