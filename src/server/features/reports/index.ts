// The public entry of the server feature reports: what other features, app.ts, the CLI and the demo
// seed may use of it. They import it only from here (eslint.config.js); its other files are its own.

export { reportsPlugin } from './reports.plugin';
export { createReportsStore, type ReportStatus } from './reports.store';
