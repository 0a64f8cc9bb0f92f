// The public entry of the server feature care-payments: what other features, app.ts, the CLI and
// the demo seed may use of it. They import it only from here (eslint.config.js); its other files are its own.

export { carePaymentsPlugin } from './care-payments.plugin';
export type { CarePaymentsService } from './care-payments.service';
export {
  type InvoiceLedger,
  type InvoicePaid,
  type InvoiceRefund,
  type PayableInvoice,
} from './invoice-ledger';
export { platformFeePence } from './fees';
// What the money records read of card payments (decision 0041).
export {
  createCardPaymentRecords,
  monthRange,
  type CardPaymentRecord,
  type CardPaymentRecords,
  type PayoutRecord,
} from './payment-records';
