import { appPlugin } from '../../platform/app-plugin';
import { createInvoicesService, type InvoicesService } from './invoices.service';
import { registerInvoicingRoutes } from './invoicing.routes';
import { registerRecordsRoutes } from './records.routes';
import { createRecordsService } from './records.service';
import { createTimesheetsService, type TimesheetsService } from './timesheets.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Timesheets and invoices (housekeeping makes timesheets, approves them, deletes old invoices). */
    invoicing: { timesheets: TimesheetsService; invoices: InvoicesService };
  }
}

/** Timesheets from visits that happened, and the carers' invoices to families (decision 0038). */
export const invoicingPlugin = appPlugin(
  'features/invoicing',
  ['features/arrangements', 'features/circle', 'features/verification', 'platform/mailer'],
  async (app, { config, database: { db } }) => {
    const deps = { db, mailer: app.mailer, publicUrl: config.publicUrl };
    const timesheets = createTimesheetsService(deps);
    const invoices = createInvoicesService(deps);
    app.decorate('invoicing', { timesheets, invoices });
    registerInvoicingRoutes(app, timesheets, invoices);
    registerRecordsRoutes(app, createRecordsService({ db }));
  },
);
