// The public entry of the web feature audit: what other features may use of it. They import
// it only from here (eslint.config.js); pages are not here, the router loads each lazily.

export { formatDateTimeGB } from './components/audit-format';
export { AuditLogList } from './components/audit-log-list';
