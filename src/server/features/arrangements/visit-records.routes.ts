import type { FastifyInstance } from 'fastify';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';
import { requireUser, SIGNED_IN } from '../../platform/sessions/session.plugin';
import type { VisitRecordsService } from './visit-records.service';

/**
 * Visits that happened (decision 0024, "What we record"): only the arrangement's two people and the
 * family's circle reach them (404 to anyone else); the carer records, the family side replies, and
 * the holder or a "can arrange" member sets the care details (decision 0036).
 */
export function registerVisitRecordsRoutes(app: FastifyInstance, records: VisitRecordsService) {
  const tags = ['arrangements'];

  defineRoute(
    app,
    endpoints.visitRecords.postVisitsByIdCheckIn,
    {
      // A step made offline is sent again until it is answered: its key makes a repeat the same step.
      config: { ...SIGNED_IN, keepsAccount: true, creates: true },
      schema: {
        tags,
        summary: 'Check in to a visit: the time only, never a place (the carer, around the visit)',
      },
    },
    async (request) => records.checkIn(requireUser(request), request.params.id, request.body),
  );

  defineRoute(
    app,
    endpoints.visitRecords.postVisitsByIdCheckOut,
    {
      config: { ...SIGNED_IN, keepsAccount: true, creates: true },
      schema: {
        tags,
        summary:
          'Check out of a visit, with a note and the ticks the family set (the carer, after checking in)',
      },
    },
    async (request) => records.checkOut(requireUser(request), request.params.id, request.body),
  );

  defineRoute(
    app,
    endpoints.visitRecords.postVisitsByIdRecord,
    {
      config: { ...SIGNED_IN, keepsAccount: true },
      schema: {
        tags,
        summary: 'Record a visit afterwards with the real times and a reason (the carer; the family sees it)',
      },
    },
    async (request) => records.recordAfterwards(requireUser(request), request.params.id, request.body),
  );

  defineRoute(
    app,
    endpoints.visitRecords.postVisitsByIdNoteReplies,
    {
      config: { ...SIGNED_IN, keepsAccount: true, creates: true },
      schema: { tags, summary: "Reply to the carer's note about a visit (the family)" },
    },
    async (request, reply) =>
      reply.status(201).send(await records.reply(requireUser(request), request.params.id, request.body)),
  );

  defineRoute(
    app,
    endpoints.visitRecords.getBookingsByIdHistory,
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary: "An arrangement's past visits with their times, notes and replies, newest first",
      },
    },
    async (request) => records.history(requireUser(request), request.params.id, request.query),
  );

  defineRoute(
    app,
    endpoints.visitRecords.putBookingsByIdCareDetails,
    {
      config: { ...SIGNED_IN, keepsAccount: true },
      schema: {
        tags,
        summary: 'Set who the care is for, the notes the carer needs and the visit-note ticks (the family)',
      },
    },
    async (request) => records.setCareDetails(requireUser(request), request.params.id, request.body),
  );
}
