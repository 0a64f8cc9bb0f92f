// The public entry of the web feature reports: what other features may use of it. They import
// it only from here (eslint.config.js); pages are not here, the router loads each lazily.

export { ReportDialog } from './components/report-dialog';
