import { z } from 'zod';
import {
  Arrangement,
  ArrangementDecline,
  ArrangementEnd,
  ArrangementProposal,
  Arrangements,
  ArrangementTerms,
  CalendarFeed,
  VisitNoticeInput,
  Visits,
} from '../arrangements';
import { endpoint, IdParams } from './endpoint';

const errors = [400, 401, 403, 404, 409, 429] as const;
const VisitsQuery = z.object({
  from: z.iso.datetime({ offset: true, error: 'from must be an ISO date and time' }).optional(),
  days: z.coerce.number().int().min(1).max(120).default(28),
});
const Done = z.object({ done: z.literal(true) });

/** Care arrangements (decision 0024; the API keeps the path /api/bookings), visits, the calendar feed. */
export const arrangementsEndpoints = {
  postBookings: endpoint({
    method: 'POST',
    path: '/api/bookings',
    body: ArrangementProposal,
    responses: { 201: Arrangement },
    errors,
  }),
  getBookings: endpoint({ method: 'GET', path: '/api/bookings', responses: { 200: Arrangements }, errors }),
  getBookingsById: endpoint({
    method: 'GET',
    path: '/api/bookings/:id',
    params: IdParams,
    responses: { 200: Arrangement },
    errors,
  }),
  postBookingsByIdAccept: endpoint({
    method: 'POST',
    path: '/api/bookings/:id/accept',
    params: IdParams,
    responses: { 200: Arrangement },
    errors,
  }),
  postBookingsByIdDecline: endpoint({
    method: 'POST',
    path: '/api/bookings/:id/decline',
    params: IdParams,
    body: ArrangementDecline,
    responses: { 200: Arrangement },
    errors,
  }),
  postBookingsByIdPropose: endpoint({
    method: 'POST',
    path: '/api/bookings/:id/propose',
    params: IdParams,
    body: ArrangementTerms,
    responses: { 200: Arrangement },
    errors,
  }),
  postBookingsByIdEnd: endpoint({
    method: 'POST',
    path: '/api/bookings/:id/end',
    params: IdParams,
    body: ArrangementEnd,
    responses: { 200: Arrangement },
    errors,
  }),
  getAdminUsersByIdArrangements: endpoint({
    method: 'GET',
    path: '/api/admin/users/:id/arrangements',
    params: IdParams,
    responses: { 200: Arrangements },
    errors,
  }),
  getVisits: endpoint({
    method: 'GET',
    path: '/api/visits',
    query: VisitsQuery,
    responses: { 200: Visits },
    errors,
  }),
  postVisitsByIdNotice: endpoint({
    method: 'POST',
    path: '/api/visits/:id/notice',
    params: IdParams,
    body: VisitNoticeInput,
    responses: { 200: Done },
    errors,
  }),
  deleteVisitsByIdNotice: endpoint({
    method: 'DELETE',
    path: '/api/visits/:id/notice',
    params: IdParams,
    responses: { 200: Done },
    errors,
  }),
  postVisitsByIdCancel: endpoint({
    method: 'POST',
    path: '/api/visits/:id/cancel',
    params: IdParams,
    responses: { 200: Done },
    errors,
  }),
  getSettingsCalendarFeed: endpoint({
    method: 'GET',
    path: '/api/settings/calendar-feed',
    responses: { 200: CalendarFeed },
    errors,
  }),
  postSettingsCalendarFeed: endpoint({
    method: 'POST',
    path: '/api/settings/calendar-feed',
    responses: { 200: CalendarFeed },
    errors,
  }),
  deleteSettingsCalendarFeed: endpoint({
    method: 'DELETE',
    path: '/api/settings/calendar-feed',
    responses: { 200: CalendarFeed },
    errors,
  }),
  /** The private feed (iCalendar, not JSON): its address `<token>.ics` is its own key. */
  getCalendarByFile: endpoint({
    method: 'GET',
    path: '/api/calendar/:file',
    params: z.object({ file: z.string().max(120) }),
  }),
};
