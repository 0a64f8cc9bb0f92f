import type { FastifyInstance } from 'fastify';
import { ARRANGEMENT_MESSAGES } from '@contracts/arrangements';
import { AppError } from '../../platform/errors';
import { onlyRoles, requireUser, SIGNED_IN } from '../../platform/sessions/session.plugin';
import type { ArrangementsService } from './arrangements.service';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';

/**
 * Care arrangements (decision 0024): the API keeps the path /api/bookings; visits; the calendar feed.
 * Only the two people in an arrangement see it (to anyone else it does not exist: 404).
 */
export function registerArrangementsRoutes(app: FastifyInstance, arrangements: ArrangementsService) {
  const tags = ['arrangements'];

  defineRoute(
    app,
    endpoints.arrangements.postBookings,
    {
      config: { ...onlyRoles(['customer'], ARRANGEMENT_MESSAGES.onlyCustomersPropose), creates: true },
      schema: {
        tags,
        summary: 'Propose a care arrangement from your conversation with a carer (families with a plan)',
      },
    },
    async (request, reply) =>
      reply.status(201).send(await arrangements.propose(requireUser(request), request.body)),
  );

  defineRoute(
    app,
    endpoints.arrangements.getBookings,
    {
      config: SIGNED_IN,
      schema: { tags, summary: 'Your care arrangements' },
    },
    async (request) => ({ items: await arrangements.list(requireUser(request)) }),
  );

  defineRoute(
    app,
    endpoints.arrangements.getBookingsById,
    {
      config: SIGNED_IN,
      schema: { tags, summary: 'One of your care arrangements' },
    },
    async (request) => arrangements.get(requireUser(request), request.params.id),
  );

  defineRoute(
    app,
    endpoints.arrangements.postBookingsByIdAccept,
    {
      config: SIGNED_IN,
      schema: { tags, summary: 'Accept the proposal on the table' },
    },
    async (request) => arrangements.accept(requireUser(request), request.params.id),
  );

  defineRoute(
    app,
    endpoints.arrangements.postBookingsByIdDecline,
    {
      config: SIGNED_IN,
      schema: { tags, summary: 'Decline the proposal, with a reason' },
    },
    async (request) => arrangements.decline(requireUser(request), request.params.id, request.body.reason),
  );

  defineRoute(
    app,
    endpoints.arrangements.postBookingsByIdPropose,
    {
      config: { ...SIGNED_IN, creates: true },
      schema: { tags, summary: 'Propose changes to the proposal on the table' },
    },
    async (request) => arrangements.proposeChanges(requireUser(request), request.params.id, request.body),
  );

  defineRoute(
    app,
    endpoints.arrangements.postBookingsByIdEnd,
    {
      config: SIGNED_IN,
      schema: { tags, summary: 'End an accepted arrangement after a date' },
    },
    async (request) => arrangements.end(requireUser(request), request.params.id, request.body.endDate),
  );

  defineRoute(
    app,
    endpoints.arrangements.getAdminUsersByIdArrangements,
    {
      schema: { tags: ['admin'], summary: "An account's care arrangements (admins; each look is audited)" },
    },
    async (request) => ({
      items: await arrangements.adminList(requireUser(request), request.params.id, request.ip),
    }),
  );

  defineRoute(
    app,
    endpoints.arrangements.getVisits,
    {
      config: SIGNED_IN,
      schema: { tags, summary: 'Your visits (agenda): from a time, for some days' },
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
    app,
    endpoints.arrangements.postVisitsByIdNotice,
    {
      config: { ...SIGNED_IN, creates: true },
      schema: {
        tags,
        summary:
          'Tell the family you are running late (from 2 hours before the visit until it ends) or cannot make it (before it starts) (carers)',
      },
    },
    async (request) => {
      await arrangements.notice(requireUser(request), request.params.id, request.body);
      return { done: true as const };
    },
  );

  defineRoute(
    app,
    endpoints.arrangements.deleteVisitsByIdNotice,
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary:
          'Undo the notice you just sent about a visit; the family is told (carers, for a few minutes)',
      },
    },
    async (request) => {
      await arrangements.undoNotice(requireUser(request), request.params.id);
      return { done: true as const };
    },
  );

  defineRoute(
    app,
    endpoints.arrangements.postVisitsByIdCancel,
    {
      config: SIGNED_IN,
      schema: { tags, summary: 'Cancel one visit to come (either side)' },
    },
    async (request) => {
      await arrangements.cancelVisit(requireUser(request), request.params.id);
      return { done: true as const };
    },
  );

  defineRoute(
    app,
    endpoints.arrangements.getSettingsCalendarFeed,
    {
      config: SIGNED_IN,
      schema: { tags, summary: 'Whether your private calendar feed is on' },
    },
    async (request) => arrangements.calendarFeed(requireUser(request)),
  );
  defineRoute(
    app,
    endpoints.arrangements.postSettingsCalendarFeed,
    {
      config: SIGNED_IN,
      schema: { tags, summary: 'Make a new private calendar address (the old one stops working)' },
    },
    async (request) => arrangements.newCalendarFeed(requireUser(request)),
  );
  defineRoute(
    app,
    endpoints.arrangements.deleteSettingsCalendarFeed,
    {
      config: SIGNED_IN,
      schema: { tags, summary: 'Turn your calendar feed off' },
    },
    async (request) => arrangements.revokeCalendarFeed(requireUser(request)),
  );

  // The feed's address is its own key (calendar apps send no cookies): 404 for any other.
  defineRoute(
    app,
    endpoints.arrangements.getCalendarByFile,
    {
      config: { anonymous: true },
      schema: { tags, summary: 'Your visits as an iCalendar feed (the private address from Settings)' },
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
