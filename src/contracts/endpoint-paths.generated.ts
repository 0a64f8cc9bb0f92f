// Generated from the endpoint declarations (src/contracts/api) by `npm run generate:endpoints`:
// do not edit. Each endpoint's method and path, without its schemas, for the web (decision 0034).
export const endpointPaths = {
  audit: {
    getAdminAuditLog: { method: 'GET', path: '/api/admin/audit-log' },
  },
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
  demo: {
    getDemoMailbox: { method: 'GET', path: '/api/demo/mailbox' },
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
  privacy: {
    postSettingsExport: { method: 'POST', path: '/api/settings/export' },
    getSettingsAccountDeletion: { method: 'GET', path: '/api/settings/account/deletion' },
    deleteSettingsAccount: { method: 'DELETE', path: '/api/settings/account' },
  },
  reports: {
    postConversationsByIdReport: { method: 'POST', path: '/api/conversations/:id/report' },
    postReviewsByIdReport: { method: 'POST', path: '/api/reviews/:id/report' },
  },
  reviews: {
    getCarersByIdReviewsMine: { method: 'GET', path: '/api/carers/:id/reviews/mine' },
    putCarersByIdReviewsMine: { method: 'PUT', path: '/api/carers/:id/reviews/mine' },
  },
  safeguarding: {
    getAdminReports: { method: 'GET', path: '/api/admin/reports' },
    postAdminReportsByIdResolve: { method: 'POST', path: '/api/admin/reports/:id/resolve' },
    postAdminUsersByIdUnsuspend: { method: 'POST', path: '/api/admin/users/:id/unsuspend' },
    deleteAdminUsersByIdSessions: { method: 'DELETE', path: '/api/admin/users/:id/sessions' },
  },
  savedCarers: {
    get: { method: 'GET', path: '/api/saved-carers' },
    putByCarerId: { method: 'PUT', path: '/api/saved-carers/:carerId' },
    deleteByCarerId: { method: 'DELETE', path: '/api/saved-carers/:carerId' },
  },
} as const;
