import type { FastifyInstance } from 'fastify';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';
import { requireUser, SIGNED_IN } from '../../platform/sessions/session.plugin';
import type { CoverService } from './cover.service';

/**
 * No-show alerts and cover (decision 0037): the family's plan, alerts and offers (the holder and
 * the circle; the arrangement's carer 403), the carer's "Are you on your way?", the backups'
 * offers. Anyone else: 404.
 */
export function registerCoverRoutes(app: FastifyInstance, cover: CoverService) {
  const tags = ['arrangements'];

  defineRoute(
    app,
    endpoints.cover.getBookingsByIdCover,
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary: "An arrangement's cover plan: the no-show alert's minutes and the backup carers",
      },
    },
    async (request) => cover.plan(requireUser(request), request.params.id),
  );

  defineRoute(
    app,
    endpoints.cover.putBookingsByIdCover,
    {
      config: { ...SIGNED_IN, keepsAccount: true },
      schema: {
        tags,
        summary: 'Set the cover plan: up to three backups from your conversations, with the rates agreed',
      },
    },
    async (request) => cover.setPlan(requireUser(request), request.params.id, request.body),
  );

  defineRoute(
    app,
    endpoints.cover.getCoverAlerts,
    {
      config: SIGNED_IN,
      schema: { tags, summary: "The family's alerts: visits the carer has not checked in to, or can't make" },
    },
    async (request) => cover.alerts(requireUser(request)),
  );

  defineRoute(
    app,
    endpoints.cover.getCoverOnYourWay,
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary: '"Are you on your way?": the carer\'s visits not checked in to since the alert',
      },
    },
    async (request) => cover.onYourWay(requireUser(request)),
  );

  defineRoute(
    app,
    endpoints.cover.postVisitsByIdCoverOffer,
    {
      config: { ...SIGNED_IN, keepsAccount: true, creates: true },
      schema: {
        tags,
        summary: 'Offer a visit the carer cannot do to your backup carers (the family chooses)',
      },
    },
    async (request, reply) =>
      reply.status(201).send(await cover.offer(requireUser(request), request.params.id)),
  );

  defineRoute(
    app,
    endpoints.cover.getCoverOffers,
    {
      config: SIGNED_IN,
      schema: { tags, summary: 'Visits offered to you as a backup carer, and the ones you took' },
    },
    async (request) => cover.offers(requireUser(request)),
  );

  defineRoute(
    app,
    endpoints.cover.postCoverOffersByIdAccept,
    {
      config: { ...SIGNED_IN, keepsAccount: true },
      schema: { tags, summary: 'Accept a visit offered to you: the first backup to accept takes it' },
    },
    async (request) => cover.accept(requireUser(request), request.params.id),
  );
}
