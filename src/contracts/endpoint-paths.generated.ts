// Generated from the endpoint declarations (src/contracts/api) by `npm run generate:endpoints`:
// do not edit. Each endpoint's method and path, without its schemas, for the web (decision 0034).
export const endpointPaths = {
  carers: {
    get: { method: 'GET', path: '/api/carers' },
    post: { method: 'POST', path: '/api/carers' },
    getMyProfile: { method: 'GET', path: '/api/carers/my-profile' },
    getCarerProfile: { method: 'GET', path: '/api/carer-profile' },
    getById: { method: 'GET', path: '/api/carers/:id' },
    putById: { method: 'PUT', path: '/api/carers/:id' },
    postByIdPhoto: { method: 'POST', path: '/api/carers/:id/photo' },
    getByIdReviews: { method: 'GET', path: '/api/carers/:id/reviews' },
  },
  circle: {
    get: { method: 'GET', path: '/api/circle' },
    postInvitations: { method: 'POST', path: '/api/circle/invitations' },
    deleteInvitationsById: { method: 'DELETE', path: '/api/circle/invitations/:id' },
    postInvitationsPreview: { method: 'POST', path: '/api/circle/invitations/preview' },
    postInvitationsAccept: { method: 'POST', path: '/api/circle/invitations/accept' },
    patchMembersById: { method: 'PATCH', path: '/api/circle/members/:id' },
    deleteMembersById: { method: 'DELETE', path: '/api/circle/members/:id' },
    deleteMembershipsById: { method: 'DELETE', path: '/api/circle/memberships/:id' },
    getSettingsNotifications: { method: 'GET', path: '/api/settings/notifications' },
    putSettingsNotifications: { method: 'PUT', path: '/api/settings/notifications' },
    postBookingsByIdCircleMessages: { method: 'POST', path: '/api/bookings/:id/circle-messages' },
  },
  contact: {
    post: { method: 'POST', path: '/api/contact' },
  },
  health: {
    getHealthz: { method: 'GET', path: '/healthz' },
    getReadyz: { method: 'GET', path: '/readyz' },
  },
  messaging: {
    postMessages: { method: 'POST', path: '/api/messages' },
    getMessagesUnread: { method: 'GET', path: '/api/messages/unread' },
    getConversations: { method: 'GET', path: '/api/conversations' },
    getConversationsById: { method: 'GET', path: '/api/conversations/:id' },
    postConversationsByIdMessages: { method: 'POST', path: '/api/conversations/:id/messages' },
    postConversationsByIdRead: { method: 'POST', path: '/api/conversations/:id/read' },
    postConversationsByIdBlock: { method: 'POST', path: '/api/conversations/:id/block' },
    deleteConversationsByIdBlock: { method: 'DELETE', path: '/api/conversations/:id/block' },
  },
  reports: {
    postConversationsByIdReport: { method: 'POST', path: '/api/conversations/:id/report' },
    postReviewsByIdReport: { method: 'POST', path: '/api/reviews/:id/report' },
  },
  reviews: {
    getCarersByIdReviewsMine: { method: 'GET', path: '/api/carers/:id/reviews/mine' },
    putCarersByIdReviewsMine: { method: 'PUT', path: '/api/carers/:id/reviews/mine' },
  },
  savedCarers: {
    get: { method: 'GET', path: '/api/saved-carers' },
    putByCarerId: { method: 'PUT', path: '/api/saved-carers/:carerId' },
    deleteByCarerId: { method: 'DELETE', path: '/api/saved-carers/:carerId' },
  },
} as const;
