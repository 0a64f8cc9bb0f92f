import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VerificationQueueQuery } from '@contracts/verification-queue';
import { CARER_MESSAGES } from '@contracts/carers';
import { ErrorBody } from '@contracts/errors';
import {
  AdminVerification,
  ApproveVerificationInput,
  OwnVerification,
  RejectVerificationInput,
} from '@contracts/verification';
import { sendPagingHeaders } from '../../platform/admin-paging';
import { requireRole, requireUser, onlyRoles } from '../../platform/sessions/session.plugin';
import { readVerificationUpload } from './documents';
import type { VerificationService } from './verification.service';
import { endpoints } from '@contracts/endpoints';
import { defineRoute } from '../../platform/define-route';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const IdParams = z.object({ id: z.string().max(64) });
export function registerVerificationRoutes(app: FastifyInstance, verification: VerificationService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  defineRoute(
    api,
    endpoints.verification.postCarersMyProfileVerification,
    {
      config: { ...onlyRoles(['carer'], CARER_MESSAGES.onlyCarers), creates: true },
      schema: {
        tags: ['verification'],
        summary:
          'Submit your checks (multipart: the VerificationInput fields, references as JSON; files dbsCertificate, rightToWorkDocument for a passport, photoId: PDF, JPEG, PNG or WebP, at most 10 MB each)',
        consumes: ['multipart/form-data'],
        response: { 201: OwnVerification, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // Who may submit is settled before a byte of the documents is read.
      await verification.assertCanSubmit(user);
      const upload = await readVerificationUpload(request);
      return reply.status(201).send(await verification.submit(user, upload));
    },
  );

  defineRoute(
    api,
    endpoints.verification.getCarersMyProfileVerification,
    {
      config: onlyRoles(['carer'], CARER_MESSAGES.onlyCarers),
      schema: {
        tags: ['verification'],
        summary: 'Your latest checks submission and its state',
        response: { 200: OwnVerification, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return verification.mine(requireUser(request));
    },
  );

  defineRoute(
    api,
    endpoints.verification.getAdminVerifications,
    {
      schema: {
        tags: ['admin'],
        summary:
          'The verification queue (pending oldest first; the others newest first), a page at a time; `q` searches the carer’s name and email',
        description:
          'The body is the page’s array. X-Total-Count: every match; X-Next-Cursor and Link rel="next" while more follow.',
        querystring: VerificationQueueQuery,
        response: { 200: z.array(AdminVerification), ...errors },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      reply.header('cache-control', 'no-store');
      const page = await verification.list(request.query);
      sendPagingHeaders(request, reply, request.query, page);
      return page.rows;
    },
  );

  defineRoute(
    api,
    endpoints.verification.getAdminVerificationsById,
    {
      schema: {
        tags: ['admin'],
        summary: 'One verification submission',
        params: IdParams,
        response: { 200: AdminVerification, ...errors },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      reply.header('cache-control', 'no-store');
      return verification.get(request.params.id);
    },
  );

  defineRoute(
    api,
    endpoints.verification.postAdminVerificationsByIdApprove,
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve a pending submission: the carer becomes Verified',
        description:
          'No body, or `{ reason }`. A submission with no documents needs a reason (400 `fieldErrors.reason`); a given reason is kept in the audit log.',
        params: IdParams,
        body: ApproveVerificationInput,
        response: { 200: AdminVerification, ...errors },
      },
    },
    async (request) =>
      verification.approve(
        request.params.id,
        { user: requireRole(request, 'admin'), ipAddress: request.ip },
        request.body.reason,
      ),
  );

  defineRoute(
    api,
    endpoints.verification.postAdminVerificationsByIdReject,
    {
      schema: {
        tags: ['admin'],
        summary: 'Reject a pending submission with a reason the carer sees',
        params: IdParams,
        body: RejectVerificationInput,
        response: { 200: AdminVerification, ...errors },
      },
    },
    async (request) =>
      verification.reject(
        request.params.id,
        { user: requireRole(request, 'admin'), ipAddress: request.ip },
        request.body.reason,
      ),
  );

  defineRoute(
    api,
    endpoints.verification.getAdminVerificationDocumentsById,
    {
      schema: {
        tags: ['admin'],
        summary: 'Download a verification document (admins only, always as an attachment)',
        params: IdParams,
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      const file = await verification.document(request.params.id);
      return reply
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .type(file.contentType)
        .send(file.body);
    },
  );
}
