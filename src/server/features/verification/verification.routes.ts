import type { FastifyInstance } from 'fastify';
import { CARER_MESSAGES } from '@contracts/carers';
import { sendPagingHeaders } from '../../platform/admin-paging';
import { requireRole, requireUser, onlyRoles } from '../../platform/sessions/session.plugin';
import { readVerificationUpload } from './documents';
import type { VerificationService } from './verification.service';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';

export function registerVerificationRoutes(app: FastifyInstance, verification: VerificationService) {
  defineRoute(
    app,
    endpoints.verification.postCarersMyProfileVerification,
    {
      config: { ...onlyRoles(['carer'], CARER_MESSAGES.onlyCarers), creates: true },
      schema: {
        tags: ['verification'],
        summary:
          'Submit your checks (multipart: the VerificationInput fields, references as JSON; files dbsCertificate, rightToWorkDocument for a passport, photoId: PDF, JPEG, PNG or WebP, at most 10 MB each)',
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
    app,
    endpoints.verification.getCarersMyProfileVerification,
    {
      config: onlyRoles(['carer'], CARER_MESSAGES.onlyCarers),
      schema: { tags: ['verification'], summary: 'Your latest checks submission and its state' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return verification.mine(requireUser(request));
    },
  );

  defineRoute(
    app,
    endpoints.verification.getAdminVerifications,
    {
      schema: {
        tags: ['admin'],
        summary:
          'The verification queue (pending oldest first; the others newest first), a page at a time; `q` searches the carer’s name and email',
        description:
          'The body is the page’s array. X-Total-Count: every match; X-Next-Cursor and Link rel="next" while more follow.',
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
    app,
    endpoints.verification.getAdminVerificationsById,
    {
      schema: { tags: ['admin'], summary: 'One verification submission' },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      reply.header('cache-control', 'no-store');
      return verification.get(request.params.id);
    },
  );

  defineRoute(
    app,
    endpoints.verification.postAdminVerificationsByIdApprove,
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve a pending submission: the carer becomes Verified',
        description:
          'No body, or `{ reason }`. A submission with no documents needs a reason (400 `fieldErrors.reason`); a given reason is kept in the audit log.',
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
    app,
    endpoints.verification.postAdminVerificationsByIdReject,
    {
      schema: { tags: ['admin'], summary: 'Reject a pending submission with a reason the carer sees' },
    },
    async (request) =>
      verification.reject(
        request.params.id,
        { user: requireRole(request, 'admin'), ipAddress: request.ip },
        request.body.reason,
      ),
  );

  defineRoute(
    app,
    endpoints.verification.getAdminVerificationDocumentsById,
    {
      schema: {
        tags: ['admin'],
        summary: 'Download a verification document (admins only, always as an attachment)',
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
