import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CARER_MESSAGES,
  CarerProfileInput,
  CarerReview,
  CarerSearchQuery,
  CarerSearchResult,
  OwnCarerProfile,
  PublicCarer,
} from '@contracts/carers';
import { ErrorBody } from '@contracts/errors';
import { AppError } from '../../platform/errors';
import { requireRole, requireUser } from '../../platform/sessions/session.plugin';
import { toOwnCarerProfile, toPublicCarer } from './carer-mapper';
import type { CarersService } from './carers.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const IdParams = z.object({ id: z.string().max(64) });

/** Reads the one `photo` file of a multipart request, mapping the plugin's errors to clear 400s. */
async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  const missing = () =>
    AppError.badRequest(CARER_MESSAGES.photoMissing, { photo: CARER_MESSAGES.photoMissing });
  let file;
  try {
    file = await request.file();
  } catch {
    throw missing(); // not multipart at all
  }
  if (!file || file.fieldname !== 'photo') throw missing();
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw AppError.badRequest(CARER_MESSAGES.photoTooLarge, { photo: CARER_MESSAGES.photoTooLarge });
    }
    throw error;
  }
}

export function registerCarersRoutes(app: FastifyInstance, carers: CarersService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/carers',
    {
      schema: {
        tags: ['carers'],
        summary: 'Search listed carers (public fields only)',
        querystring: CarerSearchQuery,
        response: { 200: CarerSearchResult, 400: ErrorBody },
      },
    },
    async (request) => {
      const { rows, nextCursor } = await carers.search(request.query);
      return { items: rows.map(toPublicCarer), nextCursor };
    },
  );

  api.post(
    '/api/carers',
    {
      schema: {
        tags: ['carers'],
        summary: 'Create your carer profile (carer accounts)',
        body: CarerProfileInput,
        response: { 201: OwnCarerProfile, ...errors },
      },
    },
    async (request, reply) => {
      const profile = await carers.create(requireUser(request), request.body);
      return reply.status(201).send(toOwnCarerProfile(profile));
    },
  );

  api.get(
    '/api/carers/my-profile',
    {
      schema: {
        tags: ['carers'],
        summary: 'Your own carer profile',
        response: { 200: OwnCarerProfile, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return toOwnCarerProfile(await carers.myProfile(requireUser(request)));
    },
  );

  api.get(
    '/api/carers/:id',
    {
      schema: {
        tags: ['carers'],
        summary: 'One listed carer (public fields only)',
        params: IdParams,
        response: { 200: PublicCarer, 404: ErrorBody },
      },
    },
    async (request) => toPublicCarer(await carers.get(request.params.id, request.user)),
  );

  api.put(
    '/api/carers/:id',
    {
      schema: {
        tags: ['carers'],
        summary: 'Update your carer profile',
        params: IdParams,
        body: CarerProfileInput,
        response: { 200: OwnCarerProfile, ...errors },
      },
    },
    async (request) =>
      toOwnCarerProfile(await carers.update(request.params.id, requireRole(request, 'carer'), request.body)),
  );

  api.post(
    '/api/carers/:id/photo',
    {
      schema: {
        tags: ['carers'],
        summary: 'Upload your profile photo (multipart field "photo": JPEG, PNG or WebP, at most 5 MB)',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: OwnCarerProfile, ...errors },
      },
    },
    async (request) => {
      const user = requireRole(request, 'carer');
      const upload = await readPhoto(request);
      return toOwnCarerProfile(await carers.replacePhoto(request.params.id, user, upload));
    },
  );

  api.get(
    '/api/carers/:id/reviews',
    {
      schema: {
        tags: ['carers'],
        summary: "A carer's reviews, newest first",
        params: IdParams,
        response: { 200: z.array(CarerReview), 404: ErrorBody },
      },
    },
    async (request) => carers.reviews(request.params.id, request.user),
  );
}
