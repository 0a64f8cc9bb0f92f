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
  visitRecords: {
    postVisitsByIdCheckIn: { method: 'POST', path: '/api/visits/:id/check-in' },
    postVisitsByIdCheckOut: { method: 'POST', path: '/api/visits/:id/check-out' },
    postVisitsByIdRecord: { method: 'POST', path: '/api/visits/:id/record' },
    postVisitsByIdNoteReplies: { method: 'POST', path: '/api/visits/:id/note/replies' },
    getBookingsByIdHistory: { method: 'GET', path: '/api/bookings/:id/history' },
    putBookingsByIdCareDetails: { method: 'PUT', path: '/api/bookings/:id/care-details' },
  },
} as const;
