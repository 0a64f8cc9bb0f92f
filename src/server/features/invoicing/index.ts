// The public entry of the server feature invoicing: what other features, app.ts, the CLI and the demo
// seed may use of it. They import it only from here (eslint.config.js); its other files are its own.

export { invoicingPlugin } from './invoicing.plugin';
export type { InvoicesService } from './invoices.service';
export type { TimesheetsService } from './timesheets.service';
// The seam card payments use (decision 0038).
export {
  freezeInvoice,
  invoiceForPayment,
  recordInvoicePaid,
  recordInvoiceRefunded,
  unfreezeInvoice,
  type PayableInvoice,
} from './payment-seam';
