// Zod-free on purpose: the header's account menu and the router (every page's first load) link here.

/** Issue 20: the family's care requests page (a web route; not yet in @contracts/paths). */
export const CARE_REQUESTS_PATH = '/care-requests';
