// The public entry of the web feature care-requests: what other features may use of it. They import
// it only from here (eslint.config.js); pages are not here, the router loads each lazily.

export { useMyCareRequests } from './api/care-requests';
export { todayInUK } from './components/care-request-format';
export { DashboardRequests } from './components/dashboard-requests';
