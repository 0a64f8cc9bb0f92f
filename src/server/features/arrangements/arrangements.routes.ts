import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ARRANGEMENT_MESSAGES,
  Arrangement,
  ArrangementDecline,
  ArrangementEnd,
  ArrangementProposal,
  Arrangements,
  ArrangementTerms,
  CalendarFeed,
  VisitNoticeInput,
  Visits,
} from '@contracts/arrangements';
import { ErrorBody } from '@contracts/errors';
import { AppError } from '../../platform/errors';
import { onlyRoles, requireUser, SIGNED_IN } from '../../platform/sessions/session.plugin';
import type { ArrangementsService } from './arrangements.service';
import { endpoints } from '@contracts/endpoints';
import { defineRoute } from '../../platform/define-route';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
};
const IdParams = z.object({ id: z.string().max(64) });
const VisitsQuery = z.object({
  from: z.iso.datetime({ offset: true, error: 'from must be an ISO date and time' }).optional(),
  days: z.coerce.number().int().min(1).max(120).default(28),
});
const Done = z.object({ done: z.literal(true) });

/**
 * Care arrangements (decision 0024): the API keeps the path /api/bookings; visits; the calendar feed.
 * Only the two people in an arrangement see it (to anyone else it does not exist: 404).
 */
export function registerArrangementsRoutes(app: FastifyInstance, arrangements: ArrangementsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['arrangements'];

  defineRoute(
    api,
    endpoints.arrangements.postBookings,
    {
      config: { ...onlyRoles(['customer'], ARRANGEMENT_MESSAGES.onlyCustomersPropose), creates: true },
      schema: {
        tags,
        summary: 'Propose a care arrangement from your conversation with a carer (families with a plan)',
        body: ArrangementProposal,
        response: { 201: Arrangement, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await arrangements.propose(requireUser(request), request.body)),
  );

  defineRoute(
    api,
    endpoints.arrangements.getBookings,
    {
      config: SIGNED_IN,
      schema: { tags, summary: 'Your care arrangements', response: { 200: Arrangements, ...errors } },
    },
    async (request) => ({ items: await arrangements.list(requireUser(request)) }),
  );

  defineRoute(
    api,
    endpoints.arrangements.getBookingsById,
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary: 'One of your care arrangements',
        params: IdParams,
        response: { 200: Arrangement, ...errors },
      },
    },
    async (request) => arrangements.get(requireUser(request), request.params.id),
  );

  defineRoute(
    api,
    endpoints.arrangements.postBookingsByIdAccept,
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary: 'Accept the proposal on the table',
        params: IdParams,
        response: { 200: Arrangement, ...errors },
      },
    },
    async (request) => arrangements.accept(requireUser(request), request.params.id),
  );

  defineRoute(
    api,
    endpoints.arrangements.postBookingsByIdDecline,
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary: 'Decline the proposal, with a reason',
        params: IdParams,
        body: ArrangementDecline,
        response: { 200: Arrangement, ...errors },
      },
    },
    async (request) => arrangements.decline(requireUser(request), request.params.id, request.body.reason),
  );

  defineRoute(
    api,
    endpoints.arrangements.postBookingsByIdPropose,
    {
      config: { ...SIGNED_IN, creates: true },
      schema: {
        tags,
        summary: 'Propose changes to the proposal on the table',
        params: IdParams,
        body: ArrangementTerms,
        response: { 200: Arrangement, ...errors },
      },
    },
    async (request) => arrangements.proposeChanges(requireUser(request), request.params.id, request.body),
  );

  defineRoute(
    api,
    endpoints.arrangements.postBookingsByIdEnd,
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary: 'End an accepted arrangement after a date',
        params: IdParams,
        body: ArrangementEnd,
        response: { 200: Arrangement, ...errors },
      },
    },
    async (request) => arrangements.end(requireUser(request), request.params.id, request.body.endDate),
  );

  defineRoute(
    api,
    endpoints.arrangements.getAdminUsersByIdArrangements,
    {
      schema: {
        tags: ['admin'],
        summary: "An account's care arrangements (admins; each look is audited)",
        params: IdParams,
        response: { 200: Arrangements, ...errors },
      },
    },
    async (request) => ({
      items: await arrangements.adminList(requireUser(request), request.params.id, request.ip),
    }),
  );

  defineRoute(
    api,
    endpoints.arrangements.getVisits,
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary: 'Your visits (agenda): from a time, for some days',
        querystring: VisitsQuery,
        response: { 200: Visits, ...errors },
      },
    },
    async (request) => ({
      items: await arrangements.visits(
        requireUser(request),
        request.query.from ? new Date(request.query.from) : new Date(),
        request.query.days,
      ),
    }),
  );

  defineRoute(
    api,
    endpoints.arrangements.postVisitsByIdNotice,
    {
      config: { ...SIGNED_IN, creates: true },
      schema: {
        tags,
        summary:
          'Tell the family you are running late (from 2 hours before the visit until it ends) or cannot make it (before it starts) (carers)',
        params: IdParams,
        body: VisitNoticeInput,
        response: { 200: Done, ...errors },
      },
    },
    async (request) => {
      await arrangements.notice(requireUser(request), request.params.id, request.body);
      return { done: true as const };
    },
  );

  defineRoute(
    api,
    endpoints.arrangements.deleteVisitsByIdNotice,
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary:
          'Undo the notice you just sent about a visit; the family is told (carers, for a few minutes)',
        params: IdParams,
        response: { 200: Done, ...errors },
      },
    },
    async (request) => {
      await arrangements.undoNotice(requireUser(request), request.params.id);
      return { done: true as const };
    },
  );

  defineRoute(
    api,
    endpoints.arrangements.postVisitsByIdCancel,
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary: 'Cancel one visit to come (either side)',
        params: IdParams,
        response: { 200: Done, ...errors },
      },
    },
    async (request) => {
      await arrangements.cancelVisit(requireUser(request), request.params.id);
      return { done: true as const };
    },
  );

  defineRoute(
    api,
    endpoints.arrangements.getSettingsCalendarFeed,
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary: 'Whether your private calendar feed is on',
        response: { 200: CalendarFeed, ...errors },
      },
    },
    async (request) => arrangements.calendarFeed(requireUser(request)),
  );
  defineRoute(
    api,
    endpoints.arrangements.postSettingsCalendarFeed,
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary: 'Make a new private calendar address (the old one stops working)',
        response: { 200: CalendarFeed, ...errors },
      },
    },
    async (request) => arrangements.newCalendarFeed(requireUser(request)),
  );
  defineRoute(
    api,
    endpoints.arrangements.deleteSettingsCalendarFeed,
    {
      config: SIGNED_IN,
      schema: { tags, summary: 'Turn your calendar feed off', response: { 200: CalendarFeed, ...errors } },
    },
    async (request) => arrangements.revokeCalendarFeed(requireUser(request)),
  );

  // The feed's address is its own key (calendar apps send no cookies): 404 for any other.
  defineRoute(
    api,
    endpoints.arrangements.getCalendarByFile,
    {
      config: { anonymous: true },
      schema: {
        tags,
        summary: 'Your visits as an iCalendar feed (the private address from Settings)',
        params: z.object({ file: z.string().max(120) }),
      },
    },
    async (request, reply) => {
      const token = /^(.+)\.ics$/.exec(request.params.file)?.[1];
      const calendar = token ? await arrangements.calendarFor(token) : null;
      if (calendar === null) throw AppError.notFound();
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('referrer-policy', 'no-referrer')
        .send(calendar);
    },
  );
}
