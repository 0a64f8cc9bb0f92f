import { z } from 'zod';
import {
  AdminVerification,
  ApproveVerificationInput,
  OwnVerification,
  RejectVerificationInput,
} from '../verification';
import {
  AdminInsurance,
  AdminInsuranceQuery,
  DbsStatusCheck,
  DbsStatusCheckInput,
  DueItem,
  OwnCompliance,
  OwnInsurance,
  RejectInsuranceInput,
} from '../verification-compliance';
import { VerificationQueueQuery } from '../verification-queue';
import { endpoint, IdParams } from './endpoint';

const errors = [400, 401, 403, 404, 409] as const;

/** Carers' checks and their review; insurance, the compliance record and status checks (decision 0028). */
export const verificationEndpoints = {
  /** Multipart: the fields and the documents. */
  postCarersMyProfileVerification: endpoint({
    method: 'POST',
    path: '/api/carers/my-profile/verification',
    consumes: ['multipart/form-data'],
    responses: { 201: OwnVerification },
    errors,
  }),
  getCarersMyProfileVerification: endpoint({
    method: 'GET',
    path: '/api/carers/my-profile/verification',
    responses: { 200: OwnVerification },
    errors,
  }),
  /** A page of the queue: the body is the page's array, the paging in headers. */
  getAdminVerifications: endpoint({
    method: 'GET',
    path: '/api/admin/verifications',
    query: VerificationQueueQuery,
    responses: { 200: z.array(AdminVerification) },
    errors,
  }),
  getAdminVerificationsById: endpoint({
    method: 'GET',
    path: '/api/admin/verifications/:id',
    params: IdParams,
    responses: { 200: AdminVerification },
    errors,
  }),
  postAdminVerificationsByIdApprove: endpoint({
    method: 'POST',
    path: '/api/admin/verifications/:id/approve',
    params: IdParams,
    body: ApproveVerificationInput,
    responses: { 200: AdminVerification },
    errors,
  }),
  postAdminVerificationsByIdReject: endpoint({
    method: 'POST',
    path: '/api/admin/verifications/:id/reject',
    params: IdParams,
    body: RejectVerificationInput,
    responses: { 200: AdminVerification },
    errors,
  }),
  /** The document's own bytes, as an attachment. */
  getAdminVerificationDocumentsById: endpoint({
    method: 'GET',
    path: '/api/admin/verification-documents/:id',
    params: IdParams,
  }),
  /** Multipart: the fields and the file `document`. */
  postCarersMyProfileInsurance: endpoint({
    method: 'POST',
    path: '/api/carers/my-profile/insurance',
    consumes: ['multipart/form-data'],
    responses: { 201: OwnInsurance },
    errors,
  }),
  getCarersMyProfileCompliance: endpoint({
    method: 'GET',
    path: '/api/carers/my-profile/compliance',
    responses: { 200: OwnCompliance },
    errors,
  }),
  getAdminInsurance: endpoint({
    method: 'GET',
    path: '/api/admin/insurance',
    query: AdminInsuranceQuery,
    responses: { 200: z.array(AdminInsurance) },
    errors,
  }),
  postAdminInsuranceByIdApprove: endpoint({
    method: 'POST',
    path: '/api/admin/insurance/:id/approve',
    params: IdParams,
    responses: { 200: AdminInsurance },
    errors,
  }),
  postAdminInsuranceByIdReject: endpoint({
    method: 'POST',
    path: '/api/admin/insurance/:id/reject',
    params: IdParams,
    body: RejectInsuranceInput,
    responses: { 200: AdminInsurance },
    errors,
  }),
  getAdminComplianceDue: endpoint({
    method: 'GET',
    path: '/api/admin/compliance/due',
    responses: { 200: z.array(DueItem) },
    errors,
  }),
  postAdminVerificationsByIdStatusChecks: endpoint({
    method: 'POST',
    path: '/api/admin/verifications/:id/status-checks',
    params: IdParams,
    body: DbsStatusCheckInput,
    responses: { 201: DbsStatusCheck },
    errors,
  }),
};
