// The public entry of the server feature carers: what other features, app.ts, the CLI and the demo
// seed may use of it. They import it only from here (eslint.config.js); its other files are its own.

export { carerCachesPlugin } from './carer-caches.plugin';
export { carersPlugin } from './carers.plugin';
export { isListed, listingCurrent } from './carer-listing';
export { postcodeDistrictIn, toCarerSummary, toPublicCarer } from './carer-mapper';
export { createCarerProfilesStore, type AdminCarerValues } from './carer-profiles.store';
export type { CarersService } from './carers.service';
