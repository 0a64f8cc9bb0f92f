// The public entry of the web feature invoicing: what other features may use of it. They import it
// only from here (eslint.config.js); pages are not here, the router loads each lazily.

export { useInvoices, useTimesheets } from './api/invoicing-api';
