import { ARRANGEMENT_MESSAGES } from '@contracts/arrangements';
import {
  COVER_MESSAGES,
  COVER_OFFERS_PER_DAY,
  type CoverOffer,
  type CoverPlan,
  type CoverPlanInput,
  type FamilyAlert,
  type FamilyAlerts,
  type OnYourWayPrompts,
} from '@contracts/cover';
import type { CheckSummary } from '@contracts/verification-compliance';
import { DELETED_USER_NAME } from '@contracts/messaging';
import { paths } from '@contracts/paths';
import type { Database, Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { publishLiveEvent } from '../../platform/live-events';
import { enqueueEmail, type Mailer } from '../../platform/mailer';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit';
import { longDate, ukDate, ukTime } from '../../platform/uk-time';
import { assertEmailConfirmed } from '../auth';
import { isListed, postcodeDistrictIn } from '../carers';
import { createFamilySide } from '../circle';
import { shortName } from '../messaging';
import { enqueuePush, type PushDispatcher } from '../push';
import { PUSH_TEXTS } from '@contracts/push';
import { createArrangementsRepository, type ArrangementWithPeople } from './arrangements.repository';
import {
  coverAcceptedEmail,
  coverOfferEmail,
  coverTakenEmail,
  noShowFamilyEmail,
  onYourWayEmail,
} from './cover-emails';
import { createCoverRepository } from './cover.repository';

/** Visits a family may offer to its backups in a day (decision 0037). */
export const COVER_OFFERS_LIMIT: RateLimitRule = {
  bucket: 'cover-offers',
  limit: COVER_OFFERS_PER_DAY,
  windowSeconds: 86_400,
};

interface CoverDeps {
  db: Database;
  mailer: Mailer;
  /** Push notices: dispatched after a commit that queued one. */
  push: Pick<PushDispatcher, 'dispatchSoon'>;
  rateLimiter: RateLimiter;
  publicUrl: string;
  /** The dates of a carer's checks and cover, as their public profile shows them. */
  checkSummaryOf: (profile: {
    id: string;
    userId: string | null;
    isVerified: boolean;
  }) => Promise<CheckSummary | null>;
  now?: () => Date;
}

type VisitWithPeople = Awaited<
  ReturnType<ReturnType<typeof createCoverRepository>['visitsWithPeople']>
>[number];

const whenOf = (startsAt: Date) => `${longDate(ukDate(startsAt))} at ${ukTime(startsAt)}`;
const nameOf = (userId: string | null, first: string | null, last: string | null) =>
  userId ? shortName(first, last) : DELETED_USER_NAME;

/**
 * No-show alerts and cover (decision 0037): CareMatch relays, the family decides. Housekeeping
 * alerts the family and asks the carer once per visit; the family names its backups and, if it
 * chooses, offers a visit to them; the first backup to accept takes it.
 */
export function createCoverService({
  db,
  mailer,
  push,
  rateLimiter,
  publicUrl,
  checkSummaryOf,
  now = () => new Date(),
}: CoverDeps) {
  const repository = createCoverRepository(db);
  const arrangements = createArrangementsRepository(db);
  const familyLink = `${publicUrl}${paths.myCare}`;
  const carerLink = `${publicUrl}${paths.carerDashboard}`;

  /** The family side may read the plan; the arrangement's carer may not (403), anyone else 404. */
  async function familyArrangement(user: UserRow, arrangementId: string): Promise<ArrangementWithPeople> {
    const row = isUuid(arrangementId) ? await arrangements.findFor(arrangementId, user.id) : undefined;
    if (!row) throw AppError.notFound(ARRANGEMENT_MESSAGES.notFound);
    if (row.customerId !== user.id && row.circleRole === null) {
      throw AppError.forbidden(COVER_MESSAGES.onlyFamily);
    }
    return row;
  }

  /** The holder, or a "can arrange" member of the holder's circle. */
  const mayArrange = (customerId: string | null, circleRole: string | null, userId: string) =>
    customerId === userId || circleRole === 'can_arrange';

  async function planOf(row: ArrangementWithPeople, user: UserRow): Promise<CoverPlan> {
    const at = now();
    const arrange = mayArrange(row.customerId, row.circleRole, user.id);
    const backups = await repository.backupsOf(row.id);
    const candidates =
      arrange && row.customerId
        ? (await repository.conversationCarers(row.customerId)).filter((item) => item.carerId !== row.carerId)
        : [];
    return {
      arrangementId: row.id,
      careFor: row.careFor,
      carerName: nameOf(row.carerUserId, row.carerFirstName, row.carerLastName),
      noShowMinutes: row.noShowMinutes,
      backups: await Promise.all(
        backups.map(async (item) => ({
          carerId: item.carerId,
          name: nameOf(item.userId, item.firstName, item.lastName),
          // The district as the carer's public profile shows it, and nothing finer (decision 0032).
          area: item.postcodeDistrict ? postcodeDistrictIn(item.postcodeDistrict) : null,
          position: item.position,
          hourlyRate: item.hourlyRate,
          listed: isListed(item, at) && !item.suspendedAt,
          checkSummary: await checkSummaryOf({
            id: item.carerId,
            userId: item.userId,
            isVerified: item.isVerified,
          }),
        })),
      ),
      candidates: candidates.map((item) => ({
        carerId: item.carerId,
        name: shortName(item.firstName, item.lastName),
      })),
      mayArrange: arrange,
    };
  }

  function toAlert(row: VisitWithPeople, userId: string, at: Date): FamilyAlert {
    const { visit } = row;
    // Covered stays covered when the backup has since left (their name goes: "Deleted user").
    const state: FamilyAlert['state'] = visit.coveredAt ? 'covered' : visit.checkedInAt ? 'cleared' : 'open';
    return {
      visitId: visit.id,
      arrangementId: row.arrangement.id,
      careFor: row.arrangement.careFor,
      carerName: nameOf(row.carerUserId, row.carerFirstName, row.carerLastName),
      startsAt: visit.startsAt.toISOString(),
      date: ukDate(visit.startsAt),
      start: ukTime(visit.startsAt),
      end: ukTime(visit.endsAt),
      kind: visit.notice === 'cant_make_it' ? 'cant_make_it' : 'no_show',
      alertedAt: visit.noShowAlertedAt?.toISOString() ?? null,
      state,
      coverName: visit.coveredAt ? nameOf(row.backupUserId, row.backupFirstName, row.backupLastName) : null,
      offered: row.offered,
      mayOffer:
        state === 'open' &&
        !row.offered &&
        visit.endsAt > at &&
        row.backupCount > 0 &&
        mayArrange(row.arrangement.customerId, row.circleRole, userId),
    };
  }

  /** The people of the family side to tell on their open pages. */
  const familyUserIds = async (tx: Executor, holderId: string | null) =>
    holderId ? (await createFamilySide(tx).of(holderId)).maySee.map((person) => person.userId) : [];

  /** The visits offered to `user` as a backup, newest first. */
  async function offers(user: UserRow): Promise<{ items: CoverOffer[] }> {
    const rows = await repository.offersFor(user.id, now());
    return {
      items: rows.map(({ offer, visit, ...row }) => {
        const accepted = offer.status === 'accepted';
        return {
          id: offer.id,
          visitId: visit.id,
          familyName: row.customerFirstName ?? DELETED_USER_NAME,
          area: row.customerSearchPlace ? postcodeDistrictIn(row.customerSearchPlace) : null,
          careFor: row.careFor,
          careNotes: accepted ? row.careNotes : null,
          hourlyRate: offer.hourlyRate,
          startsAt: visit.startsAt.toISOString(),
          endsAt: visit.endsAt.toISOString(),
          date: ukDate(visit.startsAt),
          start: ukTime(visit.startsAt),
          end: ukTime(visit.endsAt),
          status: offer.status as CoverOffer['status'],
          cancelled: visit.status === 'cancelled',
          checkedInAt: accepted ? (visit.checkedInAt?.toISOString() ?? null) : null,
          checkedOutAt: accepted ? (visit.checkedOutAt?.toISOString() ?? null) : null,
        };
      }),
    };
  }

  return {
    /** GET /api/bookings/{id}/cover */
    async plan(user: UserRow, arrangementId: string): Promise<CoverPlan> {
      return planOf(await familyArrangement(user, arrangementId), user);
    },

    /** PUT /api/bookings/{id}/cover: the holder or "can arrange" replaces the plan. */
    async setPlan(user: UserRow, arrangementId: string, input: CoverPlanInput): Promise<CoverPlan> {
      assertEmailConfirmed(user);
      const row = await familyArrangement(user, arrangementId);
      if (!mayArrange(row.customerId, row.circleRole, user.id))
        throw AppError.forbidden(COVER_MESSAGES.onlyArrange);
      if (row.status !== 'accepted') throw AppError.conflict(COVER_MESSAGES.notAccepted);
      const at = now();
      const talkedTo = new Map(
        (await repository.conversationCarers(row.customerId!)).map((item) => [item.carerId, item]),
      );
      for (const backup of input.backups) {
        const refuse = (message: string) => AppError.badRequest(message, { backups: message });
        if (backup.carerId === row.carerId) throw refuse(COVER_MESSAGES.backupIsTheCarer);
        const carer = talkedTo.get(backup.carerId);
        if (!carer) throw refuse(COVER_MESSAGES.backupNotInConversation);
        if (!isListed(carer, at)) throw refuse(COVER_MESSAGES.backupNotListed);
      }
      await db.transaction(async (tx) => {
        const inTx = createCoverRepository(tx);
        await createArrangementsRepository(tx).findFor(row.id, user.id, true);
        await inTx.replaceBackups(row.id, input.backups);
        await inTx.setNoShowMinutes(row.id, input.noShowMinutes, at);
      });
      return planOf((await arrangements.findFor(row.id, user.id))!, user);
    },

    /**
     * Housekeeping, every minute: claims the visits due their no-show alert (each once, whatever
     * runs at the same time), emails the family side (settings respected) and asks the carer "Are
     * you on your way?", and tells everyone's open pages, all in one transaction.
     */
    async raiseNoShows(): Promise<number> {
      const at = now();
      const claimed = await db.transaction(async (tx) => {
        const inTx = createCoverRepository(tx);
        const ids = await inTx.claimDueNoShows(at);
        const family = createFamilySide(tx);
        for (const row of await inTx.visitsWithPeople(ids)) {
          if (row.customerSuspendedAt || row.carerSuspendedAt) continue;
          const holderId = row.arrangement.customerId;
          const when = whenOf(row.visit.startsAt);
          const carerName = nameOf(row.carerUserId, row.carerFirstName, row.carerLastName);
          if (holderId) {
            // Pushed to everyone on the family side (each person's push settings decide).
            const { maySee } = await family.of(holderId);
            await enqueuePush(
              tx,
              maySee.map((person) => person.userId),
              {
                kind: 'no_show_alerts',
                body: PUSH_TEXTS.no_show_alerts,
                url: paths.myCare,
                tag: `visit-${row.visit.id}`,
              },
            );
            for (const person of await family.alertRecipients(holderId, 'no_show_alerts')) {
              await enqueueEmail(
                tx,
                noShowFamilyEmail(
                  person.email,
                  person.firstName,
                  carerName,
                  row.arrangement.careFor,
                  when,
                  row.arrangement.noShowMinutes,
                  familyLink,
                ),
              );
            }
          }
          // The carer expected: the backup covering the visit, or the arrangement's carer.
          const [carerUserId, carerEmail, carerFirstName] = row.visit.coveredBy
            ? [row.backupUserId, row.backupEmail, row.backupFirstName]
            : [row.carerUserId, row.carerEmail, row.carerFirstName];
          await enqueuePush(tx, [carerUserId], {
            kind: 'no_show_alerts',
            body: PUSH_TEXTS.onYourWay,
            url: paths.carerDashboard,
            tag: `visit-${row.visit.id}`,
          });
          if (carerUserId && carerEmail && (await family.wantsEmail(carerUserId, 'no_show_alerts'))) {
            await enqueueEmail(tx, onYourWayEmail(carerEmail, carerFirstName, when, carerLink));
          }
          await publishLiveEvent(tx, [...(await familyUserIds(tx, holderId)), carerUserId], {
            type: 'visit',
            conversationId: row.arrangement.conversationId ?? '',
          });
        }
        return ids.length;
      });
      if (claimed > 0) {
        mailer.dispatchSoon();
        push.dispatchSoon();
      }
      return claimed;
    },

    /** GET /api/cover/alerts: the family's alerts (the carer not checked in, or can't make it). */
    async alerts(user: UserRow): Promise<FamilyAlerts> {
      const at = now();
      const rows = await repository.familyAlerts(user.id, at);
      return { items: rows.map((row) => toAlert(row, user.id, at)) };
    },

    /** GET /api/cover/on-your-way: the carer's visits not checked into since the family was alerted. */
    async onYourWay(user: UserRow): Promise<OnYourWayPrompts> {
      const rows = await repository.onYourWay(user.id, now());
      return {
        items: rows.map((row) => ({
          visitId: row.visit.id,
          familyName: row.customerFirstName ?? DELETED_USER_NAME,
          careFor: row.arrangement.careFor,
          startsAt: row.visit.startsAt.toISOString(),
          date: ukDate(row.visit.startsAt),
          start: ukTime(row.visit.startsAt),
          end: ukTime(row.visit.endsAt),
        })),
      };
    },

    /**
     * POST /api/visits/{id}/cover-offer: the family chooses to offer a visit its carer cannot do
     * (or has not come to) to its listed backups, each emailed. Nothing is offered otherwise.
     */
    async offer(user: UserRow, visitId: string): Promise<FamilyAlert> {
      assertEmailConfirmed(user);
      if (!isUuid(visitId)) throw AppError.notFound(ARRANGEMENT_MESSAGES.visitNotFound);
      // Counted per person offering, before the transaction (the counter is its own statement).
      await rateLimiter.enforce(COVER_OFFERS_LIMIT, user.id, COVER_MESSAGES.offerTooManyToday);
      const at = now();
      let answer: FamilyAlert | undefined;
      await db.transaction(async (tx) => {
        const inTx = createCoverRepository(tx);
        const row = await inTx.familyVisit(visitId, user.id);
        if (!row) throw AppError.notFound(ARRANGEMENT_MESSAGES.visitNotFound);
        if (!mayArrange(row.arrangement.customerId, row.circleRole, user.id)) {
          throw AppError.forbidden(COVER_MESSAGES.onlyArrange);
        }
        const { visit } = row;
        if (visit.endsAt <= at) throw AppError.conflict(COVER_MESSAGES.visitOver);
        if (visit.coveredBy) throw AppError.conflict(COVER_MESSAGES.alreadyCovered);
        const uncovered =
          visit.status === 'scheduled' &&
          !visit.checkedInAt &&
          (visit.notice === 'cant_make_it' || visit.noShowAlertedAt !== null);
        if (!uncovered) throw AppError.conflict(COVER_MESSAGES.nothingToCover);
        if (row.offered) throw AppError.conflict(COVER_MESSAGES.alreadyOffered);
        const backups = (await inTx.backupsOf(row.arrangement.id)).filter(
          (item) => item.userId && item.email && !item.suspendedAt && isListed(item, at),
        );
        if (backups.length === 0) throw AppError.conflict(COVER_MESSAGES.noBackups);
        await inTx.insertOffers(
          backups.map((item) => ({
            visitId,
            carerId: item.carerId,
            hourlyRate: item.hourlyRate,
            offeredBy: user.id,
            createdAt: at,
          })),
        );
        const familyName = row.customerFirstName ?? 'A family';
        await enqueuePush(
          tx,
          backups.map((item) => item.userId),
          {
            kind: 'cover_offers',
            body: PUSH_TEXTS.cover_offers,
            url: paths.carerDashboard,
            tag: `cover-${visitId}`,
          },
        );
        for (const item of backups) {
          await enqueueEmail(
            tx,
            coverOfferEmail(
              item.email!,
              item.accountFirstName,
              familyName,
              whenOf(visit.startsAt),
              item.hourlyRate,
              carerLink,
            ),
          );
        }
        await publishLiveEvent(
          tx,
          [...backups.map((item) => item.userId), ...(await familyUserIds(tx, row.arrangement.customerId))],
          { type: 'visit', conversationId: '' },
        );
        answer = toAlert({ ...row, offered: true }, user.id, at);
      });
      mailer.dispatchSoon();
      push.dispatchSoon();
      return answer!;
    },

    /** GET /api/cover/offers: the visits offered to this carer as a backup, newest first. */
    offers,

    /**
     * POST /api/cover/offers/{id}/accept: the first backup to accept takes the visit; the others
     * are told it is taken, the family who is coming.
     */
    async accept(user: UserRow, offerId: string): Promise<CoverOffer> {
      assertEmailConfirmed(user);
      if (!isUuid(offerId)) throw AppError.notFound(COVER_MESSAGES.offerNotFound);
      const at = now();
      await db.transaction(async (tx) => {
        const inTx = createCoverRepository(tx);
        const offer = await inTx.offerFor(offerId, user.id);
        if (!offer?.carerId) throw AppError.notFound(COVER_MESSAGES.offerNotFound);
        if (offer.status === 'accepted') return;
        if (offer.status === 'taken') throw AppError.conflict(COVER_MESSAGES.offerTaken);
        if (!(await inTx.takeVisit(offer.visitId, offer.carerId, at))) {
          const [visit] = await inTx.visitsWithPeople([offer.visitId]);
          throw AppError.conflict(
            visit?.visit.coveredAt ? COVER_MESSAGES.offerTaken : COVER_MESSAGES.visitOver,
          );
        }
        const [row] = await inTx.visitsWithPeople([offer.visitId]);
        const when = whenOf(row!.visit.startsAt);
        for (const other of await inTx.settleOffers(offer.visitId, offer.id, at)) {
          await enqueueEmail(tx, coverTakenEmail(other.email, other.firstName, when, carerLink));
        }
        const holderId = row!.arrangement.customerId;
        const backupName = nameOf(row!.backupUserId, row!.backupFirstName, row!.backupLastName);
        if (holderId) {
          for (const person of await createFamilySide(tx).alertRecipients(holderId, 'visit_notices')) {
            await enqueueEmail(
              tx,
              coverAcceptedEmail(person.email, person.firstName, backupName, when, familyLink),
            );
          }
        }
        await publishLiveEvent(tx, [...(await familyUserIds(tx, holderId)), row!.carerUserId, user.id], {
          type: 'visit',
          conversationId: row!.arrangement.conversationId ?? '',
        });
      });
      mailer.dispatchSoon();
      const { items } = await offers(user);
      const answer = items.find((item) => item.id === offerId);
      if (!answer) throw AppError.notFound(COVER_MESSAGES.offerNotFound);
      return answer;
    },
  };
}
export type CoverService = ReturnType<typeof createCoverService>;
