// Zod-free on purpose: the header's account menu and the router (every page's first load) link here.

/** The family's care requests page (the same path as `paths.careRequests` in @contracts/paths). */
export const CARE_REQUESTS_PATH = '/care-requests';
