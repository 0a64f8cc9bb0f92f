import { paths } from '@contracts/paths';
import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { useAuth } from '@web/lib/auth';
import { errorMessage } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/use-page-title';
import { canSaveCarers, useSavedCarers } from '../api/saved-carers';
import { CarerCard, CarerCardSkeleton } from '@web/features/carers';

const SEARCH_PATH = paths.carers;
const GRID = 'grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3';

function SavedCarersList() {
  const saved = useSavedCarers(true);

  if (saved.isPending) {
    return (
      <>
        <p role="status" className="sr-only">
          Loading saved carers...
        </p>
        <ul className={GRID}>
          {Array.from({ length: 2 }, (_, index) => (
            <li key={index} className="flex min-w-0">
              <CarerCardSkeleton />
            </li>
          ))}
        </ul>
      </>
    );
  }

  if (saved.isError) {
    return (
      <Alert variant="destructive" role="alert" className="flex-col items-start">
        <p>{errorMessage(saved.error, 'We could not load your saved carers. Please try again.')}</p>
        <Button variant="outline" size="sm" onClick={() => void saved.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  if (saved.data.items.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-lg border border-dashed border-border px-6 py-12 text-center">
        <Heart aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 className="mt-4 text-lg font-semibold">No saved carers yet</h2>
        <p className="mt-1 text-muted-foreground">
          Press the heart on a carer’s card to keep them here while you decide.
        </p>
        <Button asChild className="mt-6">
          <Link to={SEARCH_PATH}>Find carers</Link>
        </Button>
      </div>
    );
  }

  return (
    <ul className={GRID} aria-label="Saved carers">
      {saved.data.items.map((carer) => (
        <li key={carer.id} className="flex min-w-0">
          <CarerCard carer={carer} headingLevel="h2" />
        </li>
      ))}
    </ul>
  );
}

/** /saved: the signed-in customer's shortlist of carers. */
export function SavedCarersPage() {
  usePageTitle('Saved Carers');
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Saved Carers</h1>
      <p className="mt-2 mb-8 text-lg text-muted-foreground">The carers you have shortlisted.</p>
      {canSaveCarers(user) ? (
        <SavedCarersList />
      ) : (
        <p className="text-muted-foreground">Saving carers is for family accounts.</p>
      )}
    </div>
  );
}
