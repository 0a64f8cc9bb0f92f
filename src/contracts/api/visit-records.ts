import { Arrangement } from '../arrangements';
import {
  CareDetails,
  CheckInInput,
  CheckOutInput,
  HistoryQuery,
  NoteReplyInput,
  RecordAfterwardsInput,
  VisitHistory,
  VisitRecord,
} from '../visit-records';
import { endpoint, IdParams } from './endpoint';

// Visits that happened (decision 0024, "What we record"): check-in and check-out, a visit recorded
// afterwards, the note and the family's replies, the history; and the family's care details.
export const visitRecordsEndpoints = {
  // 403: not the visit's carer; 409: outside the check-in window, already in, or cancelled.
  postVisitsByIdCheckIn: endpoint({
    method: 'POST',
    path: '/api/visits/:id/check-in',
    params: IdParams,
    body: CheckInInput,
    responses: { 200: VisitRecord },
    errors: [400, 401, 403, 404, 409],
  }),
  postVisitsByIdCheckOut: endpoint({
    method: 'POST',
    path: '/api/visits/:id/check-out',
    params: IdParams,
    body: CheckOutInput,
    responses: { 200: VisitRecord },
    errors: [400, 401, 403, 404, 409],
  }),
  postVisitsByIdRecord: endpoint({
    method: 'POST',
    path: '/api/visits/:id/record',
    params: IdParams,
    body: RecordAfterwardsInput,
    responses: { 200: VisitRecord },
    errors: [400, 401, 403, 404, 409],
  }),
  postVisitsByIdNoteReplies: endpoint({
    method: 'POST',
    path: '/api/visits/:id/note/replies',
    params: IdParams,
    body: NoteReplyInput,
    responses: { 201: VisitRecord },
    errors: [400, 401, 403, 404, 409],
  }),
  getBookingsByIdHistory: endpoint({
    method: 'GET',
    path: '/api/bookings/:id/history',
    params: IdParams,
    query: HistoryQuery,
    responses: { 200: VisitHistory },
    errors: [400, 401, 404],
  }),
  putBookingsByIdCareDetails: endpoint({
    method: 'PUT',
    path: '/api/bookings/:id/care-details',
    params: IdParams,
    body: CareDetails,
    responses: { 200: Arrangement },
    errors: [400, 401, 403, 404],
  }),
};
