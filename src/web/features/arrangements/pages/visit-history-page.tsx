import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Printer } from 'lucide-react';

import { paths } from '@contracts/paths';
import { VisitHistoryList } from '@web/features/arrangements/components/visit-history';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/spinner';
import { endpoints } from '@contracts/endpoints';
import { errorMessage } from '@web/lib/api-client';
import { endpointQuery } from '@web/lib/query-keys';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/use-page-title';
import { CARE_ARRANGEMENTS_NAME } from '@contracts/site-texts';

/** How many past visits the page asks for at a time. */
const PAGE_SIZE = 20;

/**
 * /my-care/:id/history: every past visit of one arrangement with its times, notes and replies,
 * for both people to read or print (older visits a page at a time).
 */
export function VisitHistoryPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  usePageTitle('Visit history');
  const arrangement = useQuery(endpointQuery(endpoints.arrangements.getBookingsById, { params: { id } }));

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 print:max-w-none print:p-0">
      <Link
        to={paths.myCare}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline print:hidden"
      >
        <ArrowLeft aria-hidden="true" />
        {CARE_ARRANGEMENTS_NAME}
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Visit history</h1>
      {arrangement.isPending || !user ? (
        <PageSpinner />
      ) : arrangement.isError ? (
        <Alert variant="destructive" role="alert" className="mt-6">
          <p>{errorMessage(arrangement.error, 'We could not load this arrangement.')}</p>
        </Alert>
      ) : (
        <div className="mt-6 grid gap-6">
          <div className="grid gap-1">
            <p className="text-lg font-semibold">
              {arrangement.data.careFor
                ? `${arrangement.data.careFor}, with ${arrangement.data.partnerName}`
                : `With ${arrangement.data.partnerName}`}
            </p>
            <p className="text-sm text-muted-foreground">
              Newest first. All times are UK time. Check-in and check-out times are what the carer recorded;
              CareMatch records no locations.
            </p>
          </div>
          <Button className="w-fit print:hidden" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            Print
          </Button>
          <section aria-labelledby="visit-history-heading" className="grid gap-3">
            <h2 id="visit-history-heading" className="text-xl font-semibold">
              Past visits
            </h2>
            <VisitHistoryList
              arrangement={arrangement.data}
              isCarer={user.userType === 'carer'}
              pageSize={PAGE_SIZE}
              paged
              headingLevel={3}
            />
          </section>
        </div>
      )}
    </div>
  );
}
