import { Link, useParams } from 'react-router';
import { ArrowLeft, Printer } from 'lucide-react';
import { paths } from '@contracts/paths';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDateGB } from '@web/lib/format';
import { usePageTitle } from '@web/lib/use-page-title';
import { useCoverPlan } from '../api/cover-api';
import { formatHourlyRate } from '../components/arrangement-format';
import { CARE_ARRANGEMENTS_NAME } from '@contracts/site-texts';

/**
 * /my-care/:id/cover: the contingency plan a council asks a family arranging its own care to keep:
 * who to call if the carer can't come, in what order, and the dates of their checks.
 */
export function ContingencyPlanPage() {
  const { id = '' } = useParams();
  usePageTitle('Contingency plan');
  const plan = useCoverPlan(id);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 print:max-w-none print:p-0">
      <Link
        to={paths.myCare}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline print:hidden"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {CARE_ARRANGEMENTS_NAME}
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Contingency plan</h1>
      {plan.isPending ? (
        <PageSpinner />
      ) : plan.isError ? (
        <Alert variant="destructive" role="alert" className="mt-6">
          <p>{errorMessage(plan.error, 'We could not load this cover plan.')}</p>
        </Alert>
      ) : (
        <div className="mt-6 grid gap-6">
          <p className="text-lg">
            {`If ${plan.data.carerName} can’t come${plan.data.careFor ? ` to ${plan.data.careFor}` : ''}, we call these carers, in this order. We are alerted when the carer has not checked in ${plan.data.noShowMinutes} minutes after a visit starts.`}
          </p>
          {plan.data.backups.length === 0 ? (
            <p>No backup carers named yet.</p>
          ) : (
            <ol className="grid gap-4" aria-label="Backup carers, in order">
              {plan.data.backups.map((backup) => (
                <li key={backup.carerId} className="rounded-lg border p-4" data-testid="contingency-backup">
                  <p className="font-semibold">{`${backup.position}. ${backup.name}${backup.area ? ` (${backup.area})` : ''}`}</p>
                  <p className="text-sm">{`${formatHourlyRate(backup.hourlyRate)}, as agreed. Contact: Messages on CareMatch.`}</p>
                  <p className="text-sm text-muted-foreground">
                    {backup.checkSummary
                      ? `Checks approved ${formatLongDateGB(backup.checkSummary.checkedOn)}${backup.checkSummary.insuredUntil ? `; insured until ${formatLongDateGB(backup.checkSummary.insuredUntil)}` : ''}.`
                      : 'No current checks shown on CareMatch.'}
                    {backup.listed ? '' : ' Not listed on CareMatch now.'}
                  </p>
                </li>
              ))}
            </ol>
          )}
          <p className="text-sm text-muted-foreground">
            CareMatch is an introductory service: it relays alerts and offers, and the family decides. The
            family and the carers agree and control the care between them.
          </p>
          <Button className="w-fit print:hidden" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            Print
          </Button>
        </div>
      )}
    </div>
  );
}
