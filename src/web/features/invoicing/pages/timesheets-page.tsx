import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import type { Timesheet } from '@contracts/invoicing';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/use-page-title';
import { useTimesheets } from '../api/invoicing-api';
import { InvoicingNav } from '../components/invoicing-nav';
import { formatMinutes, formatPence, longDay, TIMESHEET_STATUS_LABELS } from '../components/format';

const timesheetPath = (id: string) => paths.timesheet.replace(':id', encodeURIComponent(id));

/** Whether the viewer has something to do on it (first in the list). */
const toDo = (sheet: Timesheet) => sheet.maySubmit || sheet.mayApprove;

function TimesheetItem({ sheet }: { sheet: Timesheet }) {
  const who = sheet.viewerRole === 'carer' ? sheet.familyName : sheet.carerName;
  return (
    <li className="rounded-lg border p-4">
      <Link to={timesheetPath(sheet.id)} className="grid gap-1 underline-offset-4 hover:underline">
        <span className="font-semibold">
          Week of {longDay(sheet.weekStart)}
          {sheet.careFor ? `, ${sheet.careFor}` : ''}
        </span>
        <span className="text-sm text-muted-foreground">
          {sheet.viewerRole === 'carer' ? 'For' : 'From'} {who}: {formatMinutes(sheet.totalMinutes)},{' '}
          {formatPence(sheet.totalPence)}
        </span>
      </Link>
      <Badge variant={toDo(sheet) ? 'default' : 'muted'} className="mt-2">
        {TIMESHEET_STATUS_LABELS[sheet.status]}
      </Badge>
    </li>
  );
}

/**
 * /timesheets: the carer's weeks to submit, the family's to approve, and every earlier one. A week
 * appears once it is over and has visits that happened.
 */
export function TimesheetsPage() {
  usePageTitle('Timesheets');
  const { user } = useAuth();
  const timesheets = useTimesheets();
  const items = timesheets.data?.items ?? [];
  const pending = items.filter(toDo);
  const rest = items.filter((sheet) => !toDo(sheet));
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Timesheets</h1>
      <p className="mt-2 text-muted-foreground">
        {user?.userType === 'carer'
          ? 'Each week’s visits that happened, from your check-ins and check-outs. Add mileage or expenses, then submit it to the family.'
          : 'Each week’s visits that happened, as the carer recorded them. Approve a timesheet, or query a line that is not right; one nobody answers is approved after 72 hours.'}
      </p>
      <div className="mt-4">
        <InvoicingNav />
      </div>
      {timesheets.isPending ? (
        <PageSpinner />
      ) : timesheets.isError ? (
        <Alert variant="destructive" role="alert" className="mt-6">
          <p>{errorMessage(timesheets.error, 'We could not load your timesheets.')}</p>
        </Alert>
      ) : items.length === 0 ? (
        <p className="mt-6">No timesheets yet. A week’s timesheet appears once the week is over.</p>
      ) : (
        <div className="mt-6 grid gap-8">
          {pending.length > 0 ? (
            <section aria-labelledby="timesheets-to-do" className="grid gap-3">
              <h2 id="timesheets-to-do" className="text-xl font-semibold">
                {user?.userType === 'carer' ? 'To submit' : 'To approve'}
              </h2>
              <ul className="grid gap-3">
                {pending.map((sheet) => (
                  <TimesheetItem key={sheet.id} sheet={sheet} />
                ))}
              </ul>
            </section>
          ) : null}
          {rest.length > 0 ? (
            <section aria-labelledby="timesheets-all" className="grid gap-3">
              <h2 id="timesheets-all" className="text-xl font-semibold">
                {pending.length > 0 ? 'Others' : 'All timesheets'}
              </h2>
              <ul className="grid gap-3">
                {rest.map((sheet) => (
                  <TimesheetItem key={sheet.id} sheet={sheet} />
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </div>
  );
}
