import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Download } from 'lucide-react';
import {
  dayText,
  monthText,
  PAID_BY_LABELS,
  RECORDS_TEXT,
  StatementReferenceInput,
  type Statement,
  type StatementReferenceFormValues,
} from '@contracts/records';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/use-toast';
import { useArrangements } from '@web/features/arrangements';
import { errorMessage } from '@web/lib/api-client';
import { applyFieldMessages, serverFormErrors } from '@web/lib/form-errors';
import { schemaResolver } from '@web/lib/schema-resolver';
import { useEditAddress } from '@web/lib/use-edit-address';
import { usePageTitle } from '@web/lib/use-page-title';
import { downloadStatement, useSaveReference, useStatement } from '../api/records-api';
import { InvoicingNav } from '../components/invoicing-nav';
import { formatPence } from '../components/format';

const referenceResolver = schemaResolver<StatementReferenceFormValues, StatementReferenceInput>(
  StatementReferenceInput,
);

/** The last twelve months, this one first, as 'YYYY-MM' in the UK. */
function recentMonths(): string[] {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
  let [year, month] = today.split('-').map(Number) as [number, number];
  const months: string[] = [];
  for (let i = 0; i < 12; i += 1) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return months;
}

function ReferenceForm({ arrangementId, statement }: { arrangementId: string; statement: Statement }) {
  const id = useId();
  const save = useSaveReference(arrangementId);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<StatementReferenceFormValues, unknown, StatementReferenceInput>({
    resolver: referenceResolver,
    defaultValues: { cestReference: statement.cestReference },
  });
  const { reset } = form;
  useEffect(() => reset({ cestReference: statement.cestReference }), [reset, statement.cestReference]);
  const onSubmit = form.handleSubmit(async (body) => {
    setAlert(null);
    try {
      await save.mutateAsync(body);
      toast({ title: 'Reference saved', description: 'It is printed on this carer’s statements.' });
    } catch (error) {
      const { fieldMessages, alert: message } = serverFormErrors(
        error,
        ['cestReference'] as const,
        'We could not save the reference.',
        'cestReference',
      );
      applyFieldMessages(form.setError, ['cestReference'], fieldMessages);
      setAlert(message);
    }
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-3 grid gap-3 sm:max-w-lg">
      {alert ? (
        <Alert variant="destructive" role="alert">
          <p>{alert}</p>
        </Alert>
      ) : null}
      <TextField
        id={`${id}-cest`}
        label={RECORDS_TEXT.cestLabel}
        hint={RECORDS_TEXT.cestHint}
        error={form.formState.errors.cestReference?.message}
        {...form.register('cestReference')}
      />
      <Button type="submit" className="w-full sm:w-fit" disabled={save.isPending}>
        Save the reference
      </Button>
    </form>
  );
}

function StatementView({ arrangementId, statement }: { arrangementId: string; statement: Statement }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const download = async (as: 'pdf' | 'csv') => {
    setBusy(true);
    try {
      await downloadStatement(arrangementId, statement.month, as);
    } catch (error) {
      toast({ variant: 'destructive', title: errorMessage(error, 'We could not download the statement.') });
    } finally {
      setBusy(false);
    }
  };
  const { visits } = statement;
  return (
    <div className="mt-6 grid gap-6 *:min-w-0">
      <Card className="p-4 sm:p-6">
        <h2 className="text-xl font-semibold">
          {statement.monthLabel}: care from {statement.carerName}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          For {statement.familyName}
          {statement.careFor ? ` (${statement.careFor})` : ''}.
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void download('pdf')} disabled={busy}>
            <Download aria-hidden="true" />
            Download PDF
          </Button>
          <Button variant="outline" onClick={() => void download('csv')} disabled={busy}>
            <Download aria-hidden="true" />
            Download CSV
          </Button>
        </div>
        {statement.canEditReference ? (
          <ReferenceForm arrangementId={arrangementId} statement={statement} />
        ) : (
          <p className="mt-4 text-sm">
            {RECORDS_TEXT.cestLabel}: {statement.cestReference || 'not given'}
          </p>
        )}
      </Card>

      <section aria-labelledby={`${id}-visits`}>
        <h2 id={`${id}-visits`} className="text-xl font-semibold">
          Visits
        </h2>
        <p className="mt-1">
          {visits.agreed} agreed, {visits.happened} happened, {visits.cancelled} cancelled, {visits.covered}{' '}
          covered by a backup carer.
        </p>
        {visits.list.length > 0 ? (
          <div
            className="mt-3 max-w-full overflow-x-auto focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            tabIndex={0}
            role="region"
            aria-labelledby={`${id}-visits-caption`}
          >
            <table className="w-full min-w-[30rem] text-left text-sm">
              <caption id={`${id}-visits-caption`} className="sr-only">
                Visits in {statement.monthLabel}
              </caption>
              <thead>
                <tr className="border-b">
                  <th scope="col" className="py-2 pr-3">
                    Date
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Agreed
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Happened
                  </th>
                  <th scope="col" className="py-2">
                    What happened
                  </th>
                </tr>
              </thead>
              <tbody>
                {visits.list.map((visit, index) => (
                  <tr key={`${visit.date}-${visit.agreed}-${index}`} className="border-b">
                    <td className="py-2 pr-3">{dayText(visit.date)}</td>
                    <td className="py-2 pr-3">{visit.agreed}</td>
                    <td className="py-2 pr-3">{visit.happened ?? '–'}</td>
                    <td className="py-2">{visit.outcome}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>

      <section aria-labelledby={`${id}-invoices`}>
        <h2 id={`${id}-invoices`} className="text-xl font-semibold">
          Invoices and payments
        </h2>
        {statement.invoices.length === 0 ? (
          <p className="mt-1">No invoices were issued this month.</p>
        ) : (
          <ul className="mt-2 grid gap-2">
            {statement.invoices.map((invoice) => (
              <li key={invoice.id} className="rounded-lg border p-3 text-sm">
                <span className="font-medium">{invoice.number}</span> issued {dayText(invoice.issuedOn)}, for{' '}
                {dayText(invoice.periodStart)} to {dayText(invoice.periodEnd)}:{' '}
                {formatPence(invoice.totalPence)} ({invoice.status})
              </li>
            ))}
          </ul>
        )}
        {statement.payments.length === 0 ? (
          <p className="mt-3">No payments were made this month.</p>
        ) : (
          <ul className="mt-3 grid gap-2">
            {statement.payments.map((payment) => (
              <li
                key={`${payment.invoiceNumber}-${payment.paidOn}`}
                className="rounded-lg border p-3 text-sm"
              >
                {formatPence(payment.amountPence)} for {payment.invoiceNumber} on {dayText(payment.paidOn)},{' '}
                {PAID_BY_LABELS[payment.paidBy].toLowerCase()}
                {payment.reference ? ` (reference ${payment.reference})` : ''}
              </li>
            ))}
          </ul>
        )}
        <p className="mt-2 font-medium">Total paid this month: {formatPence(statement.paidPence)}</p>
      </section>

      <section aria-labelledby={`${id}-checks`}>
        <h2 id={`${id}-checks`} className="text-xl font-semibold">
          The carer’s checks
        </h2>
        {statement.checks.length === 0 ? (
          <p className="mt-1">CareMatch has no approved checks on file for this carer.</p>
        ) : (
          <ul className="mt-2 grid gap-2">
            {statement.checks.map((check) => (
              <li key={check.check} className="rounded-lg border p-3 text-sm">
                <span className="font-medium">{check.check}</span>: {check.detail}.
                {check.checkedOn ? ` Checked ${dayText(check.checkedOn)}.` : ''}
                {check.expiresOn ? ` Runs out ${dayText(check.expiresOn)}.` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/**
 * /statements: the family's monthly statement per carer (the pack a council's direct-payments team
 * asks for), chosen by arrangement (?arrangement=) and month (?month=); PDF and CSV to download.
 */
export function StatementsPage() {
  usePageTitle('Monthly statements');
  const id = useId();
  const [search] = useSearchParams();
  const editAddress = useEditAddress();
  const arrangements = useArrangements();
  const months = recentMonths();
  const choices = (arrangements.data?.items ?? []).filter(
    (arrangement) =>
      arrangement.viewerRole !== 'carer' &&
      (arrangement.status === 'accepted' || arrangement.status === 'ended'),
  );
  const arrangementId = search.get('arrangement') ?? choices[0]?.id ?? '';
  const month = search.get('month') ?? months[0]!;
  const statement = useStatement(arrangementId, month);
  const choose = (name: 'arrangement' | 'month', value: string) => {
    editAddress(
      (address) => {
        address.set(name, value);
        if (name === 'month' && !address.has('arrangement') && arrangementId)
          address.set('arrangement', arrangementId);
      },
      { replace: true },
    );
  };
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Monthly statements</h1>
      <p className="mt-2 text-muted-foreground">
        For each carer and month: the visits agreed and those that happened, the invoices and payments, and
        the carer’s checks. Download it as PDF or CSV for your records or your council’s direct-payments team.
      </p>
      <div className="mt-4">
        <InvoicingNav />
      </div>
      {arrangements.isPending ? (
        <PageSpinner />
      ) : arrangements.isError ? (
        <Alert variant="destructive" role="alert" className="mt-6">
          <p>{errorMessage(arrangements.error, 'We could not load your arrangements.')}</p>
        </Alert>
      ) : choices.length === 0 ? (
        <p className="mt-6">Statements start once a carer has accepted an arrangement with you.</p>
      ) : (
        <>
          <div className="mt-6 flex flex-wrap gap-4">
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-arrangement`} className="text-sm font-medium">
                Carer
              </label>
              <select
                id={`${id}-arrangement`}
                className="h-10 max-w-full rounded-md border bg-background px-3 text-sm"
                value={arrangementId}
                onChange={(event) => choose('arrangement', event.target.value)}
              >
                {choices.map((arrangement) => (
                  <option key={arrangement.id} value={arrangement.id}>
                    {arrangement.partnerName}
                    {arrangement.careFor ? `, for ${arrangement.careFor}` : ''}
                    {arrangement.status === 'ended' ? ' (ended)' : ''}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-month`} className="text-sm font-medium">
                Month
              </label>
              <select
                id={`${id}-month`}
                className="h-10 rounded-md border bg-background px-3 text-sm"
                value={month}
                onChange={(event) => choose('month', event.target.value)}
              >
                {(months.includes(month) ? months : [month, ...months]).map((value) => (
                  <option key={value} value={value}>
                    {monthText(value)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {statement.isPending ? (
            <PageSpinner />
          ) : statement.isError ? (
            <Alert variant="destructive" role="alert" className="mt-6">
              <p>{errorMessage(statement.error, 'We could not load the statement.')}</p>
            </Alert>
          ) : (
            <StatementView arrangementId={arrangementId} statement={statement.data} />
          )}
        </>
      )}
    </div>
  );
}
