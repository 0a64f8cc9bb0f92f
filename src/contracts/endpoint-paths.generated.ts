// Generated from the endpoint declarations (src/contracts/api) by `npm run generate:endpoints`:
// do not edit. Each endpoint's method and path, without its schemas, for the web (decision 0034).
export const endpointPaths = {
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
} as const;
