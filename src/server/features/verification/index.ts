// The public entry of the server feature verification: what other features, app.ts, the CLI and the demo
// seed may use of it. They import it only from here (eslint.config.js); its other files are its own.

export { verificationPlugin } from './verification.plugin';
// A carer's checks with their dates, for the families' monthly statements.
export { carerChecksOf, type CarerCheckRecord } from './carer-checks';
// The sizes of the admins' checks, insurance and due queues, for the admin overview.
export { verificationQueueCounts } from './queue-counts';
