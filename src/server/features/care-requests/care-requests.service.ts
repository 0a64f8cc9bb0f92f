import { slotMask, slotsOfMask } from '@contracts/availability';
import {
  CARE_REQUEST_MESSAGES,
  CARE_REQUEST_OPEN_DAYS,
  CARE_REQUEST_RESPONSES_MAX_PER_HOUR,
  CARE_REQUESTS_MAX_PER_DAY,
  type CareRequestInput,
  type CareRequestPatch,
  type CareRequestResponseInput,
  type NearbyCareRequest,
  type OwnCareRequest,
} from '@contracts/care-requests';
import { paths } from '@contracts/paths';
import { HOME_POSTCODE_CHANGES_PER_DAY, outwardCodeOf, POSTCODE_MESSAGES } from '@contracts/postcodes';
import type { Database } from '../../db/client';
import type { CareRequestRow, UserRow } from '../../db/schema';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { milesFromMetres as miles } from '../../platform/distance';
import { districtCentresOf, type Geocoder } from '../../platform/geocoder/geocoder';
import { isUuid } from '../../platform/ids';
import { ukDate } from '../../platform/uk-time';
import { enqueueEmail, type Mailer } from '../../platform/mailer';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit';
import { assertEmailConfirmed } from '../auth';
import { isListed, type CarersService } from '../carers';
import type { MessagingService } from '../messaging';
import { enqueuePush, type PushDispatcher } from '../push';
import { isHeldBack } from '../subscriptions';
import { PUSH_TEXTS } from '@contracts/push';
import { careRequestAlertEmail, careRequestClosingEmail } from './care-request-emails';
import {
  createCareRequestsRepository,
  DEFAULT_TRAVEL_MILES,
  type CareRequestsRepository,
  type ResponderRow,
} from './care-requests.repository';

const DAY_MS = 86_400_000;

export const CARE_REQUESTS_LIMIT: RateLimitRule = {
  bucket: 'care-requests',
  limit: CARE_REQUESTS_MAX_PER_DAY,
  windowSeconds: 24 * 3600,
};
export const CARE_REQUEST_RESPONSES_LIMIT: RateLimitRule = {
  bucket: 'care-request-responses',
  limit: CARE_REQUEST_RESPONSES_MAX_PER_HOUR,
  windowSeconds: 3600,
};

/** A posted request's postcode may be corrected, not walked across a map (decision 0032); per family. */
export const REQUEST_POSTCODE_CHANGES_LIMIT: RateLimitRule = {
  bucket: 'care-request-postcode-changes',
  limit: HOME_POSTCODE_CHANGES_PER_DAY,
  windowSeconds: 24 * 3600,
};

interface CareRequestsDeps {
  repository: CareRequestsRepository;
  db: Database;
  carers: Pick<CarersService, 'profileOfUser'>;
  messaging: MessagingService;
  geocoder: Geocoder;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  /** Push notices: dispatched after a commit that queued one. */
  push: Pick<PushDispatcher, 'dispatchSoon'>;
  publicUrl: string;
  now?: () => Date;
}

function weekOf(row: CareRequestRow) {
  return { slots: slotsOfMask(row.patternSlots), liveIn: row.liveIn, shortNotice: row.shortNotice };
}

function toOwn(
  row: CareRequestRow,
  responders: ResponderRow[],
  heldBack: (responder: ResponderRow) => boolean,
): OwnCareRequest {
  return {
    id: row.id,
    recipient: row.recipient,
    careType: row.careType,
    postcode: row.postcode,
    postcodeDistrict: row.postcodeDistrict,
    startDate: row.startDate,
    pattern: weekOf(row),
    hoursPerWeek: row.hoursPerWeek,
    budgetMin: row.budgetMin,
    budgetMax: row.budgetMax,
    description: row.description,
    status: row.status as OwnCareRequest['status'],
    createdAt: row.createdAt.toISOString(),
    closesAt: row.closesAt.toISOString(),
    responses: responders
      .filter((responder) => responder.requestId === row.id)
      .map((responder) => ({
        carerId: responder.carerId,
        firstName: responder.firstName,
        photoUrl: responder.photoUrl,
        rating: Number(responder.rating),
        reviewCount: responder.reviewCount,
        distanceMiles: responder.distanceMetres === null ? null : miles(responder.distanceMetres),
        respondedAt: responder.createdAt.toISOString(),
        message: heldBack(responder) ? null : responder.message,
        conversationId: heldBack(responder) ? null : responder.conversationId,
      })),
  };
}

/** Care requests (decision 0024): families post, carers near them answer. */
export function createCareRequestsService({
  repository,
  db,
  carers,
  messaging,
  geocoder,
  rateLimiter,
  mailer,
  push,
  publicUrl,
  now = () => new Date(),
}: CareRequestsDeps) {
  /**
   * Where care is needed, from the postcode: its district's centre, never the postcode's own
   * point (decision 0032); a 400 beside the field when no one knows it.
   */
  async function place(postcode: string) {
    const check = await geocoder.checkHomePostcode(postcode);
    const found = check.status === 'not-found' ? null : check.place;
    if (!found) {
      throw AppError.badRequest(POSTCODE_MESSAGES.notFound, { postcode: POSTCODE_MESSAGES.notFound });
    }
    return {
      latitude: found.latitude,
      longitude: found.longitude,
      postcodeDistrict: outwardCodeOf(postcode)!,
    };
  }

  /** A posted request's new postcode: counted against REQUEST_POSTCODE_CHANGES_LIMIT once found. */
  async function newPlace(user: UserRow, postcode: string) {
    const where = await place(postcode);
    await rateLimiter.enforce(REQUEST_POSTCODE_CHANGES_LIMIT, user.id, POSTCODE_MESSAGES.tooManyChanges);
    return where;
  }

  function checkStartDate(startDate: string, at: Date) {
    const today = ukDate(at);
    const latest = ukDate(new Date(at.getTime() + 365 * DAY_MS));
    if (startDate < today) {
      throw AppError.badRequest(CARE_REQUEST_MESSAGES.startDatePast, {
        startDate: CARE_REQUEST_MESSAGES.startDatePast,
      });
    }
    if (startDate > latest) {
      throw AppError.badRequest(CARE_REQUEST_MESSAGES.startDateTooFar, {
        startDate: CARE_REQUEST_MESSAGES.startDateTooFar,
      });
    }
  }

  /** The family's own request; the same 404 for a bad id, an unknown one and someone else's. */
  async function ownRequest(user: UserRow, id: string): Promise<CareRequestRow> {
    const row = isUuid(id) ? await repository.findById(id) : undefined;
    if (!row || row.customerId !== user.id) throw AppError.notFound(CARE_REQUEST_MESSAGES.notFound);
    return row;
  }

  async function ownView(user: UserRow, rows: CareRequestRow[]): Promise<OwnCareRequest[]> {
    const responders = await repository.responders(rows.map((row) => row.id));
    const at = now();
    // An answer is a message: the one paywall rule decides, as in the thread and the export.
    const heldBack = (responder: ResponderRow) => isHeldBack(user, { senderId: responder.carerUserId }, at);
    return rows.map((row) => toOwn(row, responders, heldBack));
  }

  /** The carer's listed profile with a place, or the 403 that says what is missing. */
  async function carerWithPlace(user: UserRow) {
    if (user.role !== 'carer') throw AppError.forbidden(CARE_REQUEST_MESSAGES.onlyCarers);
    const profile = await carers.profileOfUser(user.id);
    if (!profile) throw AppError.forbidden(CARE_REQUEST_MESSAGES.needsProfile);
    if (!isListed(profile, now())) {
      throw AppError.forbidden(
        profile.isActive && !profile.isVerified
          ? CARE_REQUEST_MESSAGES.needsChecks
          : CARE_REQUEST_MESSAGES.needsListing,
      );
    }
    if (profile.homeLatitude === null || profile.homeLongitude === null) {
      throw AppError.forbidden(CARE_REQUEST_MESSAGES.needsPlace);
    }
    return {
      profile,
      origin: {
        profileId: profile.id,
        userId: user.id,
        latitude: profile.homeLatitude,
        longitude: profile.homeLongitude,
        travelMiles: profile.travelMiles ?? DEFAULT_TRAVEL_MILES,
        careType: profile.specialization,
        slots: profile.availabilitySlots,
        liveIn: profile.availability.includes('Live-in Care'),
        now: now(),
      },
    };
  }

  return {
    /** POST /api/care-requests: free, for a family with a confirmed email; open for 30 days. */
    async post(user: UserRow, input: CareRequestInput): Promise<OwnCareRequest> {
      if (user.role !== 'customer') throw AppError.forbidden(CARE_REQUEST_MESSAGES.onlyCustomers);
      assertEmailConfirmed(user);
      const at = now();
      checkStartDate(input.startDate, at);
      const where = await place(input.postcode);
      await rateLimiter.enforce(CARE_REQUESTS_LIMIT, user.id, CARE_REQUEST_MESSAGES.tooManyRequests);
      const row = await repository.insert({
        customerId: user.id,
        recipient: input.recipient,
        careType: input.careType,
        postcode: input.postcode,
        ...where,
        startDate: input.startDate,
        patternSlots: slotMask(input.pattern.slots),
        liveIn: input.pattern.liveIn,
        shortNotice: input.pattern.shortNotice,
        hoursPerWeek: input.hoursPerWeek,
        budgetMin: input.budgetMin,
        budgetMax: input.budgetMax,
        description: input.description,
        status: 'open',
        closesAt: new Date(at.getTime() + CARE_REQUEST_OPEN_DAYS * DAY_MS),
        createdAt: at,
        updatedAt: at,
      });
      const [own] = await ownView(user, [row]);
      return own!;
    },

    /** GET /api/care-requests/mine: the family's requests with who answered. */
    async mine(user: UserRow): Promise<OwnCareRequest[]> {
      if (user.role !== 'customer') throw AppError.forbidden(CARE_REQUEST_MESSAGES.onlyCustomers);
      return ownView(user, await repository.mine(user.id));
    },

    /** PATCH /api/care-requests/{id}: edit an open request, or close it (filled, not needed). */
    async update(user: UserRow, id: string, patch: CareRequestPatch): Promise<OwnCareRequest> {
      const row = await ownRequest(user, id);
      if (row.status !== 'open') throw AppError.conflict(CARE_REQUEST_MESSAGES.closed);
      const at = now();
      const budgetMin = patch.budgetMin ?? row.budgetMin;
      const budgetMax = patch.budgetMax ?? row.budgetMax;
      if (Number(budgetMin) > Number(budgetMax)) {
        throw AppError.badRequest(CARE_REQUEST_MESSAGES.budgetOrder, {
          budgetMax: CARE_REQUEST_MESSAGES.budgetOrder,
        });
      }
      if (patch.startDate !== undefined) checkStartDate(patch.startDate, at);
      if (patch.pattern && patch.pattern.slots.length === 0 && !patch.pattern.liveIn) {
        throw AppError.badRequest(CARE_REQUEST_MESSAGES.patternRequired, {
          pattern: CARE_REQUEST_MESSAGES.patternRequired,
        });
      }
      const updated = await repository.update(
        row.id,
        {
          ...(patch.recipient !== undefined ? { recipient: patch.recipient } : {}),
          ...(patch.careType !== undefined ? { careType: patch.careType } : {}),
          ...(patch.postcode !== undefined && patch.postcode !== row.postcode
            ? { postcode: patch.postcode, ...(await newPlace(user, patch.postcode)) }
            : {}),
          ...(patch.startDate !== undefined ? { startDate: patch.startDate } : {}),
          ...(patch.pattern
            ? {
                patternSlots: slotMask(patch.pattern.slots),
                liveIn: patch.pattern.liveIn,
                shortNotice: patch.pattern.shortNotice,
              }
            : {}),
          ...(patch.hoursPerWeek !== undefined ? { hoursPerWeek: patch.hoursPerWeek } : {}),
          budgetMin,
          budgetMax,
          ...(patch.description !== undefined ? { description: patch.description } : {}),
          ...(patch.status ? { status: patch.status } : {}),
        },
        at,
      );
      const [own] = await ownView(user, [updated]);
      return own!;
    },

    /** GET /api/care-requests/nearby: open requests the carer could take, nearest first. */
    async nearby(user: UserRow): Promise<NearbyCareRequest[]> {
      const { origin } = await carerWithPlace(user);
      const rows = await repository.nearby(origin);
      return rows.map(({ request, distanceMetres, respondedConversationId, responded }) => ({
        id: request.id,
        recipient: request.recipient,
        careType: request.careType,
        postcodeDistrict: request.postcodeDistrict,
        startDate: request.startDate,
        pattern: weekOf(request),
        hoursPerWeek: request.hoursPerWeek,
        budgetMin: request.budgetMin,
        budgetMax: request.budgetMax,
        description: request.description,
        createdAt: request.createdAt.toISOString(),
        distanceMiles: miles(distanceMetres),
        respondedConversationId: responded ? (respondedConversationId ?? null) : null,
      }));
    },

    /**
     * POST /api/care-requests/{id}/responses: the carer's message opens (or continues) their
     * conversation with the family, and the answer is recorded in the same transaction. Only a
     * request the carer could see (open, near enough, not blocked) can be answered, once.
     */
    async respond(
      user: UserRow,
      id: string,
      input: CareRequestResponseInput,
    ): Promise<{ conversationId: string }> {
      const { profile, origin } = await carerWithPlace(user);
      assertEmailConfirmed(user);
      const request = isUuid(id) ? await repository.findById(id) : undefined;
      if (!request) throw AppError.notFound(CARE_REQUEST_MESSAGES.notFound);
      const [visible] = await repository.nearby(origin, request.id);
      if (!visible) {
        if (request.status !== 'open') throw AppError.conflict(CARE_REQUEST_MESSAGES.closed);
        throw AppError.notFound(CARE_REQUEST_MESSAGES.notFound);
      }
      if (visible.responded) throw AppError.conflict(CARE_REQUEST_MESSAGES.alreadyResponded);
      await rateLimiter.enforce(
        CARE_REQUEST_RESPONSES_LIMIT,
        user.id,
        CARE_REQUEST_MESSAGES.tooManyResponses,
      );
      try {
        const sent = await messaging.writeFromCarer(
          user,
          profile.id,
          request.customerId,
          input.message,
          (tx, conversationId) =>
            createCareRequestsRepository(tx).insertResponse({
              requestId: request.id,
              carerId: profile.id,
              conversationId,
              message: input.message,
            }),
        );
        return { conversationId: sent.conversationId };
      } catch (error) {
        // Two answers racing: the unique index lets one through, and the other's message rolls back.
        if (isUniqueViolation(error)) throw AppError.conflict(CARE_REQUEST_MESSAGES.alreadyResponded);
        throw error;
      }
    },

    /** GET /api/settings/request-alerts: whether the carer is emailed about new requests. */
    async alerts(user: UserRow): Promise<{ on: boolean }> {
      const on = await repository.alertsOn(user.id);
      if (on === undefined) throw AppError.notFound(CARE_REQUEST_MESSAGES.needsProfile);
      return { on };
    },

    async setAlerts(user: UserRow, on: boolean): Promise<{ on: boolean }> {
      if (!(await repository.setAlerts(user.id, on)))
        throw AppError.notFound(CARE_REQUEST_MESSAGES.needsProfile);
      return { on };
    },

    /**
     * Housekeeping, hourly: emails each carer the care requests posted lately that fit
     * them and that they have not been told of, in one email, at most once a day. The marks and
     * the emails are written in one transaction; instances racing mark each carer once.
     */
    async sendRequestAlerts(at: Date = now()): Promise<number> {
      const dayAgo = new Date(at.getTime() - DAY_MS);
      // Requests of the last two days: a carer waits at most a day between emails, so nothing
      // posted meanwhile is older than that when their next email is due.
      const due = await repository.alertsDue(new Date(at.getTime() - 2 * DAY_MS), dayAgo, at);
      const byCarer = new Map<string, typeof due>();
      for (const row of due) byCarer.set(row.carerId, [...(byCarer.get(row.carerId) ?? []), row]);
      if (byCarer.size === 0) return 0;
      let pushed = 0;
      const sent = await db.transaction(async (tx) => {
        const inTx = createCareRequestsRepository(tx);
        const claimed = await inTx.claimAlerts([...byCarer.keys()], dayAgo, at);
        for (const carerId of claimed) {
          const rows = byCarer.get(carerId)!;
          pushed += await enqueuePush(tx, [rows[0]!.userId], {
            kind: 'care_requests',
            body: PUSH_TEXTS.care_requests,
            url: paths.carerDashboard,
            tag: 'care-requests',
          });
          await enqueueEmail(
            tx,
            careRequestAlertEmail(
              rows[0]!.email,
              rows[0]!.firstName,
              rows.map((row) => ({
                careType: row.careType,
                postcodeDistrict: row.postcodeDistrict,
                miles: miles(row.distanceMetres),
                startDate: row.startDate,
              })),
              `${publicUrl}${paths.carerDashboard}`,
              `${publicUrl}${paths.settings}`,
            ),
          );
        }
        return claimed.length;
      });
      if (sent > 0) mailer.dispatchSoon();
      if (pushed > 0) push.dispatchSoon();
      return sent;
    },

    /**
     * Housekeeping, at start and hourly: puts every request at its district's centre where it is
     * not there already (requests kept before decision 0032, or a centre that moved). Returns how
     * many moved.
     */
    async placeAtDistrictCentres(): Promise<number> {
      return repository.placeAtDistrictCentres(
        await districtCentresOf(geocoder, await repository.districts()),
      );
    },

    /**
     * Housekeeping: tells families the day before an open request closes itself, and closes those
     * past their time. The marks and the emails are written in one transaction.
     */
    async closeDueRequests(at: Date = now()): Promise<{ noticed: number; expired: number }> {
      const result = await db.transaction(async (tx) => {
        const inTx = createCareRequestsRepository(tx);
        const closing = await inTx.claimClosingNotices(new Date(at.getTime() + DAY_MS), at);
        for (const request of closing) {
          await enqueueEmail(
            tx,
            careRequestClosingEmail(
              request.email,
              request.firstName,
              request.careType,
              `${publicUrl}${paths.careRequests}`,
            ),
          );
        }
        return { noticed: closing.length, expired: await inTx.expireDue(at) };
      });
      if (result.noticed > 0) mailer.dispatchSoon();
      return result;
    },
  };
}
export type CareRequestsService = ReturnType<typeof createCareRequestsService>;
