// The public entry of the server feature safeguarding: what other features, app.ts, the CLI and the demo
// seed may use of it. They import it only from here (eslint.config.js); its other files are its own.

export { safeguardingPlugin } from './safeguarding.plugin';
// How many reports wait for an admin, for the admin overview.
export { openReportCount } from './safeguarding.repository';
