import {
  CoverOffer,
  CoverOffers,
  CoverPlan,
  CoverPlanInput,
  FamilyAlert,
  FamilyAlerts,
  OnYourWayPrompts,
} from '../cover';
import { endpoint, IdParams } from './endpoint';

// No-show alerts and cover (decision 0037): the family's cover plan, its alerts and the offer of a
// visit to its backups; the carer's "Are you on your way?"; the backups' offers and acceptance.
export const coverEndpoints = {
  // 403: the arrangement's carer (the plan is the family's).
  getBookingsByIdCover: endpoint({
    method: 'GET',
    path: '/api/bookings/:id/cover',
    params: IdParams,
    responses: { 200: CoverPlan },
    errors: [401, 403, 404],
  }),
  // 403: the carer, or a "can see" member; 409: the arrangement is not accepted.
  putBookingsByIdCover: endpoint({
    method: 'PUT',
    path: '/api/bookings/:id/cover',
    params: IdParams,
    body: CoverPlanInput,
    responses: { 200: CoverPlan },
    errors: [400, 401, 403, 404, 409],
  }),
  getCoverAlerts: endpoint({
    method: 'GET',
    path: '/api/cover/alerts',
    responses: { 200: FamilyAlerts },
    errors: [401],
  }),
  getCoverOnYourWay: endpoint({
    method: 'GET',
    path: '/api/cover/on-your-way',
    responses: { 200: OnYourWayPrompts },
    errors: [401],
  }),
  // 403: not the family's to offer; 409: nothing to cover, over, already offered, no backups; 429.
  postVisitsByIdCoverOffer: endpoint({
    method: 'POST',
    path: '/api/visits/:id/cover-offer',
    params: IdParams,
    responses: { 201: FamilyAlert },
    errors: [401, 403, 404, 409, 429],
  }),
  getCoverOffers: endpoint({
    method: 'GET',
    path: '/api/cover/offers',
    responses: { 200: CoverOffers },
    errors: [401],
  }),
  // 409: another backup took it first (or the visit is over or cancelled).
  postCoverOffersByIdAccept: endpoint({
    method: 'POST',
    path: '/api/cover/offers/:id/accept',
    params: IdParams,
    responses: { 200: CoverOffer },
    errors: [401, 404, 409],
  }),
};
