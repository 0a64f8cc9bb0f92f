import { Link, useParams } from 'react-router';
import { ArrowLeft, CheckCheck, CreditCard, Download } from 'lucide-react';
import { invoicePayPath, paths } from '@contracts/paths';
import type { Invoice } from '@contracts/invoicing';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { CardPaymentReceipt } from '@web/features/care-payments';
import { PageSpinner, Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/use-page-title';
import { useSendOnce } from '@web/lib/use-send-once';
import { downloadInvoicePdf, useConfirmPaid, useInvoice } from '../api/invoicing-api';
import { CreditNoteDialog, MarkPaidDialog } from '../components/invoice-dialogs';
import { INVOICE_STATUS_LABELS, formatPence, longDay, shortDay, ukDateTime } from '../components/format';

const failed = (error: unknown, fallback: string) =>
  toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, fallback) });

function Address({
  heading,
  name,
  address,
  extra,
}: {
  heading: string;
  name: string;
  address: string;
  extra?: string;
}) {
  return (
    <div className="grid gap-0.5">
      <h2 className="text-sm font-semibold text-muted-foreground">{heading}</h2>
      <p className="font-medium">{name}</p>
      {address ? <p className="whitespace-pre-line text-sm">{address}</p> : null}
      {extra ? <p className="text-sm">{extra}</p> : null}
    </div>
  );
}

function Paying({ invoice }: { invoice: Invoice }) {
  const confirm = useConfirmPaid(invoice.id);
  return (
    <section aria-labelledby="invoice-paying" className="grid gap-3 rounded-lg border p-4">
      <h2 id="invoice-paying" className="text-xl font-semibold">
        Paying
      </h2>
      {invoice.frozen ? <p>This invoice is on hold while a card payment is disputed.</p> : null}
      {invoice.status === 'paid' && invoice.paidAt ? (
        <p>
          Paid {invoice.paidMethod === 'bank_transfer' ? 'by bank transfer' : 'by card'}, confirmed on{' '}
          {ukDateTime(invoice.paidAt)}.
        </p>
      ) : null}
      {(invoice.status === 'refunded' || invoice.status === 'partly_refunded') && invoice.paidAt ? (
        <p>
          Paid by card on {ukDateTime(invoice.paidAt)}; then
          {invoice.refundedPence > 0 ? ` ${formatPence(invoice.refundedPence)} refunded to the family` : ''}
          {invoice.refundedPence > 0 && invoice.chargedBackPence > 0 ? ' and' : ''}
          {invoice.chargedBackPence > 0
            ? ` ${formatPence(invoice.chargedBackPence)} taken back by the family's bank in a card dispute`
            : ''}
          .
        </p>
      ) : null}
      {invoice.status === 'credited' ? <p>Credited in full: nothing is left to pay.</p> : null}
      {invoice.status === 'marked_paid' && invoice.markedPaidAt ? (
        <p>
          The family marked it paid by bank transfer on {ukDateTime(invoice.markedPaidAt)}
          {invoice.markedPaidReference ? `, reference “${invoice.markedPaidReference}”` : ''}.
          {invoice.viewerRole === 'carer'
            ? ' Confirm when the money is in your account.'
            : ' Waiting for the carer to confirm.'}
        </p>
      ) : null}
      {invoice.amountDuePence > 0 && invoice.status === 'open' ? (
        <p className="text-lg font-semibold">To pay: {formatPence(invoice.amountDuePence)}</p>
      ) : null}
      {invoice.bankDetails && invoice.status === 'open' ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Account name</dt>
          <dd>{invoice.bankDetails.accountName}</dd>
          <dt className="text-muted-foreground">Sort code</dt>
          <dd className="tabular-nums">{invoice.bankDetails.sortCode}</dd>
          <dt className="text-muted-foreground">Account number</dt>
          <dd className="tabular-nums">{invoice.bankDetails.accountNumber}</dd>
          <dt className="text-muted-foreground">Reference</dt>
          <dd>{invoice.reference}</dd>
        </dl>
      ) : invoice.mayMarkPaid ? (
        <p className="text-sm">The carer has not given bank details yet: ask them in Messages.</p>
      ) : null}
      {invoice.mayMarkPaid ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild className="w-full sm:w-fit">
            <Link to={invoicePayPath(invoice.id)}>
              <CreditCard aria-hidden="true" />
              Pay by card
            </Link>
          </Button>
          <MarkPaidDialog invoice={invoice} />
        </div>
      ) : null}
      {invoice.mayConfirmPaid ? (
        <Button
          className="w-full sm:w-fit"
          aria-disabled={confirm.isPending || undefined}
          onClick={() =>
            confirm.mutate(undefined, {
              onSuccess: () => toast({ title: 'Payment confirmed', description: 'The family is told.' }),
              onError: (error) => failed(error, 'We could not confirm the payment.'),
            })
          }
        >
          {confirm.isPending ? <Spinner /> : <CheckCheck aria-hidden="true" />}
          {confirm.isPending ? 'Confirming...' : 'Confirm payment received'}
        </Button>
      ) : null}
    </section>
  );
}

/** /invoices/:id: an invoice or credit note as issued, its PDF, and paying it directly. */
export function InvoicePage() {
  const { id = '' } = useParams();
  const query = useInvoice(id);
  const invoice = query.data;
  usePageTitle(
    invoice ? `${invoice.kind === 'invoice' ? 'Invoice' : 'Credit note'} ${invoice.reference}` : 'Invoice',
  );
  const { sending, sendOnce } = useSendOnce();
  const download = () =>
    void sendOnce(async () => {
      try {
        await downloadInvoicePdf(id);
      } catch (error) {
        failed(error, 'We could not download the PDF.');
      }
    });
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <Link
        to={paths.invoices}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" />
        Invoices
      </Link>
      {query.isPending ? (
        <PageSpinner />
      ) : query.isError || !invoice ? (
        <>
          <h1 className="mt-4 text-3xl font-bold tracking-tight">Invoice</h1>
          <Alert variant="destructive" role="alert" className="mt-6">
            <p>{errorMessage(query.error, 'We could not load this invoice.')}</p>
          </Alert>
        </>
      ) : (
        <div className="mt-4 grid gap-6">
          <div className="grid gap-2">
            <h1 className="text-3xl font-bold tracking-tight">
              {invoice.kind === 'invoice' ? 'Invoice' : 'Credit note'} {invoice.reference}
            </h1>
            <p className="text-muted-foreground">
              Issued {ukDateTime(invoice.issuedAt)}, for {longDay(invoice.periodStart)} to{' '}
              {longDay(invoice.periodEnd)}.
            </p>
            {invoice.kind === 'invoice' ? (
              <Badge variant="muted">
                {invoice.frozen ? 'On hold' : INVOICE_STATUS_LABELS[invoice.status]}
              </Badge>
            ) : null}
            {invoice.creditFor ? (
              <p>
                Credits invoice{' '}
                <Link
                  to={paths.invoice.replace(':id', encodeURIComponent(invoice.creditFor.id))}
                  className="font-medium text-primary underline underline-offset-4"
                >
                  {invoice.creditFor.reference}
                </Link>
                {invoice.reason ? `: ${invoice.reason}` : ''}
              </p>
            ) : null}
          </div>
          <Button
            variant="outline"
            className="w-full sm:w-fit"
            onClick={download}
            aria-disabled={sending || undefined}
            aria-busy={sending}
          >
            <Download aria-hidden="true" />
            {sending ? 'Preparing the PDF...' : 'Download PDF'}
          </Button>
          <div className="grid gap-4 sm:grid-cols-2">
            <Address
              heading="From"
              name={invoice.seller.name}
              address={invoice.seller.address}
              extra={
                invoice.seller.vatNumber ? `VAT number: ${invoice.seller.vatNumber}` : 'Not VAT registered'
              }
            />
            <Address heading="To" name={invoice.buyer.name} address={invoice.buyer.address} />
          </div>
          <section aria-labelledby="invoice-lines" className="grid gap-3">
            <h2 id="invoice-lines" className="text-xl font-semibold">
              Lines
            </h2>
            <ul className="grid gap-2">
              {invoice.lines.map((line, index) => (
                <li
                  key={index}
                  className="flex flex-wrap items-baseline justify-between gap-2 rounded-md border p-3"
                >
                  <span>
                    <span className="mr-2">{shortDay(line.date)}</span>
                    {line.description}
                    <span className="block text-sm text-muted-foreground">
                      {[line.quantity, line.rate].filter(Boolean).join(' at ')}
                    </span>
                  </span>
                  <span className="font-semibold tabular-nums">{formatPence(line.amountPence)}</span>
                </li>
              ))}
            </ul>
            <p className="text-lg font-semibold">
              {invoice.kind === 'invoice' ? 'Total' : 'Total credited'}: {formatPence(invoice.totalPence)}
            </p>
            {invoice.creditNotes.length > 0 ? (
              <p className="text-sm">
                Credit notes:{' '}
                {invoice.creditNotes.map((note, index) => (
                  <span key={note.id}>
                    {index > 0 ? ', ' : ''}
                    <Link
                      to={paths.invoice.replace(':id', encodeURIComponent(note.id))}
                      className="font-medium text-primary underline underline-offset-4"
                    >
                      {note.reference}
                    </Link>{' '}
                    ({formatPence(note.totalPence)})
                  </span>
                ))}
                .
              </p>
            ) : null}
          </section>
          {invoice.kind === 'invoice' ? <Paying invoice={invoice} /> : null}
          {invoice.kind === 'invoice' && invoice.viewerRole === 'carer' && invoice.paidMethod === 'card' ? (
            <CardPaymentReceipt invoiceId={invoice.id} />
          ) : null}
          {invoice.mayCredit ? <CreditNoteDialog invoice={invoice} /> : null}
        </div>
      )}
    </div>
  );
}
