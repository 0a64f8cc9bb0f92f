import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import type { Invoice } from '@contracts/invoicing';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/use-page-title';
import { useInvoices } from '../api/invoicing-api';
import { InvoicingNav } from '../components/invoicing-nav';
import { INVOICE_STATUS_LABELS, formatPence, longDay } from '../components/format';

const invoicePath = (id: string) => paths.invoice.replace(':id', encodeURIComponent(id));

function InvoiceItem({ invoice }: { invoice: Invoice }) {
  const other = invoice.viewerRole === 'carer' ? invoice.buyer.name : invoice.seller.name;
  return (
    <li className="rounded-lg border p-4">
      <Link to={invoicePath(invoice.id)} className="grid gap-1 underline-offset-4 hover:underline">
        <span className="font-semibold">
          {invoice.kind === 'invoice' ? 'Invoice' : 'Credit note'} {invoice.reference}
        </span>
        <span className="text-sm text-muted-foreground">
          {invoice.viewerRole === 'carer' ? 'To' : 'From'} {other}, {longDay(invoice.periodStart)} to{' '}
          {longDay(invoice.periodEnd)}: {formatPence(invoice.totalPence)}
        </span>
      </Link>
      {invoice.kind === 'invoice' ? (
        <Badge variant={invoice.mayMarkPaid || invoice.mayConfirmPaid ? 'default' : 'muted'} className="mt-2">
          {invoice.frozen ? 'On hold' : INVOICE_STATUS_LABELS[invoice.status]}
        </Badge>
      ) : null}
    </li>
  );
}

/** /invoices: the carer's invoices to families, or the family's from carers, newest first. */
export function InvoicesPage() {
  usePageTitle('Invoices');
  const invoices = useInvoices();
  const items = invoices.data?.items ?? [];
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Invoices</h1>
      <p className="mt-2 text-muted-foreground">
        An approved timesheet becomes the carer’s invoice to the family. Download any as a PDF; they are kept
        for six years.
      </p>
      <div className="mt-4">
        <InvoicingNav />
      </div>
      {invoices.isPending ? (
        <PageSpinner />
      ) : invoices.isError ? (
        <Alert variant="destructive" role="alert" className="mt-6">
          <p>{errorMessage(invoices.error, 'We could not load your invoices.')}</p>
        </Alert>
      ) : items.length === 0 ? (
        <p className="mt-6">No invoices yet.</p>
      ) : (
        <ul className="mt-6 grid gap-3">
          {items.map((invoice) => (
            <InvoiceItem key={invoice.id} invoice={invoice} />
          ))}
        </ul>
      )}
    </div>
  );
}
