import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Printer } from 'lucide-react';

import { paths } from '@contracts/paths';
import { ArrangementTermsList } from '@web/features/arrangements/components/arrangement-card';
import {
  ARRANGEMENT_STATUS_LABELS,
  arrangementStanding,
} from '@web/features/arrangements/components/arrangement-format';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/spinner';
import { endpoints } from '@contracts/endpoints';
import { errorMessage } from '@web/lib/api-client';
import { endpointQuery } from '@web/lib/query-keys';
import { formatLongDateGB } from '@web/lib/format';
import { usePageTitle } from '@web/lib/use-page-title';
import { CARE_ARRANGEMENTS_NAME } from '@contracts/site-texts';

/** /my-care/:id/print: the terms in writing, for both sides to print or keep. */
export function ArrangementPrintPage() {
  const { id = '' } = useParams();
  usePageTitle('Care arrangement summary');
  const arrangement = useQuery(endpointQuery(endpoints.arrangements.getBookingsById, { params: { id } }));

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 print:max-w-none print:p-0">
      <Link
        to={paths.myCare}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline print:hidden"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {CARE_ARRANGEMENTS_NAME}
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Care arrangement summary</h1>
      {arrangement.isPending ? (
        <PageSpinner />
      ) : arrangement.isError ? (
        <Alert variant="destructive" role="alert" className="mt-6">
          <p>{errorMessage(arrangement.error, 'We could not load this arrangement.')}</p>
        </Alert>
      ) : (
        <div className="mt-6 grid gap-6">
          <div className="grid gap-1">
            <p className="text-lg font-semibold">{`With ${arrangement.data.partnerName}`}</p>
            <p className="text-sm">{`Status: ${ARRANGEMENT_STATUS_LABELS[arrangement.data.status]}. ${arrangementStanding(arrangement.data)}`}</p>
            <p className="text-sm text-muted-foreground">
              {`Last changed ${formatLongDateGB(arrangement.data.updatedAt)}. All times are UK time.`}
            </p>
          </div>
          <ArrangementTermsList arrangement={arrangement.data} />
          <p className="text-sm text-muted-foreground">
            CareMatch is an introductory service. The family and the carer agree and control the care between
            them; the family pays the carer directly. This page records what was agreed.
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
