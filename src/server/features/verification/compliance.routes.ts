import type { FastifyInstance } from 'fastify';
import { CARER_MESSAGES } from '@contracts/carers';
import { onlyRoles, requireRole, requireUser } from '../../platform/sessions/session.plugin';
import type { ComplianceService } from './compliance.service';
import { readInsuranceUpload } from './documents';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';

/** Insurance, the carer's compliance record, the admins' due queue and status checks (decision 0028). */
export function registerComplianceRoutes(app: FastifyInstance, compliance: ComplianceService) {
  defineRoute(
    app,
    endpoints.verification.postCarersMyProfileInsurance,
    {
      config: { ...onlyRoles(['carer'], CARER_MESSAGES.onlyCarers), creates: true },
      schema: {
        tags: ['verification'],
        summary:
          'Add insurance for review (multipart: kind, insurer, policyNumber, coverPounds, expiresOn; file `document`: PDF, JPEG, PNG or WebP, at most 10 MB)',
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await compliance.assertCanSubmit(user);
      const upload = await readInsuranceUpload(request);
      return reply.status(201).send(await compliance.submitInsurance(user, upload));
    },
  );

  defineRoute(
    app,
    endpoints.verification.getCarersMyProfileCompliance,
    {
      config: onlyRoles(['carer'], CARER_MESSAGES.onlyCarers),
      schema: {
        tags: ['verification'],
        summary: 'Why your profile is out of search (if it is), what falls due, and your insurance',
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return compliance.mine(requireUser(request));
    },
  );

  defineRoute(
    app,
    endpoints.verification.getAdminInsurance,
    {
      schema: {
        tags: ['admin'],
        summary: 'Insurance to review (pending oldest first; the others newest first)',
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      reply.header('cache-control', 'no-store');
      return compliance.listInsurance(request.query.status);
    },
  );

  defineRoute(
    app,
    endpoints.verification.postAdminInsuranceByIdApprove,
    {
      schema: { tags: ['admin'], summary: 'Approve pending insurance: the profile shows "Insured until …"' },
    },
    async (request) =>
      compliance.approveInsurance(request.params.id, {
        user: requireRole(request, 'admin'),
        ipAddress: request.ip,
      }),
  );

  defineRoute(
    app,
    endpoints.verification.postAdminInsuranceByIdReject,
    {
      schema: { tags: ['admin'], summary: 'Reject pending insurance with a reason the carer sees' },
    },
    async (request) =>
      compliance.rejectInsurance(
        request.params.id,
        { user: requireRole(request, 'admin'), ipAddress: request.ip },
        request.body.reason,
      ),
  );

  defineRoute(
    app,
    endpoints.verification.getAdminComplianceDue,
    {
      schema: {
        tags: ['admin'],
        summary: 'Checks of Verified carers falling due in the next 30 days (and overdue), soonest first',
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      reply.header('cache-control', 'no-store');
      return compliance.dueQueue();
    },
  );

  defineRoute(
    app,
    endpoints.verification.postAdminVerificationsByIdStatusChecks,
    {
      config: { creates: true },
      schema: {
        tags: ['admin'],
        summary:
          'Record a DBS Update Service status check on approved checks ("changed" lapses the DBS check)',
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await compliance.recordStatusCheck(
            request.params.id,
            { user: requireRole(request, 'admin'), ipAddress: request.ip },
            request.body,
          ),
        ),
  );
}
