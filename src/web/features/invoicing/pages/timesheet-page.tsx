import { Link, useParams } from 'react-router';
import { ArrowLeft, Check, Send, Trash2 } from 'lucide-react';
import { paths } from '@contracts/paths';
import type { Timesheet, TimesheetLine } from '@contracts/invoicing';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { PageSpinner, Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/use-page-title';
import {
  useApproveTimesheet,
  useCarerInvoicingSettings,
  useDeleteLine,
  useSubmitTimesheet,
  useTimesheet,
} from '../api/invoicing-api';
import { AddedLineDialog, QueryLineDialog, VisitTimesDialog } from '../components/line-dialogs';
import { TimesheetLines, lineTitle } from '../components/timesheet-lines';
import {
  formatMinutes,
  formatPence,
  longDay,
  shortDay,
  TIMESHEET_STATUS_LABELS,
  ukDateTime,
} from '../components/format';

const failed = (error: unknown, fallback: string) =>
  toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, fallback) });

function CarerLineActions({
  sheet,
  line,
  mileageRatePence,
}: {
  sheet: Timesheet;
  line: TimesheetLine;
  mileageRatePence?: number;
}) {
  const remove = useDeleteLine();
  if (!sheet.mayEdit) return null;
  const label = line.kind === 'visit' ? 'Take off' : 'Delete';
  return (
    <>
      {line.kind === 'visit' ? (
        <VisitTimesDialog line={line} />
      ) : (
        <AddedLineDialog timesheet={sheet} kind={line.kind} line={line} mileageRatePence={mileageRatePence} />
      )}
      {line.excluded ? null : (
        <Button
          variant="outline"
          size="sm"
          aria-disabled={remove.isPending || undefined}
          onClick={() =>
            remove.mutate(line.id, { onError: (error) => failed(error, 'We could not change the line.') })
          }
        >
          <Trash2 aria-hidden="true" />
          {label}
          <span className="sr-only">
            {' '}
            {lineTitle(line)} on {shortDay(line.date)}
          </span>
        </Button>
      )}
    </>
  );
}

function Actions({ sheet }: { sheet: Timesheet }) {
  const submit = useSubmitTimesheet(sheet.id);
  const approve = useApproveTimesheet(sheet.id);
  if (sheet.maySubmit) {
    return (
      <Button
        className="w-full sm:w-fit"
        aria-disabled={submit.isPending || undefined}
        onClick={() =>
          submit.mutate(undefined, {
            onSuccess: () =>
              toast({ title: 'Timesheet sent', description: 'The family is asked to approve it.' }),
            onError: (error) => failed(error, 'We could not submit the timesheet.'),
          })
        }
      >
        {submit.isPending ? <Spinner /> : <Send aria-hidden="true" />}
        {submit.isPending ? 'Sending...' : 'Submit to the family'}
      </Button>
    );
  }
  if (sheet.mayApprove) {
    return (
      <Button
        className="w-full sm:w-fit"
        aria-disabled={approve.isPending || undefined}
        onClick={() =>
          approve.mutate(undefined, {
            onSuccess: () =>
              toast({ title: 'Approved', description: 'The carer’s invoice is in your invoices.' }),
            onError: (error) => failed(error, 'We could not approve the timesheet.'),
          })
        }
      >
        {approve.isPending ? <Spinner /> : <Check aria-hidden="true" />}
        {approve.isPending ? 'Approving...' : 'Approve'}
      </Button>
    );
  }
  return null;
}

/** /timesheets/:id: one week's lines, totals and what the viewer may do with them. */
export function TimesheetPage() {
  const { id = '' } = useParams();
  usePageTitle('Timesheet');
  const timesheet = useTimesheet(id);
  const sheet = timesheet.data;
  const settings = useCarerInvoicingSettings(sheet?.mayEdit === true);
  const mileageRatePence = settings.data?.mileageRatePence;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <Link
        to={paths.timesheets}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" />
        Timesheets
      </Link>
      {timesheet.isPending ? (
        <PageSpinner />
      ) : timesheet.isError || !sheet ? (
        <>
          <h1 className="mt-4 text-3xl font-bold tracking-tight">Timesheet</h1>
          <Alert variant="destructive" role="alert" className="mt-6">
            <p>{errorMessage(timesheet.error, 'We could not load this timesheet.')}</p>
          </Alert>
        </>
      ) : (
        <div className="mt-4 grid gap-6">
          <div className="grid gap-2">
            <h1 className="text-3xl font-bold tracking-tight">Week of {longDay(sheet.weekStart)}</h1>
            <p className="text-muted-foreground">
              {longDay(sheet.weekStart)} to {longDay(sheet.weekEnd)}
              {sheet.careFor ? `, ${sheet.careFor}` : ''}.{' '}
              {sheet.viewerRole === 'carer' ? `For ${sheet.familyName}` : `From ${sheet.carerName}`}, at{' '}
              {formatPence(sheet.hourlyRatePence)} an hour. Times are UK time.
            </p>
            <Badge variant="muted">{TIMESHEET_STATUS_LABELS[sheet.status]}</Badge>
            {sheet.status === 'submitted' && sheet.autoApproveAt ? (
              <p className="text-sm">
                Approved automatically on {ukDateTime(sheet.autoApproveAt)} if nobody answers.
              </p>
            ) : null}
            {sheet.status === 'approved' && sheet.approvedAt ? (
              <p className="text-sm">
                Approved {sheet.autoApproved ? 'automatically ' : ''}on {ukDateTime(sheet.approvedAt)}.
                {sheet.invoiceId ? (
                  <>
                    {' '}
                    <Link
                      to={paths.invoice.replace(':id', encodeURIComponent(sheet.invoiceId))}
                      className="font-medium text-primary underline underline-offset-4"
                    >
                      See the invoice
                    </Link>
                  </>
                ) : null}
              </p>
            ) : null}
          </div>
          <section aria-labelledby="timesheet-lines" className="grid gap-3">
            <h2 id="timesheet-lines" className="text-xl font-semibold">
              Lines
            </h2>
            <TimesheetLines
              lines={sheet.lines}
              hourlyRatePence={sheet.hourlyRatePence}
              actions={(line) =>
                sheet.viewerRole === 'carer' ? (
                  <CarerLineActions sheet={sheet} line={line} mileageRatePence={mileageRatePence} />
                ) : sheet.mayApprove && !line.excluded ? (
                  <QueryLineDialog timesheetId={sheet.id} line={line} />
                ) : null
              }
            />
            {sheet.mayEdit ? (
              <div className="flex flex-wrap gap-2">
                <AddedLineDialog timesheet={sheet} kind="mileage" mileageRatePence={mileageRatePence} />
                <AddedLineDialog timesheet={sheet} kind="expense" />
              </div>
            ) : null}
          </section>
          <p className="text-lg font-semibold" aria-live="polite">
            Total: {formatMinutes(sheet.totalMinutes)} of care, {formatPence(sheet.totalPence)}
          </p>
          <Actions sheet={sheet} />
        </div>
      )}
    </div>
  );
}
