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
} as const;
