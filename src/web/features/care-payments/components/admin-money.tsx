import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Download } from 'lucide-react';
import type { CardDispute } from '@contracts/care-payments';
import { formatPence } from '@contracts/invoicing';
import {
  DISPUTE_NOTE_MAX,
  DisputeHandledInput,
  monthText,
  type AdminMoneyOverview,
  type DisputeHandledFormValues,
} from '@contracts/records';
import { DialogButtons, FormDialog } from '@web/components/form-dialog';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { TextareaField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { applyFieldMessages, serverFormErrors } from '@web/lib/form-errors';
import { schemaResolver } from '@web/lib/schema-resolver';
import {
  downloadAdminOverviewCsv,
  useAdminDisputes,
  useAdminMoneyOverview,
  useMarkDisputeHandled,
} from '../api/care-payments';

const handledResolver = schemaResolver<DisputeHandledFormValues, DisputeHandledInput>(DisputeHandledInput);

/** '2026-11-29T…' → '29 Nov 2026' in the UK. */
const ukDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/London',
  });

const PAYOUT_WORDS = { in_transit: 'On its way', paid: 'Paid out', failed: 'Failed' } as const;

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

function Overview({ overview }: { overview: AdminMoneyOverview }) {
  const { totals } = overview;
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {[
          [`Card payments (${totals.payments})`, totals.amountPence],
          ['Platform fees', totals.feePence],
          ['Refunded', totals.refundedPence],
          ['Paid out to carers', totals.payoutsPence],
        ].map(([label, pence]) => (
          <Card key={label} className="grid gap-1 p-4">
            <p className="text-sm text-muted-foreground">{label}</p>
            <p className="text-2xl font-semibold">{formatPence(Number(pence))}</p>
          </Card>
        ))}
      </div>
      <h3 className="text-lg font-semibold">Card payments</h3>
      {overview.payments.length === 0 ? (
        <p>No card payments this month.</p>
      ) : (
        <ul className="grid gap-2">
          {overview.payments.map((payment) => (
            <li key={payment.id} className="rounded-lg border p-3 text-sm">
              <span className="font-medium">{payment.invoiceNumber}</span> on {ukDay(payment.paidAt)}:{' '}
              {payment.familyName ?? 'a deleted account'} paid {payment.carerName ?? 'a deleted account'}{' '}
              {formatPence(payment.amountPence)}, fee {formatPence(payment.feePence)}
              {payment.refundedPence > 0 ? `, ${formatPence(payment.refundedPence)} refunded` : ''}
            </li>
          ))}
        </ul>
      )}
      <h3 className="text-lg font-semibold">Refunds</h3>
      {overview.refunds.length === 0 ? (
        <p>No refunds of this month’s payments.</p>
      ) : (
        <ul className="grid gap-2">
          {overview.refunds.map((refund) => (
            <li key={refund.id} className="rounded-lg border p-3 text-sm">
              {formatPence(refund.refundedPence)} of {refund.invoiceNumber} (
              {refund.carerName ?? 'a deleted account'} to {refund.familyName ?? 'a deleted account'}) went
              back to the family
            </li>
          ))}
        </ul>
      )}
      <h3 className="text-lg font-semibold">Payouts</h3>
      {overview.payouts.length === 0 ? (
        <p>No payouts this month.</p>
      ) : (
        <ul className="grid gap-2">
          {overview.payouts.map((payout) => (
            <li key={payout.id} className="rounded-lg border p-3 text-sm">
              {formatPence(payout.amountPence)} to {payout.carerName ?? 'a deleted account'},{' '}
              {ukDay(payout.arrivalOn)}: {PAYOUT_WORDS[payout.status]}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function HandledDialog({ dispute }: { dispute: CardDispute }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const mark = useMarkDisputeHandled(dispute.id);
  const form = useForm<DisputeHandledFormValues, unknown, DisputeHandledInput>({
    resolver: handledResolver,
    defaultValues: { note: '' },
  });
  const onSubmit = form.handleSubmit(async (body) => {
    setAlert(null);
    try {
      await mark.mutateAsync(body);
      setOpen(false);
      toast({ title: 'Dispute marked handled', description: 'It is in the audit log.' });
    } catch (error) {
      const { fieldMessages, alert: message } = serverFormErrors(
        error,
        ['note'] as const,
        'We could not mark the dispute handled.',
        'note',
      );
      applyFieldMessages(form.setError, ['note'], fieldMessages);
      setAlert(message);
    }
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm" className="w-full sm:w-fit">
          Mark handled
        </Button>
      }
      title={`Mark the dispute on ${dispute.invoiceNumber} handled`}
      description="Say what was done. A held invoice is released. This goes in the audit log."
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        {alert ? (
          <Alert variant="destructive" role="alert">
            <p>{alert}</p>
          </Alert>
        ) : null}
        <TextareaField
          id={`${id}-note`}
          label="What was done"
          rows={3}
          maxLength={DISPUTE_NOTE_MAX}
          error={form.formState.errors.note?.message}
          {...form.register('note')}
        />
        <DialogButtons submitLabel="Mark handled" pendingLabel="Saving..." pending={mark.isPending} />
      </form>
    </FormDialog>
  );
}

function Disputes() {
  const disputes = useAdminDisputes();
  if (disputes.isPending) return <PageSpinner />;
  if (disputes.isError)
    return (
      <Alert variant="destructive" role="alert">
        <p>{errorMessage(disputes.error, 'We could not load the disputes.')}</p>
      </Alert>
    );
  if (disputes.data.length === 0) return <p>No card disputes.</p>;
  return (
    <ul className="grid gap-3">
      {disputes.data.map((dispute) => (
        <li key={dispute.id} className="grid gap-2 rounded-lg border p-4 text-sm">
          <p>
            <span className="font-medium">{dispute.invoiceNumber}</span>: {formatPence(dispute.amountPence)}{' '}
            disputed by {dispute.familyName ?? 'a deleted account'} on a payment to{' '}
            {dispute.carerName ?? 'a deleted account'}, opened {ukDay(dispute.openedAt)} ({dispute.reason}).
          </p>
          <p>
            <Badge variant={dispute.closedAt ? 'muted' : 'destructive'}>{dispute.status}</Badge>
            {dispute.closedAt
              ? ` Closed ${ukDay(dispute.closedAt)}.`
              : ' The carer answers it in their Stripe dashboard.'}
          </p>
          {dispute.handledAt ? (
            <p>
              Handled {ukDay(dispute.handledAt)}: {dispute.handledNote}
            </p>
          ) : dispute.closedAt ? (
            <HandledDialog dispute={dispute} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The admin dashboard's "Payments to carers": a month's money, refunds, payouts and disputes. */
export function AdminMoneyPanel() {
  const id = useId();
  const months = recentMonths();
  const [month, setMonth] = useState(months[0]!);
  const overview = useAdminMoneyOverview(month);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadAdminOverviewCsv(month);
    } catch (error) {
      toast({ variant: 'destructive', title: errorMessage(error, 'We could not download the CSV.') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-6">
      <section aria-labelledby={`${id}-money`} className="grid gap-4">
        <h2 id={`${id}-money`} className="text-xl font-semibold">
          Payments, fees and payouts
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-month`} className="text-sm font-medium">
              Month
            </label>
            <select
              id={`${id}-month`}
              className="h-10 rounded-md border bg-background px-3 text-sm"
              value={month}
              onChange={(event) => setMonth(event.target.value)}
            >
              {months.map((value) => (
                <option key={value} value={value}>
                  {monthText(value)}
                </option>
              ))}
            </select>
          </div>
          <Button variant="outline" onClick={() => void download()} disabled={busy}>
            <Download aria-hidden="true" />
            Download CSV
          </Button>
        </div>
        {overview.isPending ? (
          <PageSpinner />
        ) : overview.isError ? (
          <Alert variant="destructive" role="alert">
            <p>{errorMessage(overview.error, 'We could not load the payments.')}</p>
          </Alert>
        ) : (
          <Overview overview={overview.data} />
        )}
      </section>
      <section aria-labelledby={`${id}-disputes`} className="grid gap-4">
        <h2 id={`${id}-disputes`} className="text-xl font-semibold">
          Card disputes
        </h2>
        <Disputes />
      </section>
    </div>
  );
}
