import { PageSpinner } from '@web/components/ui/spinner';
import { ArrangementList } from '@web/features/arrangements/components/arrangement-list';
import { FamilyCoverAlerts, OnYourWay } from '@web/features/arrangements/components/cover';
import { VisitAgenda } from '@web/features/arrangements/components/visit-agenda';
import { PastVisits } from '@web/features/arrangements/components/visit-history';
import { WeekView } from '@web/features/arrangements/components/week-view';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/use-page-title';
import { CARE_ARRANGEMENTS_NAME } from '@contracts/site-texts';

/**
 * /my-care: the week at a glance, the arrangements agreed or proposed with carers, and the visits
 * of the coming weeks with any notice the carer sent. Carers reach the same from their dashboard.
 */
export function MyCarePage() {
  usePageTitle(CARE_ARRANGEMENTS_NAME);
  const { user } = useAuth();
  if (!user) return <PageSpinner />;
  const isCarer = user.userType === 'carer';
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{CARE_ARRANGEMENTS_NAME}</h1>
      <p className="mt-3 text-lg text-muted-foreground print:hidden">
        What you agreed with your carers, and when they come. You and your carer arrange the care between you;
        CareMatch keeps the record and reminds you both.
      </p>
      <div className="mt-8 grid gap-10">
        {isCarer ? <OnYourWay /> : <FamilyCoverAlerts />}
        <WeekView isCarer={isCarer} />
        {/* On paper, the week (the history and each arrangement have their own printable pages). */}
        <div className="grid gap-10 print:hidden">
          <VisitAgenda isCarer={isCarer} />
          <PastVisits isCarer={isCarer} />
          <ArrangementList isCarer={isCarer} />
        </div>
      </div>
    </div>
  );
}
