import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CARER_MESSAGES } from '@contracts/carers';
import { DEMO_TILE_URL } from '@contracts/carers-map';
import type { CheckSummary } from '@contracts/verification-compliance';
import type { CarerChecks } from '@contracts/verification';
import { readPhotoUpload } from '../../platform/images';
import { createCarerCards } from './carer-cards';
import { requireRole, requireUser, SIGNED_IN, onlyRoles } from '../../platform/sessions/session.plugin';
import { toOwnCarerProfile, toPublicCarer } from './carer-mapper';
import type { CarersService } from './carers.service';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';

/**
 * The checks behind a Verified badge: the dated facts for those allowed to see them,
 * null for others; the summary of dates for everyone while the carer is Verified.
 */
export type CarerChecksLookup = (
  profile: { id: string; userId: string | null; isVerified: boolean },
  viewer: FastifyRequest['user'],
) => Promise<{ checks: CarerChecks | null; checkSummary: CheckSummary | null }>;

export function registerCarersRoutes(
  app: FastifyInstance,
  carers: CarersService,
  checksFor: CarerChecksLookup = async () => ({ checks: null, checkSummary: null }),
  cards = createCarerCards(),
  mapTileUrl = DEMO_TILE_URL,
) {
  // Search answers are kept and shared (SEARCH_CACHE_SECONDS): each is serialised once, of
  // cards each serialised once per row the in-memory search hands out (carer-cards.ts).
  const searchBodies = new WeakMap<object, Buffer>();

  defineRoute(
    app,
    endpoints.carers.get,
    {
      config: { anonymous: true },
      schema: { tags: ['carers'], summary: 'Search listed carers (public fields only)' },
    },
    async (request, reply) => {
      const answer = await carers.search(request.query);
      let body = searchBodies.get(answer);
      if (body === undefined) searchBodies.set(answer, (body = cards.searchBody(answer)));
      // Bytes with a JSON type are sent as they are; the route's schema serialiser is for objects.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
    },
  );

  defineRoute(
    app,
    endpoints.carers.getMap,
    {
      config: { anonymous: true },
      schema: {
        tags: ['carers'],
        summary:
          "The map of search results: the tile address and the centres of the carers' postcode districts",
      },
    },
    async (request) => ({
      tiles: { url: mapTileUrl },
      districts: await carers.districtPoints(request.query.districts),
    }),
  );

  defineRoute(
    app,
    endpoints.carers.getMatching,
    {
      config: { anonymous: true },
      schema: {
        tags: ['carers'],
        summary: 'How many listed carers match a place and a week (a count, no names)',
      },
    },
    async (request) => carers.countMatching(request.query),
  );

  defineRoute(
    app,
    endpoints.carers.post,
    {
      config: { ...onlyRoles(['carer'], CARER_MESSAGES.onlyCarers), creates: true },
      schema: { tags: ['carers'], summary: 'Create your carer profile (carer accounts)' },
    },
    async (request, reply) => {
      const profile = await carers.create(requireUser(request), request.body);
      return reply.status(201).send(toOwnCarerProfile(profile));
    },
  );

  defineRoute(
    app,
    endpoints.carers.getMyProfile,
    {
      config: SIGNED_IN,
      schema: { tags: ['carers'], summary: 'Your own carer profile' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const profile = await carers.myProfile(requireUser(request));
      return { ...toOwnCarerProfile(profile), ...(await checksFor(profile, request.user)) };
    },
  );

  // The web app's form of the call above. No profile yet is an ordinary state
  // of a new carer, so it is answered 200 with null rather than 404.
  defineRoute(
    app,
    endpoints.carers.getCarerProfile,
    {
      config: SIGNED_IN,
      schema: { tags: ['carers'], summary: 'Your own carer profile, or null while you have none' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const profile = await carers.findMyProfile(requireUser(request));
      if (!profile) return { profile: null };
      return {
        profile: { ...toOwnCarerProfile(profile), ...(await checksFor(profile, request.user)) },
      };
    },
  );

  defineRoute(
    app,
    endpoints.carers.getById,
    {
      schema: { tags: ['carers'], summary: 'One listed carer (public fields only)' },
    },
    async (request, reply) => {
      const profile = await carers.get(request.params.id, request.user);
      const checks = await checksFor(profile, request.user);
      // The checks differ by viewer: no shared cache may keep one person's answer for another.
      if (request.user) reply.header('cache-control', 'private, no-store');
      return { ...toPublicCarer(profile), ...checks };
    },
  );

  defineRoute(
    app,
    endpoints.carers.putById,
    {
      config: onlyRoles(['carer']),
      schema: { tags: ['carers'], summary: 'Update your carer profile' },
    },
    async (request) =>
      toOwnCarerProfile(await carers.update(request.params.id, requireRole(request, 'carer'), request.body)),
  );

  defineRoute(
    app,
    endpoints.carers.postByIdPhoto,
    {
      config: onlyRoles(['carer']),
      schema: {
        tags: ['carers'],
        summary: 'Upload your profile photo (multipart field "photo": JPEG, PNG or WebP, at most 5 MB)',
      },
    },
    async (request) => {
      const user = requireRole(request, 'carer');
      const upload = await readPhotoUpload(request);
      return toOwnCarerProfile(await carers.replacePhoto(request.params.id, user, upload));
    },
  );

  defineRoute(
    app,
    endpoints.carers.getByIdReviews,
    {
      schema: { tags: ['carers'], summary: "A carer's reviews, newest first" },
    },
    async (request) => carers.reviews(request.params.id, request.user),
  );
}
