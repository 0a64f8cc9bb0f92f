import { useId, useState } from 'react';
import { Download } from 'lucide-react';
import { PAID_BY_LABELS, taxYearLabel, type Earnings, type Payout } from '@contracts/records';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/use-page-title';
import { downloadEarningsCsv, useEarnings } from '../api/records-api';
import { InvoicingNav } from '../components/invoicing-nav';
import { formatPence, longDay } from '../components/format';

const PAYOUT_WORDS: Record<Payout['status'], string> = {
  in_transit: 'On its way',
  paid: 'In your bank',
  failed: 'Failed: check your Stripe dashboard',
};

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card className="grid gap-1 p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-2xl font-semibold">{value}</p>
      {detail ? <p className="text-sm text-muted-foreground">{detail}</p> : null}
    </Card>
  );
}

function EarningsView({ earnings, onYear }: { earnings: Earnings; onYear: (year: number) => void }) {
  const id = useId();
  const [downloading, setDownloading] = useState(false);
  const year = earnings.taxYear;
  const download = async () => {
    setDownloading(true);
    try {
      await downloadEarningsCsv(year.startYear);
    } catch (error) {
      toast({ variant: 'destructive', title: errorMessage(error, 'We could not download the summary.') });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      <section aria-labelledby={`${id}-month`} className="mt-6">
        <h2 id={`${id}-month`} className="text-xl font-semibold">
          This month
        </h2>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          <Figure label="Paid to you" value={formatPence(earnings.thisMonth.grossPence)} />
          <Figure label="Platform fees" value={formatPence(earnings.thisMonth.feePence)} />
          <Figure label="You keep" value={formatPence(earnings.thisMonth.netPence)} />
        </div>
        <div className="mt-3">
          <Figure
            label="Awaiting payment"
            value={formatPence(earnings.awaitingPayment.amountPence)}
            detail={`${earnings.awaitingPayment.count} invoice${earnings.awaitingPayment.count === 1 ? '' : 's'} not yet paid`}
          />
        </div>
      </section>

      <section aria-labelledby={`${id}-year`} className="mt-8">
        <h2 id={`${id}-year`} className="text-xl font-semibold">
          Tax year {year.label}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {longDay(year.from)} to {longDay(year.to)}. Payments count on the day they were paid.
        </p>
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-choose`} className="text-sm font-medium">
              Tax year
            </label>
            <select
              id={`${id}-choose`}
              className="h-10 rounded-md border bg-background px-3 text-sm"
              value={year.startYear}
              onChange={(event) => onYear(Number(event.target.value))}
            >
              {earnings.taxYears.map((start) => (
                <option key={start} value={start}>
                  {`${taxYearLabel(start)} (6 April ${start} to 5 April ${start + 1})`}
                </option>
              ))}
            </select>
          </div>
          <Button variant="outline" onClick={() => void download()} disabled={downloading}>
            <Download aria-hidden="true" />
            Download the tax year as CSV
          </Button>
        </div>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          <Figure label="Paid to you" value={formatPence(earnings.totals.grossPence)} />
          <Figure label="Platform fees" value={formatPence(earnings.totals.feePence)} />
          <Figure label="You keep" value={formatPence(earnings.totals.netPence)} />
        </div>
        {earnings.rows.length === 0 ? (
          <p className="mt-4">Nothing was paid to you in this tax year.</p>
        ) : (
          <div
            className="mt-4 max-w-full overflow-x-auto focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            tabIndex={0}
            role="region"
            aria-labelledby={`${id}-payments-caption`}
          >
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption id={`${id}-payments-caption`} className="sr-only">
                Payments in tax year {year.label}
              </caption>
              <thead>
                <tr className="border-b">
                  <th scope="col" className="py-2 pr-3">
                    Paid on
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Family
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Invoice
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Paid
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Fee
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    You keep
                  </th>
                  <th scope="col" className="py-2">
                    How
                  </th>
                </tr>
              </thead>
              <tbody>
                {earnings.rows.map((row) => (
                  <tr key={row.invoiceId} className="border-b">
                    <td className="py-2 pr-3">{longDay(row.paidOn)}</td>
                    <td className="py-2 pr-3 break-words">{row.familyName}</td>
                    <td className="py-2 pr-3">{row.invoiceNumber}</td>
                    <td className="py-2 pr-3 text-right">{formatPence(row.grossPence)}</td>
                    <td className="py-2 pr-3 text-right">{formatPence(row.feePence)}</td>
                    <td className="py-2 pr-3 text-right">{formatPence(row.netPence)}</td>
                    <td className="py-2">{PAID_BY_LABELS[row.paidBy]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby={`${id}-payouts`} className="mt-8">
        <h2 id={`${id}-payouts`} className="text-xl font-semibold">
          Payouts to your bank
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Card payments reach your bank from Stripe, less CareMatch’s fee. Total this tax year:{' '}
          {formatPence(earnings.payoutsPence)}.
        </p>
        {earnings.payouts.length === 0 ? (
          <p className="mt-3">No payouts in this tax year.</p>
        ) : (
          <ul className="mt-3 grid gap-2">
            {earnings.payouts.map((payout, index) => (
              <li key={`${payout.arrivalOn}-${index}`} className="rounded-lg border p-3 text-sm">
                <span className="font-medium">{formatPence(payout.amountPence)}</span>,{' '}
                {longDay(payout.arrivalOn)}: {PAYOUT_WORDS[payout.status]}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** /earnings: the carer's money this month, a tax year's payments (CSV for self-assessment), payouts. */
export function EarningsPage() {
  usePageTitle('Earnings');
  const { user } = useAuth();
  const [taxYear, setTaxYear] = useState<number | undefined>(undefined);
  const earnings = useEarnings(taxYear);
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Earnings</h1>
      <p className="mt-2 text-muted-foreground">
        What families paid you through your CareMatch invoices, the platform fee on card payments, and what is
        still to come.
      </p>
      <div className="mt-4">
        <InvoicingNav />
      </div>
      {user?.userType !== 'carer' ? (
        <p className="mt-6">Earnings are for carers.</p>
      ) : earnings.isPending ? (
        <PageSpinner />
      ) : earnings.isError ? (
        <Alert variant="destructive" role="alert" className="mt-6">
          <p>{errorMessage(earnings.error, 'We could not load your earnings.')}</p>
        </Alert>
      ) : (
        <EarningsView earnings={earnings.data} onYear={setTaxYear} />
      )}
    </div>
  );
}
