import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CARER_MESSAGES } from '@contracts/carers';
import {
  AdminInsurance,
  AdminInsuranceQuery,
  DbsStatusCheck,
  DbsStatusCheckInput,
  DueItem,
  OwnCompliance,
  OwnInsurance,
  RejectInsuranceInput,
} from '@contracts/verification-compliance';
import { ErrorBody } from '@contracts/errors';
import { onlyRoles, requireRole, requireUser } from '../../platform/sessions/session.plugin';
import type { ComplianceService } from './compliance.service';
import { readInsuranceUpload } from './documents';
import { endpoints } from '@contracts/endpoints';
import { defineRoute } from '../../platform/define-route';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const IdParams = z.object({ id: z.string().max(64) });

/** Insurance, the carer's compliance record, the admins' due queue and status checks (decision 0028). */
export function registerComplianceRoutes(app: FastifyInstance, compliance: ComplianceService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  defineRoute(
    api,
    endpoints.verification.postCarersMyProfileInsurance,
    {
      config: { ...onlyRoles(['carer'], CARER_MESSAGES.onlyCarers), creates: true },
      schema: {
        tags: ['verification'],
        summary:
          'Add insurance for review (multipart: kind, insurer, policyNumber, coverPounds, expiresOn; file `document`: PDF, JPEG, PNG or WebP, at most 10 MB)',
        consumes: ['multipart/form-data'],
        response: { 201: OwnInsurance, ...errors },
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
    api,
    endpoints.verification.getCarersMyProfileCompliance,
    {
      config: onlyRoles(['carer'], CARER_MESSAGES.onlyCarers),
      schema: {
        tags: ['verification'],
        summary: 'Why your profile is out of search (if it is), what falls due, and your insurance',
        response: { 200: OwnCompliance, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return compliance.mine(requireUser(request));
    },
  );

  defineRoute(
    api,
    endpoints.verification.getAdminInsurance,
    {
      schema: {
        tags: ['admin'],
        summary: 'Insurance to review (pending oldest first; the others newest first)',
        querystring: AdminInsuranceQuery,
        response: { 200: z.array(AdminInsurance), ...errors },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      reply.header('cache-control', 'no-store');
      return compliance.listInsurance(request.query.status);
    },
  );

  defineRoute(
    api,
    endpoints.verification.postAdminInsuranceByIdApprove,
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve pending insurance: the profile shows "Insured until …"',
        params: IdParams,
        response: { 200: AdminInsurance, ...errors },
      },
    },
    async (request) =>
      compliance.approveInsurance(request.params.id, {
        user: requireRole(request, 'admin'),
        ipAddress: request.ip,
      }),
  );

  defineRoute(
    api,
    endpoints.verification.postAdminInsuranceByIdReject,
    {
      schema: {
        tags: ['admin'],
        summary: 'Reject pending insurance with a reason the carer sees',
        params: IdParams,
        body: RejectInsuranceInput,
        response: { 200: AdminInsurance, ...errors },
      },
    },
    async (request) =>
      compliance.rejectInsurance(
        request.params.id,
        { user: requireRole(request, 'admin'), ipAddress: request.ip },
        request.body.reason,
      ),
  );

  defineRoute(
    api,
    endpoints.verification.getAdminComplianceDue,
    {
      schema: {
        tags: ['admin'],
        summary: 'Checks of Verified carers falling due in the next 30 days (and overdue), soonest first',
        response: { 200: z.array(DueItem), ...errors },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      reply.header('cache-control', 'no-store');
      return compliance.dueQueue();
    },
  );

  defineRoute(
    api,
    endpoints.verification.postAdminVerificationsByIdStatusChecks,
    {
      config: { creates: true },
      schema: {
        tags: ['admin'],
        summary:
          'Record a DBS Update Service status check on approved checks ("changed" lapses the DBS check)',
        params: IdParams,
        body: DbsStatusCheckInput,
        response: { 201: DbsStatusCheck, ...errors },
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
