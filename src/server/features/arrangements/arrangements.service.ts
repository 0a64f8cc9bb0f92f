import { randomBytes } from 'node:crypto';
import {
  ARRANGEMENT_MESSAGES,
  VISIT_COVER_UNNAMED,
  VISIT_HORIZON_WEEKS,
  describeVisits,
  lateInWords,
  visitNoticeChoices,
  type Arrangement,
  type ArrangementProposal,
  type ArrangementTerms,
  type CalendarFeed,
  type Visit,
  type VisitNotice,
  type VisitNoticeInput,
  type WeeklyVisit,
} from '@contracts/arrangements';
import { CIRCLE_MESSAGES } from '@contracts/circle';
import { DELETED_USER_NAME } from '@contracts/messaging';
import { conversationPath, paths } from '@contracts/paths';
import type { Database, Executor } from '../../db/client';
import type { ArrangementRow, UserRow } from '../../db/schema';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { publishLiveEvent } from '../../platform/live-events';
import { enqueueEmail, type Mailer } from '../../platform/mailer';
import { addDays, longDate, ukDate, ukInstant, ukTime } from '../../platform/uk-time';
import { visitsBetween } from './visit-schedule';
import type { AuditRecorder } from '../audit';
import { assertEmailConfirmed, createAccountsStore, linkTokenHasher } from '../auth';
import { postcodeDistrictIn } from '../carers';
import { createFamilySide } from '../circle';
import { enqueuePush, type PushDispatcher } from '../push';
import { PUSH_TEXTS } from '@contracts/push';
import { shortName, type MessagingService } from '../messaging';
import { hasActiveSubscription } from '../subscriptions';
import {
  arrangementStepEmail,
  familyStepEmail,
  type FamilyStep,
  visitCancelledEmail,
  visitNoticeEmail,
  visitNoticeUndoneEmail,
} from './arrangement-emails';
import { toICalendar } from './icalendar';
import {
  createArrangementsRepository,
  type ArrangementsRepository,
  type ArrangementWithPeople,
} from './arrangements.repository';

interface ArrangementsDeps {
  repository: ArrangementsRepository;
  db: Database;
  messaging: MessagingService;
  mailer: Mailer;
  /** Push notices: dispatched after a commit that queued one. */
  push: Pick<PushDispatcher, 'dispatchSoon'>;
  audit: AuditRecorder;
  secret: string;
  publicUrl: string;
  now?: () => Date;
}

type Side = 'customer' | 'carer';

// Visits per insert statement: well under PostgreSQL's 65,535 parameters (a visit has fewer than 10 columns).
const VISITS_PER_INSERT = 2_000;

const termsInWords = (terms: { visits: WeeklyVisit[]; startDate: string; hourlyRate: string }) =>
  `${describeVisits(terms.visits)}, from ${longDate(terms.startDate)}, at £${terms.hourlyRate} an hour`;

/** The people of an arrangement as its rows carry them (either account may be gone). */
interface People {
  customerId: string | null;
  customerFirstName: string | null;
  customerLastName: string | null;
  carerUserId: string | null;
  carerFirstName: string | null;
  carerLastName: string | null;
}

/**
 * The backup carer covering a visit (decision 0037): named to the family side, who chose them;
 * the arrangement's carer, who may not read the cover plan, learns only that one is coming.
 */
function coverName(
  row: { visit: { coveredAt: Date | null }; carerUserId: string | null } & {
    coverUserId: string | null;
    coverFirstName: string | null;
    coverLastName: string | null;
  },
  viewerId: string,
): string | null {
  if (!row.visit.coveredAt) return null;
  if (row.carerUserId === viewerId) return VISIT_COVER_UNNAMED;
  return row.coverUserId ? shortName(row.coverFirstName, row.coverLastName) : DELETED_USER_NAME;
}

/** The other person of an arrangement, as `viewerId` sees them: 'Sam O.', or 'Deleted user'. */
function partnerName(people: People, viewerId: string): string {
  // The family's holder and their circle see the carer; the carer sees the family.
  if (people.carerUserId !== viewerId) {
    return people.carerUserId ? shortName(people.carerFirstName, people.carerLastName) : DELETED_USER_NAME;
  }
  return people.customerId ? shortName(people.customerFirstName, people.customerLastName) : DELETED_USER_NAME;
}

/** A visit's notice as the calendar feed words it: 'Running late (about 20 minutes): …', or ''. */
function noticeInWords(visit: {
  notice: string | null;
  noticeMinutes: number | null;
  noticeNote: string | null;
}) {
  const note = visit.noticeNote ? `: ${visit.noticeNote}` : '';
  if (visit.notice === 'running_late') {
    return `Running late${visit.noticeMinutes ? ` (${lateInWords(visit.noticeMinutes)})` : ''}${note}`;
  }
  return visit.notice === 'cant_make_it' ? `Cannot make it${note}` : '';
}

/** Care arrangements and their visits (decision 0024). */
export function createArrangementsService({
  repository,
  db,
  messaging,
  mailer,
  push,
  audit,
  secret,
  publicUrl,
  now = () => new Date(),
}: ArrangementsDeps) {
  const hashFeedSecret = linkTokenHasher(secret, 'calendar-feed');

  /** The family's circle acts on the family's side. */
  const sideOf = (row: ArrangementWithPeople, viewerId: string): Side =>
    row.carerUserId === viewerId && row.customerId !== viewerId ? 'carer' : 'customer';

  function viewerRoleOf(row: ArrangementWithPeople, viewerId: string): Arrangement['viewerRole'] {
    if (row.customerId === viewerId) return 'holder';
    if (row.carerUserId === viewerId) return 'carer';
    return row.circleRole === 'can_arrange' ? 'can_arrange' : 'can_see';
  }

  function toArrangement(row: ArrangementWithPeople, viewerId: string): Arrangement {
    const side = sideOf(row, viewerId);
    const viewerRole = viewerRoleOf(row, viewerId);
    return {
      id: row.id,
      // The conversation is the holder's and the carer's: a member never reads it.
      conversationId: viewerRole === 'holder' || viewerRole === 'carer' ? row.conversationId : null,
      status: row.status as Arrangement['status'],
      proposedBy: row.proposedBy as Side,
      awaitingMe: row.status === 'proposed' && row.proposedBy !== side && viewerRole !== 'can_see',
      startDate: row.startDate,
      endDate: row.endDate,
      visits: row.visits as WeeklyVisit[],
      hourlyRate: row.hourlyRate,
      tasks: row.tasks,
      declineReason: row.declineReason,
      careFor: row.careFor,
      careNotes: row.careNotes,
      noteTicks: row.noteTicks as string[],
      partnerName: partnerName(row, viewerId),
      // Where the carer goes, no finer than the district: as a backup offered a visit sees it.
      area:
        viewerRole === 'carer' && row.customerSearchPlace
          ? postcodeDistrictIn(row.customerSearchPlace)
          : null,
      viewerRole,
      circle: row.circleNames,
      carerId: row.carerId,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  function checkStartDate(startDate: string) {
    if (startDate < ukDate(now())) {
      throw AppError.badRequest(ARRANGEMENT_MESSAGES.startDatePast, {
        startDate: ARRANGEMENT_MESSAGES.startDatePast,
      });
    }
  }

  /** A family acting on an arrangement needs an active plan, as for messaging a carer. */
  function checkPlan(user: UserRow) {
    if (user.role === 'customer' && !hasActiveSubscription(user, now())) {
      throw AppError.forbidden(ARRANGEMENT_MESSAGES.subscriptionRequired);
    }
  }

  async function mine(user: UserRow, id: string): Promise<ArrangementWithPeople> {
    const row = isUuid(id) ? await repository.findFor(id, user.id) : undefined;
    if (!row) throw AppError.notFound(ARRANGEMENT_MESSAGES.notFound);
    return row;
  }

  /** Makes the visits of an accepted arrangement up to the horizon (none before today). */
  /** The visits of `row` from `at` to the horizon (the ones already made are skipped on insert). */
  function visitsAhead(row: ArrangementRow, at: Date) {
    const today = ukDate(at);
    const horizon = addDays(today, VISIT_HORIZON_WEEKS * 7);
    return visitsBetween(row, today, horizon).filter((visit) => visit.startsAt > at);
  }

  async function makeVisits(executor: ArrangementsRepository, row: ArrangementRow, at: Date) {
    await executor.insertVisits(visitsAhead(row, at));
  }

  /**
   * One step on an arrangement by `user`: checked on the row locked in the transaction that
   * writes it, told in the conversation as a message from `user` (and so emailed) in the same
   * transaction. `step` returns the words of the message.
   */
  /**
   * Who takes a step for the family: the viewer, or for a "can arrange" member of the family's
   * circle the holder, on whose behalf they act (the paywall is the holder's plan), with the
   * member named in the words of the step. A "can see" member, and anyone for `holderOnly` steps,
   * is refused.
   */
  async function actorFor(user: UserRow, row: ArrangementWithPeople, holderOnly: boolean) {
    const role = viewerRoleOf(row, user.id);
    if (role === 'holder' || role === 'carer') return { actor: user, byline: '' };
    if (holderOnly) throw AppError.forbidden(CIRCLE_MESSAGES.holderOnly);
    if (role !== 'can_arrange') throw AppError.forbidden(CIRCLE_MESSAGES.onlyArrange);
    const holder = row.customerId ? await createAccountsStore(db).findById(row.customerId) : undefined;
    if (!holder) throw AppError.notFound(ARRANGEMENT_MESSAGES.notFound);
    return { actor: holder, byline: ` (by ${shortName(user.firstName, user.lastName)}, family circle)` };
  }

  /**
   * One step on an arrangement by `user`: checked on the row locked in the transaction that
   * writes it, told in the conversation as a message from the family's holder or the carer (and
   * so emailed) in the same transaction. `step` returns the words of the message.
   */
  async function step(
    user: UserRow,
    id: string,
    apply: (
      row: ArrangementWithPeople,
      inTx: ArrangementsRepository,
      side: Side,
      actor: UserRow,
    ) => Promise<string>,
    holderOnly = false,
    familyStep: FamilyStep | null = null,
  ): Promise<Arrangement> {
    assertEmailConfirmed(user);
    const current = await mine(user, id);
    if (!current.conversationId) throw AppError.conflict(ARRANGEMENT_MESSAGES.conversationNotFound);
    const { actor, byline } = await actorFor(user, current, holderOnly);
    let words = '';
    await messaging
      .writeEvent(
        actor,
        current.conversationId,
        () => words,
        async (tx) => {
          const inTx = createArrangementsRepository(tx);
          const locked = await inTx.findFor(id, user.id, true);
          if (!locked) throw AppError.notFound(ARRANGEMENT_MESSAGES.notFound);
          const side = sideOf(locked, user.id);
          words = (await apply(locked, inTx, side, actor)) + byline;
          await tellFamilyOfStep(tx, locked, user, actor);
          if (side === 'customer' && familyStep) await tellCarerOfStep(tx, locked, actor, familyStep);
        },
        // Each side is emailed below, at once: not held back like a chat message's email.
        { pushKind: 'proposals', messageEmail: false },
      )
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw AppError.conflict(ARRANGEMENT_MESSAGES.alreadyOpen);
        throw error;
      });
    // The family's arrangers may have been pushed to beside the conversation's own push.
    push.dispatchSoon();
    return toArrangement(await mine(user, id), user.id);
  }

  /**
   * The family's arrangers who are not told by the conversation's own email (decision 0036): the
   * "can arrange" members, and the holder when a member acted for them; never whoever took the
   * step, and only those who keep proposal emails on.
   */
  async function tellFamilyOfStep(tx: Executor, row: ArrangementWithPeople, user: UserRow, actor: UserRow) {
    if (!row.customerId) return;
    const carerActed = row.carerUserId === user.id;
    // Everyone of the family who arranges, the holder too, but never whoever took the step.
    const recipients = (await createFamilySide(tx).alertRecipients(row.customerId, 'proposals')).filter(
      (person) => person.userId !== user.id,
    );
    for (const person of recipients) {
      await enqueueEmail(tx, arrangementStepEmail(person.email, person.firstName, visitLink));
    }
    // Pushed alike (each person's push settings decide): the arrangers the conversation's own
    // push does not reach.
    const { mayArrange } = await createFamilySide(tx).of(row.customerId);
    await enqueuePush(
      tx,
      mayArrange
        .filter(
          (person) =>
            person.userId !== user.id && !(person.role === 'holder' && (carerActed || actor.id === user.id)),
        )
        .map((person) => person.userId),
      { kind: 'proposals', body: PUSH_TEXTS.proposals, url: paths.myCare, tag: `proposal-${row.id}` },
    );
  }

  const visitLink = `${publicUrl}${paths.myCare}`;

  /** The carer, when the family (the holder, or a member for them) took a step, unless they turned proposal emails off. */
  async function tellCarerOfStep(
    tx: Executor,
    row: { carerUserId: string | null; conversationId: string | null },
    family: UserRow,
    familyStep: FamilyStep,
  ) {
    if (!row.carerUserId || !row.conversationId) return;
    if (!(await createFamilySide(tx).wantsEmail(row.carerUserId, 'proposals'))) return;
    const carer = await createArrangementsRepository(tx).emailOf(row.carerUserId);
    if (!carer) return;
    await enqueueEmail(
      tx,
      familyStepEmail(
        carer.email,
        carer.firstName,
        shortName(family.firstName, family.lastName),
        familyStep,
        `${publicUrl}${conversationPath(row.conversationId)}`,
      ),
    );
  }

  /** The family's holder and circle who keep visit-notice emails on (decision 0036). */
  const familyToTell = (tx: Executor, holderId: string | null) =>
    holderId ? createFamilySide(tx).alertRecipients(holderId, 'visit_notices') : Promise.resolve([]);
  const whenOf = (startsAt: Date) => `${longDate(ukDate(startsAt))} at ${ukTime(startsAt)}`;

  /**
   * A carer's step on a notice of one of their visits, in one transaction with the visit locked:
   * `apply` checks and writes; then both people's open pages are told and the email goes.
   */
  async function onNotice(
    user: UserRow,
    visitId: string,
    apply: (context: {
      tx: Executor;
      inTx: ArrangementsRepository;
      found: NonNullable<Awaited<ReturnType<ArrangementsRepository['visitFor']>>>;
      at: Date;
    }) => Promise<void>,
  ): Promise<void> {
    if (!isUuid(visitId)) throw AppError.notFound(ARRANGEMENT_MESSAGES.visitNotFound);
    await db.transaction(async (tx) => {
      const inTx = createArrangementsRepository(tx);
      const found = await inTx.visitFor(visitId, user.id);
      if (!found) throw AppError.notFound(ARRANGEMENT_MESSAGES.visitNotFound);
      if (found.carerUserId !== user.id) throw AppError.forbidden(ARRANGEMENT_MESSAGES.onlyCarerNotice);
      if (found.visit.status === 'cancelled') throw AppError.conflict(ARRANGEMENT_MESSAGES.visitCancelled);
      await apply({ tx, inTx, found, at: now() });
      if (found.arrangement.customerId) {
        const { maySee } = await createFamilySide(tx).of(found.arrangement.customerId);
        await enqueuePush(
          tx,
          maySee.map((person) => person.userId),
          {
            kind: 'visit_notices',
            body: PUSH_TEXTS.visit_notices,
            url: paths.myCare,
            tag: `visit-${visitId}`,
          },
        );
      }
      await publishLiveEvent(tx, [found.arrangement.customerId, found.carerUserId], {
        type: 'visit',
        conversationId: found.arrangement.conversationId ?? '',
      });
    });
    mailer.dispatchSoon();
    push.dispatchSoon();
  }

  return {
    /** POST /api/bookings: a family with a plan proposes, from their conversation with the carer. */
    async propose(user: UserRow, input: ArrangementProposal): Promise<Arrangement> {
      if (user.role !== 'customer') throw AppError.forbidden(ARRANGEMENT_MESSAGES.onlyCustomersPropose);
      assertEmailConfirmed(user);
      checkPlan(user);
      checkStartDate(input.startDate);
      let createdId = '';
      await messaging
        .writeEvent(
          user,
          input.conversationId,
          `Proposed a care arrangement: ${termsInWords(input)}.`,
          async (tx, conversation) => {
            const at = now();
            const created = await createArrangementsRepository(tx).insert({
              conversationId: conversation.id,
              customerId: user.id,
              carerId: conversation.carerId,
              status: 'proposed',
              proposedBy: 'customer',
              startDate: input.startDate,
              visits: input.visits,
              hourlyRate: input.hourlyRate,
              tasks: input.tasks,
              careFor: input.careFor,
              careNotes: input.careNotes,
              noteTicks: input.noteTicks,
              createdAt: at,
              updatedAt: at,
            });
            createdId = created.id;
            await tellCarerOfStep(
              tx,
              { carerUserId: conversation.carerUserId, conversationId: conversation.id },
              user,
              'proposed',
            );
          },
          { pushKind: 'proposals', messageEmail: false },
        )
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw AppError.conflict(ARRANGEMENT_MESSAGES.alreadyOpen);
          throw error;
        });
      return toArrangement((await repository.findFor(createdId, user.id))!, user.id);
    },

    async list(user: UserRow): Promise<Arrangement[]> {
      return (await repository.listFor(user.id)).map((row) => toArrangement(row, user.id));
    },

    /**
     * GET /api/admin/users/{id}/arrangements: an admin looks at an account's arrangements (a
     * safeguarding concern, a dispute), recorded in the audit log with who looked and when.
     */
    async adminList(admin: UserRow, userId: string, ipAddress: string): Promise<Arrangement[]> {
      if (!isUuid(userId)) throw AppError.notFound(ARRANGEMENT_MESSAGES.notFound);
      const rows = await repository.listFor(userId, true);
      await audit.record({
        actorId: admin.id,
        action: 'arrangements.viewed',
        entityType: 'user',
        entityId: userId,
        before: null,
        after: { arrangements: rows.length },
        ipAddress,
      });
      return rows.map((row) => toArrangement(row, userId));
    },

    async get(user: UserRow, id: string): Promise<Arrangement> {
      return toArrangement(await mine(user, id), user.id);
    },

    /** The other side accepts the proposal on the table; its visits are made. */
    accept: (user: UserRow, id: string) =>
      step(
        user,
        id,
        async (row, inTx, side, actor) => {
          if (row.status !== 'proposed') throw AppError.conflict(ARRANGEMENT_MESSAGES.notProposed);
          if (row.proposedBy === side) throw AppError.conflict(ARRANGEMENT_MESSAGES.notYourTurn);
          checkPlan(actor);
          const at = now();
          // A family's proposal stands while their plan does: once it ends (or is refunded, decision
          // 0029) the carer cannot turn it into an arrangement the family no longer pays to make.
          const familyPlan = {
            subscriptionStatus: row.customerSubscriptionStatus,
            subscriptionExpiresAt: row.customerSubscriptionExpiresAt,
          };
          if (side === 'carer' && !hasActiveSubscription(familyPlan, at)) {
            throw AppError.conflict(ARRANGEMENT_MESSAGES.familyPlanEnded);
          }
          await inTx.update(row.id, { status: 'accepted', updatedAt: at });
          await makeVisits(inTx, { ...row, status: 'accepted' }, at);
          return `Accepted the care arrangement: ${termsInWords({ ...row, visits: row.visits as WeeklyVisit[] })}.`;
        },
        false,
        'accepted',
      ),

    /** The other side declines the proposal, with a reason. */
    decline: (user: UserRow, id: string, reason: string) =>
      step(
        user,
        id,
        async (row, inTx, side) => {
          if (row.status !== 'proposed') throw AppError.conflict(ARRANGEMENT_MESSAGES.notProposed);
          if (row.proposedBy === side) throw AppError.conflict(ARRANGEMENT_MESSAGES.notYourTurn);
          await inTx.update(row.id, { status: 'declined', declineReason: reason, updatedAt: now() });
          return `Declined the care arrangement. Reason: ${reason}`;
        },
        false,
        'declined',
      ),

    /** The other side proposes changes: the proposal turns round. */
    proposeChanges: (user: UserRow, id: string, terms: ArrangementTerms) =>
      step(
        user,
        id,
        async (row, inTx, side, actor) => {
          if (row.status !== 'proposed') throw AppError.conflict(ARRANGEMENT_MESSAGES.notProposed);
          if (row.proposedBy === side) throw AppError.conflict(ARRANGEMENT_MESSAGES.notYourTurn);
          checkPlan(actor);
          checkStartDate(terms.startDate);
          await inTx.update(row.id, {
            proposedBy: side,
            startDate: terms.startDate,
            visits: terms.visits,
            hourlyRate: terms.hourlyRate,
            tasks: terms.tasks,
            updatedAt: now(),
          });
          return `Proposed changes to the care arrangement: ${termsInWords(terms)}.`;
        },
        false,
        'changed',
      ),

    /** Either side ends an accepted arrangement after a date; later visits go. */
    end: (user: UserRow, id: string, endDate: string) =>
      step(
        user,
        id,
        async (row, inTx) => {
          if (row.status !== 'accepted') throw AppError.conflict(ARRANGEMENT_MESSAGES.notAccepted);
          const at = now();
          if (endDate < ukDate(at)) {
            throw AppError.badRequest(ARRANGEMENT_MESSAGES.endDatePast, {
              endDate: ARRANGEMENT_MESSAGES.endDatePast,
            });
          }
          if (endDate < row.startDate) {
            throw AppError.badRequest(ARRANGEMENT_MESSAGES.endDateBeforeStart, {
              endDate: ARRANGEMENT_MESSAGES.endDateBeforeStart,
            });
          }
          await inTx.update(row.id, { endDate, updatedAt: at });
          await inTx.deleteVisitsAfter(row.id, ukInstant(addDays(endDate, 1), '00:00'));
          return `Ending the care arrangement: the last day is ${longDate(endDate)}.`;
        },
        true,
        'ending',
      ),

    /** GET /api/visits: the viewer's visits from `from` for `days` days. */
    async visits(user: UserRow, from: Date, days: number): Promise<Visit[]> {
      const to = new Date(from.getTime() + days * 86_400_000);
      const rows = await repository.visitsFor(user.id, from, to);
      return rows.map((row) => ({
        id: row.visit.id,
        arrangementId: row.visit.arrangementId,
        startsAt: row.visit.startsAt.toISOString(),
        endsAt: row.visit.endsAt.toISOString(),
        date: ukDate(row.visit.startsAt),
        start: ukTime(row.visit.startsAt),
        end: ukTime(row.visit.endsAt),
        status: row.visit.status as Visit['status'],
        notice: row.visit.notice as Visit['notice'],
        minutesLate: row.visit.noticeMinutes,
        noticeNote: row.visit.noticeNote,
        noticeAt: row.visit.noticeAt?.toISOString() ?? null,
        checkedInAt: row.visit.checkedInAt?.toISOString() ?? null,
        checkedOutAt: row.visit.checkedOutAt?.toISOString() ?? null,
        recordedAfterwards: row.visit.recordedAfterwardsAt !== null,
        hasNote: row.hasNote,
        partnerName: partnerName(row, user.id),
        coverName: coverName(row, user.id),
      }));
    },

    /**
     * The carer says they are running late (from shortly before the visit until it ends, with how
     * late) or cannot make it (any time before it starts); the family is emailed and both people's
     * open pages are told at once.
     */
    async notice(user: UserRow, visitId: string, input: VisitNoticeInput): Promise<void> {
      await onNotice(user, visitId, async ({ tx, inTx, found, at }) => {
        const allowed = visitNoticeChoices(found.visit, at);
        if (input.kind === 'running_late' && !allowed.runningLate) {
          if (found.visit.endsAt <= at) throw AppError.conflict(ARRANGEMENT_MESSAGES.visitPast);
          throw AppError.conflict(ARRANGEMENT_MESSAGES.runningLateTooEarly);
        }
        if (input.kind === 'cant_make_it' && !allowed.cantMakeIt) {
          throw AppError.conflict(ARRANGEMENT_MESSAGES.visitStarted);
        }
        const minutesLate = input.kind === 'running_late' ? (input.minutesLate ?? null) : null;
        await inTx.updateVisit(visitId, {
          notice: input.kind,
          noticeMinutes: minutesLate,
          noticeNote: input.note || null,
          noticeAt: at,
        });
        for (const person of await familyToTell(tx, found.arrangement.customerId)) {
          await enqueueEmail(
            tx,
            visitNoticeEmail(
              person.email,
              person.firstName,
              shortName(found.carerFirstName, found.carerLastName),
              input.kind,
              minutesLate,
              whenOf(found.visit.startsAt),
              visitLink,
            ),
          );
        }
      });
    },

    /**
     * The carer takes back a notice sent by mistake, within NOTICE_UNDO_MINUTES of sending it: the
     * visit is as before (the calendar feed too), and the family is told the notice is cancelled.
     */
    async undoNotice(user: UserRow, visitId: string): Promise<void> {
      await onNotice(user, visitId, async ({ tx, inTx, found, at }) => {
        if (!found.visit.notice) throw AppError.conflict(ARRANGEMENT_MESSAGES.noNoticeToUndo);
        if (!visitNoticeChoices(found.visit, at).undoUntil) {
          throw AppError.conflict(ARRANGEMENT_MESSAGES.undoTooLate);
        }
        await inTx.updateVisit(visitId, {
          notice: null,
          noticeMinutes: null,
          noticeNote: null,
          noticeAt: null,
        });
        for (const person of await familyToTell(tx, found.arrangement.customerId)) {
          await enqueueEmail(
            tx,
            visitNoticeUndoneEmail(
              person.email,
              person.firstName,
              shortName(found.carerFirstName, found.carerLastName),
              found.visit.notice as VisitNotice,
              whenOf(found.visit.startsAt),
              visitLink,
            ),
          );
        }
      });
    },

    /**
     * POST /api/bookings/{id}/circle-messages: a "can arrange" member of the family's circle writes
     * to the carer in the holder's conversation, as the holder with the member's name on it (they
     * never read the conversation). The holder's plan decides, as for the holder's own messages.
     */
    async messageCarer(user: UserRow, id: string, content: string): Promise<void> {
      assertEmailConfirmed(user);
      const row = await mine(user, id);
      const role = viewerRoleOf(row, user.id);
      if (role !== 'can_arrange') throw AppError.forbidden(CIRCLE_MESSAGES.onlyArrange);
      if (!row.conversationId) throw AppError.conflict(ARRANGEMENT_MESSAGES.conversationNotFound);
      const { actor } = await actorFor(user, row, false);
      checkPlan(actor);
      await messaging.writeEvent(
        actor,
        row.conversationId,
        `From ${shortName(user.firstName, user.lastName)} (family circle): ${content}`,
        async () => {},
      );
    },

    /** Either side cancels one visit to come; the other is emailed. */
    async cancelVisit(user: UserRow, visitId: string): Promise<void> {
      if (!isUuid(visitId)) throw AppError.notFound(ARRANGEMENT_MESSAGES.visitNotFound);
      await db.transaction(async (tx) => {
        const inTx = createArrangementsRepository(tx);
        const found = await inTx.visitFor(visitId, user.id);
        if (!found) throw AppError.notFound(ARRANGEMENT_MESSAGES.visitNotFound);
        // The two people cancel; the family's circle only sees (decision 0036).
        if (found.arrangement.customerId !== user.id && found.carerUserId !== user.id) {
          throw AppError.forbidden(CIRCLE_MESSAGES.holderOnly);
        }
        if (found.visit.status === 'cancelled') throw AppError.conflict(ARRANGEMENT_MESSAGES.visitCancelled);
        const at = now();
        if (found.visit.startsAt <= at) throw AppError.conflict(ARRANGEMENT_MESSAGES.visitPast);
        await inTx.updateVisit(visitId, { status: 'cancelled', cancelledBy: user.id, cancelledAt: at });
        await publishLiveEvent(tx, [found.arrangement.customerId, found.carerUserId], {
          type: 'visit',
          conversationId: found.arrangement.conversationId ?? '',
        });
        const when = `${longDate(ukDate(found.visit.startsAt))} at ${ukTime(found.visit.startsAt)}`;
        const by = shortName(user.firstName, user.lastName);
        if (found.carerUserId === user.id) {
          // The carer cancelled: the family side is told, as of any notice about a visit.
          for (const person of await familyToTell(tx, found.arrangement.customerId)) {
            await enqueueEmail(tx, visitCancelledEmail(person.email, person.firstName, by, when, visitLink));
          }
        } else {
          const other = await inTx.emailOf(found.carerUserId);
          if (other && (await createFamilySide(tx).wantsEmail(found.carerUserId!, 'visit_notices'))) {
            await enqueueEmail(tx, visitCancelledEmail(other.email, other.firstName, by, when, visitLink));
          }
        }
      });
      mailer.dispatchSoon();
    },

    /** Housekeeping (daily is enough; hourly is harmless): visits made ahead, finished arrangements ended. */
    async keepVisitsAhead(at: Date = now()): Promise<void> {
      await repository.endFinished(ukDate(at));
      // Many arrangements' visits in each statement: one insert per arrangement kept the first
      // round after a start busy for minutes under load (each statement a round trip).
      const visits = (await repository.accepted()).flatMap((row) => visitsAhead(row, at));
      for (let from = 0; from < visits.length; from += VISITS_PER_INSERT) {
        await repository.insertVisits(visits.slice(from, from + VISITS_PER_INSERT));
      }
    },

    /** The viewer's calendar feed: on or not (its address is shown only when made). */
    async calendarFeed(user: UserRow): Promise<CalendarFeed> {
      return { active: await repository.calendarFeedOf(user.id), url: null };
    },

    /** A new private address; the old one stops working. */
    async newCalendarFeed(user: UserRow): Promise<CalendarFeed> {
      const token = randomBytes(32).toString('base64url');
      await repository.setCalendarFeed(user.id, hashFeedSecret(token));
      return { active: true, url: `${publicUrl}/api/calendar/${token}.ics` };
    },

    async revokeCalendarFeed(user: UserRow): Promise<CalendarFeed> {
      await repository.setCalendarFeed(user.id, null);
      return { active: false, url: null };
    },

    /** GET /api/calendar/{secret}.ics: the account's visits from 30 days ago to the horizon; null if no such feed. */
    async calendarFor(token: string): Promise<string | null> {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
      const owner = await repository.userByCalendarFeed(hashFeedSecret(token));
      if (!owner) return null;
      const at = now();
      const from = new Date(at.getTime() - 30 * 86_400_000);
      const to = new Date(at.getTime() + (VISIT_HORIZON_WEEKS + 1) * 7 * 86_400_000);
      const rows = await repository.visitsFor(owner.id, from, to);
      return toICalendar(
        rows.map((row) => ({
          id: row.visit.id,
          startsAt: row.visit.startsAt,
          endsAt: row.visit.endsAt,
          cancelled: row.visit.status === 'cancelled',
          summary: `Care visit with ${partnerName(row, owner.id)}`,
          description: noticeInWords(row.visit),
        })),
        at,
      );
    },
  };
}
export type ArrangementsService = ReturnType<typeof createArrangementsService>;
