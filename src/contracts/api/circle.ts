import {
  Circle,
  CircleAcceptInput,
  CircleInvitation,
  CircleInvitationInput,
  CircleInvitationPreview,
  CircleMember,
  CircleMembership,
  CircleMessageInput,
  CircleRoleInput,
  Done,
  NotificationSettingInput,
  NotificationSettings,
} from '../circle';
import { endpoint, IdParams } from './endpoint';

// The family circle (decision 0036).

export const circleEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/circle', responses: { 200: Circle }, errors: [401] }),
  // 409: the circle is full or the person is in it already; 429: the daily limit.
  postInvitations: endpoint({
    method: 'POST',
    path: '/api/circle/invitations',
    body: CircleInvitationInput,
    responses: { 201: CircleInvitation },
    errors: [400, 401, 403, 409, 429],
  }),
  deleteInvitationsById: endpoint({
    method: 'DELETE',
    path: '/api/circle/invitations/:id',
    params: IdParams,
    responses: { 200: Done },
    errors: [401, 403, 404],
  }),
  // The secret goes in the body, never in an address a log keeps.
  postInvitationsPreview: endpoint({
    method: 'POST',
    path: '/api/circle/invitations/preview',
    body: CircleAcceptInput,
    responses: { 200: CircleInvitationPreview },
    errors: [404],
  }),
  postInvitationsAccept: endpoint({
    method: 'POST',
    path: '/api/circle/invitations/accept',
    body: CircleAcceptInput,
    responses: { 200: CircleMembership },
    errors: [400, 401, 403, 404, 409],
  }),
  patchMembersById: endpoint({
    method: 'PATCH',
    path: '/api/circle/members/:id',
    params: IdParams,
    body: CircleRoleInput,
    responses: { 200: CircleMember },
    errors: [400, 401, 403, 404],
  }),
  deleteMembersById: endpoint({
    method: 'DELETE',
    path: '/api/circle/members/:id',
    params: IdParams,
    responses: { 200: Done },
    errors: [401, 403, 404],
  }),
  // A member leaves a circle they belong to.
  deleteMembershipsById: endpoint({
    method: 'DELETE',
    path: '/api/circle/memberships/:id',
    params: IdParams,
    responses: { 200: Done },
    errors: [401, 404],
  }),
  getSettingsNotifications: endpoint({
    method: 'GET',
    path: '/api/settings/notifications',
    responses: { 200: NotificationSettings },
    errors: [401],
  }),
  putSettingsNotifications: endpoint({
    method: 'PUT',
    path: '/api/settings/notifications',
    body: NotificationSettingInput,
    responses: { 200: NotificationSettings },
    errors: [400, 401],
  }),
  // A "can arrange" member writes to the arrangement's carer, in the holder's conversation.
  postBookingsByIdCircleMessages: endpoint({
    method: 'POST',
    path: '/api/bookings/:id/circle-messages',
    params: IdParams,
    body: CircleMessageInput,
    responses: { 201: Done },
    errors: [400, 401, 403, 404, 409],
  }),
};
