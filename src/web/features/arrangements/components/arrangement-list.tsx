import { RotateCw } from 'lucide-react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';
import { ArrangementCard } from './arrangement-card';
import { isOpenArrangement } from './arrangement-format';
import { useArrangements } from '../api/arrangements-api';

/** Every arrangement of the viewer: those going on first, then declined and ended ones. */
export function ArrangementList({
  isCarer,
  headingLevel = 2,
  enabled = true,
}: {
  isCarer: boolean;
  headingLevel?: 2 | 3;
  enabled?: boolean;
}) {
  const arrangements = useArrangements({ enabled, live: true });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  let body;
  if (arrangements.isPending) {
    body = (
      <div role="status">
        <span className="sr-only">Loading your arrangements</span>
        <Skeleton className="h-40" />
      </div>
    );
  } else if (arrangements.isError) {
    body = (
      <Alert variant="destructive" role="alert" className="flex-col items-start">
        <p>{errorMessage(arrangements.error, 'We could not load your arrangements. Please try again.')}</p>
        <Button variant="outline" size="sm" onClick={() => void arrangements.refetch()}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </Alert>
    );
  } else if (arrangements.data.items.length === 0) {
    body = (
      <p className="rounded-lg border border-dashed border-border px-4 py-6 text-sm text-muted-foreground">
        {isCarer
          ? 'No care arrangements yet. A family proposes one from your conversation with them.'
          : 'No care arrangements yet. Propose one from your conversation with a carer: the days and times of the visits, the hourly rate and the tasks.'}
      </p>
    );
  } else {
    const items = [...arrangements.data.items].sort(
      (a, b) => Number(isOpenArrangement(b)) - Number(isOpenArrangement(a)),
    );
    body = (
      <ul className="grid gap-4">
        {items.map((arrangement) => (
          <li key={arrangement.id}>
            <ArrangementCard arrangement={arrangement} headingLevel={3} withConversationLink withPrintLink />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="arrangements-heading" className="grid gap-3">
      <Heading id="arrangements-heading" className="text-xl font-semibold">
        Care arrangements
      </Heading>
      {body}
    </section>
  );
}
